import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { notFound } from '../../http/errors'
import { moneyRoute, requestDeps } from '../../http/idempotency'
import { idField, idParams } from '../../http/ids'
import { errors, json, jsonBody } from '../../http/responses'
import { routesOn } from '../../http/route'
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

// Long: a route factory, one short registration per route.
export function championshipTeamRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Championship'])

  const teamJson = async (team: ClassicTeamRow, viewerId: number, db: Deps['db'] = deps.db) =>
    classicTeamJson(db, team, await phasePlayers(db, team.phase_id), viewerId, deps.clock.now())

  route.post(
    '/api/championship/classic_teams',
    {
      summary: 'Create my team for a series phase',
      description:
        'One per user per phase (409 CLASSIC_TEAM_EXISTS), until the phase’s last match starts (409 EVENT_LOCKED). The daily-fantasy team rules with the phase’s players and 100 credits: 422 names every rule broken (`errors.rules`), a player outside the phase included.',
      auth: true,
      body: ClassicTeamCreateRequest,
      responses: { 201: json(one, 'Created') },
      errors: [404, 409, 422],
    },
    async (c, me) => {
      const { phase_id, ...input } = c.req.valid('json')
      const team = await createClassicTeam(deps, me.id, phase_id, input)
      return c.json({ classic_team: await teamJson(team, me.id) }, 201)
    },
  )

  // Paid transfers are charged when the next match locks; the change that commits to them is
  // declared money-moving all the same.
  app.openapi(putChampionshipClassicTeamsByIdRoute(deps), async (c) => {
    const me = currentUser(c)
    const d = requestDeps(c, deps)
    const team = await updateClassicTeam(d, me.id, c.req.valid('param').id, c.req.valid('json'))
    return c.json({ classic_team: await teamJson(team, me.id, d.db) }, 200)
  })

  route.get(
    '/api/championship/classic_teams',
    {
      summary: 'My classic teams (of one phase with `phase_id`)',
      auth: true,
      query: z.object({ phase_id: idField().optional() }),
      ok: json(z.object({ classic_teams: z.array(ClassicTeamSchema) }), 'Teams'),
      errors: [422],
    },
    async (c, me) => {
      const { phase_id } = c.req.valid('query')
      const out = []
      for (const team of await classicTeamsOf(deps.db, me.id, phase_id)) out.push(await teamJson(team, me.id))
      return c.json({ classic_teams: out }, 200)
    },
  )

  route.get(
    '/api/championship/classic_teams/{id}',
    {
      summary: 'One classic team',
      description:
        'Mine always (as saved); another user’s after its first lock, as it stood at its last lock (404 before).',
      auth: true,
      params: idParam,
      ok: json(one, 'The team'),
      errors: [404, 422],
    },
    async (c, me) => {
      const team = await visibleClassicTeam(deps, me.id, c.req.valid('param').id)
      return c.json({ classic_team: await teamJson(team, me.id) }, 200)
    },
  )

  route.get(
    '/api/championship/classic_teams/{id}/edit',
    {
      summary: 'What the team builder needs to change my team',
      description:
        '`free_transfers`/`paid_transfers` are what is left after the saved team ("∞" before the first lock); `free_at_lock` and `last_lock_player_ids` let the builder count transfers as players change. Another user’s team is 404.',
      auth: true,
      params: idParam,
      ok: json(z.object({ classic_team: ClassicTeamEditSchema }), 'Edit data'),
      errors: [404, 422],
    },
    async (c, me) => {
      const team = await ownClassicTeam(deps, me.id, c.req.valid('param').id)
      return c.json(
        { classic_team: await editJson(deps.db, team, await phasePlayers(deps.db, team.phase_id)) },
        200,
      )
    },
  )

  route.get(
    '/api/championship/classic_teams/{id}/score',
    {
      summary: 'A classic team’s phase score and rank (live)',
      auth: true,
      params: idParam,
      ok: json(z.object({ classic_team_score: ClassicTeamScoreSchema }), 'Score'),
      errors: [404, 422],
    },
    async (c, me) => {
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
    },
  )

  route.get(
    '/api/championship/classic_teams/{id}/history',
    {
      summary: 'A classic team’s match rows: score, captain, players in and out, transfers used',
      description: 'The owner’s, or anyone’s after the team’s first lock (404 before).',
      auth: true,
      params: idParam,
      ok: json(z.object({ classic_team_scores: z.array(ClassicTeamScoreRowSchema) }), 'Rows'),
      errors: [404, 422],
    },
    async (c, me) => {
      const team = await visibleClassicTeam(deps, me.id, c.req.valid('param').id)
      return c.json({ classic_team_scores: await scoreRowsJson(deps.db, { classicTeamId: team.id }) }, 200)
    },
  )

  route.get(
    '/api/championship/classic_team_scores/{id}',
    {
      summary: 'One match row of a classic team, with every player’s points',
      description: 'Rows exist from the match’s lock on, when the team is public.',
      auth: true,
      params: idParam,
      ok: json(z.object({ classic_team_score: ClassicTeamScoreRowSchema }), 'The row'),
      errors: [404, 422],
    },
    async (c) => {
      currentUser(c)
      const [row] = await scoreRowsJson(deps.db, { rowId: c.req.valid('param').id })
      if (!row) throw notFound('Classic team score')
      return c.json({ classic_team_score: row }, 200)
    },
  )

  return app
}
