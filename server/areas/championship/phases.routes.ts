import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { cachedJson, type Reads, readKey } from '../../http/answer-cache'
import { idField, idParams } from '../../http/ids'
import { pagingQuery, toPage } from '../../http/paging'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentUser } from '../../http/router'
import { phaseFilters } from '../matches'
import { myPhaseResults, phaseLeaderboard, requirePhase as requirePhaseOf } from './leaderboard'
import { selectedIdsFor } from './players'
import { phasePlayers, phasesOf } from './queries'
import {
  ClassicTeamScoreRowSchema,
  LeaderboardSchema,
  PhaseFiltersSchema,
  PhasePlayerSchema,
  SeriesPhaseSchema,
} from './schemas'
import { phasePlayerJson, phasesJson } from './serialize'

const idParam = idParams('id')

// Long: a route factory, one short registration per route.

/** What the answer reads (tests/api/http/cached-reads-tables.test.ts checks it). */
const PHASE_LEADERBOARD_READS: Reads = [
  'avatars',
  'classic_team_scores',
  'classic_teams',
  'matches',
  'player_match_scores',
  'series',
  'series_phases',
  'sports',
  'users',
]

// Long: a route factory, one short registration per route
export function championshipPhaseRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Championship'])

  const requirePhase = (id: number) => requirePhaseOf(deps, id)

  route.get(
    '/api/championship/series_phases',
    {
      summary: 'Series phases (championships), with my team, transfer windows and prizes',
      description: 'Without `series_id`, the phases of every series, soonest first.',
      auth: true,
      query: z.object({ series_id: idField().optional() }),
      ok: json(z.object({ series_phases: z.array(SeriesPhaseSchema) }), 'Phases'),
      errors: [422],
    },
    async (c, me) => {
      const { series_id } = c.req.valid('query')
      const phases = await phasesOf(deps.db, series_id)
      return c.json({ series_phases: await phasesJson(deps.db, phases, me.id, deps.clock.now()) }, 200)
    },
  )

  route.get(
    '/api/championship/series_phases/{id}',
    {
      summary: 'One series phase',
      auth: true,
      params: idParam,
      ok: json(z.object({ series_phase: SeriesPhaseSchema }), 'The phase'),
      errors: [404, 422],
    },
    async (c, me) => {
      const phase = await requirePhase(c.req.valid('param').id)
      const [json] = await phasesJson(deps.db, [phase], me.id, deps.clock.now())
      return c.json({ series_phase: json as NonNullable<typeof json> }, 200)
    },
  )

  route.get(
    '/api/championship/series_phases/{id}/players',
    {
      summary: 'The players of a phase, with per-fixture filters',
      description:
        'With `classic_team_id`, `selected` marks that team’s players (the owner’s saved team; another user’s team as it stood at its last lock, 404 before its first).',
      auth: true,
      params: idParam,
      query: z.object({ classic_team_id: idField().optional() }),
      ok: json(
        z.object({ players: z.array(PhasePlayerSchema), filters: PhaseFiltersSchema }),
        'Players and filters',
      ),
      errors: [404, 422],
    },
    async (c, me) => {
      const phase = await requirePhase(c.req.valid('param').id)
      const selected = await selectedIdsFor(deps, me.id, phase.id, c.req.valid('query').classic_team_id)
      const players = await phasePlayers(deps.db, phase.id)
      return c.json(
        {
          players: players.map((p) => phasePlayerJson(p, selected.has(p.id))),
          filters: await phaseFilters(deps, phase.id),
        },
        200,
      )
    },
  )

  route.get(
    '/api/championship/series_phases/{id}/leaderboard',
    {
      summary: 'The phase leaderboard (live while a phase match is being played)',
      description:
        'Teams that have played at least one match, best first (competition ranking: 1, 2, 2, 4). Public like the phase itself (docs/visibility.md): every team on it has locked, and a locked team is anyone’s to see; `current_user_classic_team` is the caller’s own line, null when signed out.',
      params: idParam,
      query: pagingQuery(20, 200),
      ok: json(LeaderboardSchema, 'Leaderboard'),
      errors: [404, 422],
    },
    // Kept per viewer until a table it reads changes (http/answer-cache.ts): during a phase
    // match every ball writes the scores it ranks, and the next read ranks afresh.
    async (c) =>
      cachedJson(c, deps, readKey(c), PHASE_LEADERBOARD_READS, async () => ({
        body: await phaseLeaderboard(
          deps,
          c.req.valid('param').id,
          c.get('user')?.id ?? null,
          toPage(c.req.valid('query')),
        ),
      })),
  )

  route.get(
    '/api/championship/series_phases/{id}/results',
    {
      summary: 'My team’s match rows in a phase',
      auth: true,
      params: idParam,
      ok: json(z.object({ classic_team_scores: z.array(ClassicTeamScoreRowSchema) }), 'Rows'),
      errors: [404, 422],
    },
    async (c) => {
      const rows = await myPhaseResults(deps, c.req.valid('param').id, currentUser(c).id)
      return c.json({ classic_team_scores: rows }, 200)
    },
  )

  return app
}
