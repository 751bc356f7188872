import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { idField, idParams } from '../../http/ids'
import { pagingQuery, toPage } from '../../http/paging'
import { errors, json } from '../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../http/router'
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

const getChampionshipSeriesPhasesRoute = createRoute({
  method: 'get',
  path: '/api/championship/series_phases',
  tags: ['Championship'],
  summary: 'Series phases (championships), with my team, transfer windows and prizes',
  description: 'Without `series_id`, the phases of every series, soonest first.',
  security: bearerSecurity,
  request: { query: z.object({ series_id: idField().optional() }) },
  responses: {
    200: json(z.object({ series_phases: z.array(SeriesPhaseSchema) }), 'Phases'),
    ...errors(401, 422),
  },
})

const getChampionshipSeriesPhasesByIdRoute = createRoute({
  method: 'get',
  path: '/api/championship/series_phases/{id}',
  tags: ['Championship'],
  summary: 'One series phase',
  security: bearerSecurity,
  request: { params: idParam },
  responses: {
    200: json(z.object({ series_phase: SeriesPhaseSchema }), 'The phase'),
    ...errors(401, 404, 422),
  },
})

const getChampionshipSeriesPhasesByIdPlayersRoute = createRoute({
  method: 'get',
  path: '/api/championship/series_phases/{id}/players',
  tags: ['Championship'],
  summary: 'The players of a phase, with per-fixture filters',
  description:
    'With `classic_team_id`, `selected` marks that team’s players (the owner’s saved team; another user’s team as it stood at its last lock, 404 before its first).',
  security: bearerSecurity,
  request: { params: idParam, query: z.object({ classic_team_id: idField().optional() }) },
  responses: {
    200: json(
      z.object({ players: z.array(PhasePlayerSchema), filters: PhaseFiltersSchema }),
      'Players and filters',
    ),
    ...errors(401, 404, 422),
  },
})

const getChampionshipSeriesPhasesByIdLeaderboardRoute = createRoute({
  method: 'get',
  path: '/api/championship/series_phases/{id}/leaderboard',
  tags: ['Championship'],
  summary: 'The phase leaderboard (live while a phase match is being played)',
  description: 'Teams that have played at least one match, best first (competition ranking: 1, 2, 2, 4).',
  security: bearerSecurity,
  request: { params: idParam, query: pagingQuery(20, 200) },
  responses: { 200: json(LeaderboardSchema, 'Leaderboard'), ...errors(401, 404, 422) },
})

const getChampionshipSeriesPhasesByIdResultsRoute = createRoute({
  method: 'get',
  path: '/api/championship/series_phases/{id}/results',
  tags: ['Championship'],
  summary: 'My team’s match rows in a phase',
  security: bearerSecurity,
  request: { params: idParam },
  responses: {
    200: json(z.object({ classic_team_scores: z.array(ClassicTeamScoreRowSchema) }), 'Rows'),
    ...errors(401, 404, 422),
  },
})

export function championshipPhaseRoutes(deps: Deps) {
  const app = createRouter()

  const requirePhase = (id: number) => requirePhaseOf(deps, id)

  app.openapi(getChampionshipSeriesPhasesRoute, async (c) => {
    const me = currentUser(c)
    const { series_id } = c.req.valid('query')
    const phases = await phasesOf(deps.db, series_id)
    return c.json({ series_phases: await phasesJson(deps.db, phases, me.id, deps.clock.now()) }, 200)
  })

  app.openapi(getChampionshipSeriesPhasesByIdRoute, async (c) => {
    const me = currentUser(c)
    const phase = await requirePhase(c.req.valid('param').id)
    const [json] = await phasesJson(deps.db, [phase], me.id, deps.clock.now())
    return c.json({ series_phase: json as NonNullable<typeof json> }, 200)
  })

  app.openapi(getChampionshipSeriesPhasesByIdPlayersRoute, async (c) => {
    const me = currentUser(c)
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
  })

  app.openapi(getChampionshipSeriesPhasesByIdLeaderboardRoute, async (c) => {
    const page = toPage(c.req.valid('query'))
    return c.json(await phaseLeaderboard(deps, c.req.valid('param').id, currentUser(c).id, page), 200)
  })

  app.openapi(getChampionshipSeriesPhasesByIdResultsRoute, async (c) => {
    const rows = await myPhaseResults(deps, c.req.valid('param').id, currentUser(c).id)
    return c.json({ classic_team_scores: rows }, 200)
  })

  return app
}
