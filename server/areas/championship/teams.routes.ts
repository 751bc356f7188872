import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { notFound } from '../../http/errors'
import { moneyRoute, requestDeps } from '../../http/idempotency'
import { idField, idParams } from '../../http/ids'
import { errors, json, jsonBody } from '../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../http/router'
import { scoreRowsJson } from './history'
import { type ClassicTeamRow, classicTeamsOf, phasePlayers } from './queries'
import {
  ClassicTeamCreateRequest,
  ClassicTeamEditSchema,
  ClassicTeamRequest,
  ClassicTeamSchema,
  ClassicTeamScoreRowSchema,
  ClassicTeamScoreSchema,
} from './schemas'
import { classicTeamJson, editJson, standingOf } from './serialize'
import { createClassicTeam, ownClassicTeam, updateClassicTeam } from './service'
import { visibleClassicTeam } from './visibility'

const idParam = idParams('id')
const one = z.object({ classic_team: ClassicTeamSchema })

const postChampionshipClassicTeamsRoute = createRoute({
  method: 'post',
  path: '/api/championship/classic_teams',
  tags: ['Championship'],
  summary: 'Create my team for a series phase',
  description:
    'One per user per phase (409 CLASSIC_TEAM_EXISTS), until the phase’s last match starts (409 EVENT_LOCKED). The daily-fantasy team rules with the phase’s players and 100 credits: 422 names every rule broken (`errors.rules`), a player outside the phase included.',
  security: bearerSecurity,
  request: { body: jsonBody(ClassicTeamCreateRequest) },
  responses: { 201: json(one, 'Created'), ...errors(401, 404, 409, 422) },
})

const getChampionshipClassicTeamsRoute = createRoute({
  method: 'get',
  path: '/api/championship/classic_teams',
  tags: ['Championship'],
  summary: 'My classic teams (of one phase with `phase_id`)',
  security: bearerSecurity,
  request: { query: z.object({ phase_id: idField().optional() }) },
  responses: {
    200: json(z.object({ classic_teams: z.array(ClassicTeamSchema) }), 'Teams'),
    ...errors(401, 422),
  },
})

const getChampionshipClassicTeamsByIdRoute = createRoute({
  method: 'get',
  path: '/api/championship/classic_teams/{id}',
  tags: ['Championship'],
  summary: 'One classic team',
  description:
    'Mine always (as saved); another user’s after its first lock, as it stood at its last lock (404 before).',
  security: bearerSecurity,
  request: { params: idParam },
  responses: { 200: json(one, 'The team'), ...errors(401, 404, 422) },
})

const getChampionshipClassicTeamsByIdEditRoute = createRoute({
  method: 'get',
  path: '/api/championship/classic_teams/{id}/edit',
  tags: ['Championship'],
  summary: 'What the team builder needs to change my team',
  description:
    '`free_transfers`/`paid_transfers` are what is left after the saved team ("∞" before the first lock); `free_at_lock` and `last_lock_player_ids` let the builder count transfers as players change. Another user’s team is 404.',
  security: bearerSecurity,
  request: { params: idParam },
  responses: {
    200: json(z.object({ classic_team: ClassicTeamEditSchema }), 'Edit data'),
    ...errors(401, 404, 422),
  },
})

const getChampionshipClassicTeamsByIdScoreRoute = createRoute({
  method: 'get',
  path: '/api/championship/classic_teams/{id}/score',
  tags: ['Championship'],
  summary: 'A classic team’s phase score and rank (live)',
  security: bearerSecurity,
  request: { params: idParam },
  responses: {
    200: json(z.object({ classic_team_score: ClassicTeamScoreSchema }), 'Score'),
    ...errors(401, 404, 422),
  },
})

const getChampionshipClassicTeamsByIdHistoryRoute = createRoute({
  method: 'get',
  path: '/api/championship/classic_teams/{id}/history',
  tags: ['Championship'],
  summary: 'A classic team’s match rows: score, captain, players in and out, transfers used',
  description: 'The owner’s, or anyone’s after the team’s first lock (404 before).',
  security: bearerSecurity,
  request: { params: idParam },
  responses: {
    200: json(z.object({ classic_team_scores: z.array(ClassicTeamScoreRowSchema) }), 'Rows'),
    ...errors(401, 404, 422),
  },
})

const getChampionshipClassicTeamScoresByIdRoute = createRoute({
  method: 'get',
  path: '/api/championship/classic_team_scores/{id}',
  tags: ['Championship'],
  summary: 'One match row of a classic team, with every player’s points',
  description: 'Rows exist from the match’s lock on, when the team is public.',
  security: bearerSecurity,
  request: { params: idParam },
  responses: {
    200: json(z.object({ classic_team_score: ClassicTeamScoreRowSchema }), 'The row'),
    ...errors(401, 404, 422),
  },
})

const putChampionshipClassicTeamsByIdRoute = (deps: Deps) =>
  moneyRoute(deps, {
    method: 'put',
    path: '/api/championship/classic_teams/{id}',
    tags: ['Championship'],
    summary: 'Change my team (transfers, captain, vice-captain)',
    description:
      'Transfers count against the team at its last lock: too many → 422 (`too_many_transfers`, e.g. "transfers: 3 used, 2 free + 0 paid left"); paid ones the balance cannot cover → 409 INSUFFICIENT_BALANCE (they are charged when the next match locks). Captain and vice-captain changes are free. 409 EVENT_LOCKED after the phase’s last match started; 404 for another user’s team.',
    security: bearerSecurity,
    request: { params: idParam, body: jsonBody(ClassicTeamRequest) },
    responses: { 200: json(one, 'Updated'), ...errors(401, 404, 409, 422) },
  })

// Long: seven short handlers of classic teams; their definitions are above.
export function championshipTeamRoutes(deps: Deps) {
  const app = createRouter()

  const teamJson = async (team: ClassicTeamRow, viewerId: number, db: Deps['db'] = deps.db) =>
    classicTeamJson(db, team, await phasePlayers(db, team.phase_id), viewerId, deps.clock.now())

  app.openapi(postChampionshipClassicTeamsRoute, async (c) => {
    const me = currentUser(c)
    const { phase_id, ...input } = c.req.valid('json')
    const team = await createClassicTeam(deps, me.id, phase_id, input)
    return c.json({ classic_team: await teamJson(team, me.id) }, 201)
  })

  // Paid transfers are charged when the next match locks; the change that commits to them is
  // declared money-moving all the same.
  app.openapi(putChampionshipClassicTeamsByIdRoute(deps), async (c) => {
    const me = currentUser(c)
    const d = requestDeps(c, deps)
    const team = await updateClassicTeam(d, me.id, c.req.valid('param').id, c.req.valid('json'))
    return c.json({ classic_team: await teamJson(team, me.id, d.db) }, 200)
  })

  app.openapi(getChampionshipClassicTeamsRoute, async (c) => {
    const me = currentUser(c)
    const { phase_id } = c.req.valid('query')
    const out = []
    for (const team of await classicTeamsOf(deps.db, me.id, phase_id)) out.push(await teamJson(team, me.id))
    return c.json({ classic_teams: out }, 200)
  })

  app.openapi(getChampionshipClassicTeamsByIdRoute, async (c) => {
    const me = currentUser(c)
    const team = await visibleClassicTeam(deps, me.id, c.req.valid('param').id)
    return c.json({ classic_team: await teamJson(team, me.id) }, 200)
  })

  app.openapi(getChampionshipClassicTeamsByIdEditRoute, async (c) => {
    const me = currentUser(c)
    const team = await ownClassicTeam(deps, me.id, c.req.valid('param').id)
    return c.json(
      { classic_team: await editJson(deps.db, team, await phasePlayers(deps.db, team.phase_id)) },
      200,
    )
  })

  app.openapi(getChampionshipClassicTeamsByIdScoreRoute, async (c) => {
    const me = currentUser(c)
    const team = await visibleClassicTeam(deps, me.id, c.req.valid('param').id)
    const s = await standingOf(deps.db, team)
    return c.json(
      {
        classic_team_score: {
          classic_team_id: team.id,
          score: s.scoreX2 / 2,
          rank: s.rank,
          live_match: s.live ? { id: s.live.matchId, score: s.live.scoreX2 / 2 } : null,
        },
      },
      200,
    )
  })

  app.openapi(getChampionshipClassicTeamsByIdHistoryRoute, async (c) => {
    const me = currentUser(c)
    const team = await visibleClassicTeam(deps, me.id, c.req.valid('param').id)
    return c.json({ classic_team_scores: await scoreRowsJson(deps.db, { classicTeamId: team.id }) }, 200)
  })

  app.openapi(getChampionshipClassicTeamScoresByIdRoute, async (c) => {
    currentUser(c)
    const [row] = await scoreRowsJson(deps.db, { rowId: c.req.valid('param').id })
    if (!row) throw notFound('Classic team score')
    return c.json({ classic_team_score: row }, 200)
  })

  return app
}
