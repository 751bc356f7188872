import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { notFound } from '../../http/errors'
import { idField, idParams } from '../../http/ids'
import { pageMeta, pagingQuery, toPage } from '../../http/paging'
import { errors, json } from '../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../http/router'
import { phaseFilters } from '../matches'
import { scoreRowsJson } from './history'
import { selectedIdsFor } from './players'
import { findPhase, phaseBase, phasePlayers } from './queries'
import {
  ClassicTeamScoreRowSchema,
  LeaderboardSchema,
  PhaseFiltersSchema,
  PhasePlayerSchema,
  SeriesPhaseSchema,
} from './schemas'
import { phaseStandings } from './scoring'
import { phasePlayerJson, phasesJson, userCard } from './serialize'

const idParam = idParams('id')

export function championshipPhaseRoutes(deps: Deps) {
  const app = createRouter()

  async function requirePhase(id: number) {
    const phase = await findPhase(deps.db, id)
    if (!phase) throw notFound('Phase')
    return phase
  }

  app.openapi(
    createRoute({
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
    }),
    async (c) => {
      const me = currentUser(c)
      const { series_id } = c.req.valid('query')
      let q = phaseBase(deps.db)
      if (series_id !== undefined) q = q.where('ph.series_id', '=', series_id)
      const phases = await q.orderBy('ph.starts_at_ms').orderBy('ph.phase_no').orderBy('ph.id').execute()
      return c.json({ series_phases: await phasesJson(deps.db, phases, me.id, deps.clock.now()) }, 200)
    },
  )

  app.openapi(
    createRoute({
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
    }),
    async (c) => {
      const me = currentUser(c)
      const phase = await requirePhase(c.req.valid('param').id)
      const [json] = await phasesJson(deps.db, [phase], me.id, deps.clock.now())
      return c.json({ series_phase: json as NonNullable<typeof json> }, 200)
    },
  )

  app.openapi(
    createRoute({
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
    }),
    async (c) => {
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
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/championship/series_phases/{id}/leaderboard',
      tags: ['Championship'],
      summary: 'The phase leaderboard (live while a phase match is being played)',
      description: 'Teams that have played at least one match, best first (competition ranking: 1, 2, 2, 4).',
      security: bearerSecurity,
      request: { params: idParam, query: pagingQuery(20, 200) },
      responses: { 200: json(LeaderboardSchema, 'Leaderboard'), ...errors(401, 404, 422) },
    }),
    async (c) => {
      const me = currentUser(c)
      const phase = await requirePhase(c.req.valid('param').id)
      const page = toPage(c.req.valid('query'))
      const board = await phaseStandings(deps.db, phase.id)
      const slice = board.slice(page.offset, page.offset + page.per_page)
      const mine = board.find((s) => s.userId === me.id)
      const shown = mine ? [...slice, mine] : slice
      const subs = shown.length
        ? await deps.db
            .selectFrom('classic_team_scores')
            .select([
              'classic_team_id',
              (eb) => eb.fn.sum<number>('free_sub_used').as('free'),
              (eb) => eb.fn.sum<number>('paid_sub_used').as('paid'),
            ])
            .where(
              'classic_team_id',
              'in',
              shown.map((s) => s.teamId),
            )
            .groupBy('classic_team_id')
            .execute()
        : []
      const sums = new Map(subs.map((s) => [s.classic_team_id, s]))
      const users = await userCard(
        deps.db,
        shown.map((s) => s.userId),
      )
      const row = (s: (typeof board)[number]) => {
        const u = users.get(s.userId)
        return {
          id: s.teamId,
          score: s.scoreX2 / 2,
          rank: s.rank,
          sum_free_sub_used: Number(sums.get(s.teamId)?.free ?? 0),
          sum_paid_sub_used: Number(sums.get(s.teamId)?.paid ?? 0),
          series_phase_id: phase.id,
          user: { id: s.userId, team_name: u?.team_name ?? null, image: u?.image ?? null },
        }
      }
      return c.json(
        {
          classic_teams: slice.map(row),
          current_user_classic_team: mine ? row(mine) : null,
          meta: pageMeta(page, board.length),
        },
        200,
      )
    },
  )

  app.openapi(
    createRoute({
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
    }),
    async (c) => {
      const me = currentUser(c)
      const phase = await requirePhase(c.req.valid('param').id)
      const mine = await deps.db
        .selectFrom('classic_teams')
        .select('id')
        .where('user_id', '=', me.id)
        .where('phase_id', '=', phase.id)
        .executeTakeFirst()
      const rows = mine ? await scoreRowsJson(deps.db, { classicTeamId: mine.id }) : []
      return c.json({ classic_team_scores: rows }, 200)
    },
  )

  return app
}
