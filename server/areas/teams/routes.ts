import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { idField, idParams } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { MatchStatusSchema, matchSquad, PlayerSchema, pointsOf, requireMatch } from '../matches'
import { peekLive } from '../scoring'
import { teamsOf } from './queries'
import { createTeam, joinedTeamIds, teamJson, updateTeam } from './service'
import { visibleTeam } from './visibility'

const TeamPlayer = PlayerSchema.extend({
  is_captain: z.boolean(),
  is_vice_captain: z.boolean(),
  multiplier: z.number(),
})

export const UserTeamSchema = z
  .object({
    id: z.number().int(),
    team_no: z.number().int(),
    match_id: z.number().int(),
    match: z.object({ id: z.number().int(), sport_slug: z.string(), match_status: MatchStatusSchema }),
    user: z.object({ slug: z.string(), username: z.string(), team_name: z.string().nullable() }),
    captain: z.number().int(),
    vice_captain: z.number().int(),
    player_ids: z.string(),
    team_players: z.array(TeamPlayer),
    budget: z.number().openapi({ description: 'Credits used' }),
    credits_left: z.number(),
    points: z.number().nullable(),
    rank: z.number().int().nullable(),
    is_current_user_allowed_to_edit: z.boolean(),
    last_updated_at_in_millis: z.number().int(),
    created_at_in_millis: z.number().int(),
    joined: z.boolean().optional(),
  })
  .openapi('UserTeam')

const TeamRequest = z
  .strictObject({
    player_ids: z.union([z.string().min(1), z.array(idField()).min(1)]).openapi({
      description: 'Comma-joined player ids',
      example: '101,102,103,104,105,106,107,108,109,110,111',
    }),
    captain: idField(),
    vice_captain: idField(),
  })
  .openapi('UserTeamRequest')

const params = idParams('match_id')
const teamParams = idParams('match_id', 'id')

// Long: a route factory, one short registration per route.
export function teamRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Teams'])

  async function points(matchId: number, teamId: number) {
    // An abandoned match awards no points.
    if ((await requireMatch(deps.db, matchId)).status === 'abandoned')
      return { playerPoints: new Map(), totalX2: null }
    const live = await peekLive(deps, matchId)
    return {
      playerPoints: await pointsOf(deps, matchId),
      totalX2: live ? live.board.teamPointsX2(teamId) : null,
    }
  }

  route.get(
    '/api/matches/{match_id}/user_teams',
    {
      summary: 'My teams for a match',
      description: 'With `contest_id`, each team says whether it has joined that contest.',
      auth: true,
      params: params,
      query: z.object({ contest_id: idField().optional() }),
      ok: json(z.object({ user_teams: z.array(UserTeamSchema) }), 'Teams'),
      errors: [404],
    },
    async (c, me) => {
      const match = await requireMatch(deps.db, c.req.valid('param').match_id)
      const contestId = c.req.valid('query').contest_id
      const joined = contestId ? await joinedTeamIds(deps, contestId, me.id) : null
      const squad = await matchSquad(deps.db, match.id)
      const teams = await teamsOf(deps.db, me.id, match.id)
      const out = []
      for (const t of teams) {
        const json = await teamJson(deps, t, match, me.id, squad, await points(match.id, t.id))
        out.push(joined ? { ...json, joined: joined.has(t.id) } : json)
      }
      return c.json({ user_teams: out }, 200)
    },
  )

  route.get(
    '/api/matches/{match_id}/user_teams/{id}',
    {
      summary: 'One team',
      description: 'Your own teams always; anyone else’s only after the match has started (404 before).',
      auth: true,
      params: teamParams,
      ok: json(z.object({ user_team: UserTeamSchema }), 'The team'),
      errors: [404],
    },
    async (c, me) => {
      const { match_id, id } = c.req.valid('param')
      const { team, match } = await visibleTeam(deps, me.id, match_id, id)
      return c.json(
        { user_team: await teamJson(deps, team, match, me.id, undefined, await points(match.id, team.id)) },
        200,
      )
    },
  )

  route.post(
    '/api/matches/{match_id}/user_teams',
    {
      summary: 'Create a team',
      description:
        'Up to 4 teams per match, until it starts. 422 lists every rule the team breaks (messages per field, stable rule ids under `errors.rules`).',
      auth: true,
      params: params,
      body: TeamRequest,
      responses: { 201: json(z.object({ user_team: UserTeamSchema }), 'Created') },
      errors: [404, 409, 422],
    },
    async (c, me) => {
      const { match_id } = c.req.valid('param')
      const team = await createTeam(deps, me.id, match_id, c.req.valid('json'))
      const match = await requireMatch(deps.db, match_id)
      return c.json({ user_team: await teamJson(deps, team, match, me.id) }, 201)
    },
  )

  route.put(
    '/api/matches/{match_id}/user_teams/{id}',
    {
      summary: 'Change a team',
      auth: true,
      params: teamParams,
      body: TeamRequest,
      ok: json(z.object({ user_team: UserTeamSchema }), 'Updated'),
      errors: [404, 409, 422],
    },
    async (c, me) => {
      const { match_id, id } = c.req.valid('param')
      const team = await updateTeam(deps, me.id, match_id, id, c.req.valid('json'))
      const match = await requireMatch(deps.db, match_id)
      return c.json({ user_team: await teamJson(deps, team, match, me.id) }, 200)
    },
  )

  return app
}
