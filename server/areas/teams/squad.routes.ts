import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { idField, idParams } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { idParam, PlayerSchema, requireMatch } from '../matches'
import { teamBreakdown } from './breakdown'
import { matchSelection } from './selection'
import { isMatchLocked } from './service'
import { matchPlayers } from './squad'
import { visibleTeam } from './visibility'

const share = (what: string) =>
  z
    .number()
    .nullable()
    .openapi({ description: `Share of the match's teams ${what}, 0–100; null before the lock` })

const Line = z.object({ rule: z.string(), label: z.string(), points: z.number() })

const TeamBreakdownSchema = z
  .object({
    team_id: z.number().int(),
    match_id: z.number().int(),
    locked: z.boolean(),
    teams_count: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Teams of the match; null before the lock' }),
    total_points: z.number(),
    players: z.array(
      z.object({
        player_id: z.number().int(),
        name: z.string(),
        role: z.enum(['captain', 'vice_captain']).nullable(),
        selected_by: share('that picked the player'),
        captain_by: share('that made the player captain'),
        vice_captain_by: share('that made the player vice-captain'),
        base_points: z.number().int(),
        multiplier: z.number(),
        points: z.number(),
        lines: z.array(Line).openapi({
          description: "Points by rule of the point system, then the leader's bonus; they sum to `points`",
        }),
      }),
    ),
  })
  .openapi('TeamBreakdown')

/**
 * A match's squad with live points and how often each player was picked, and the viewer's
 * team when asked: it reads the live board (scoring) and the team rule (teams), so it lives
 * above both, mounted beside the match routes.
 */
// Long: a route factory, one short registration per route.
export function matchSquadRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Matches'])

  route.get(
    '/api/matches/{id}/players',
    {
      summary: 'The match squad',
      description:
        'Every player of the match with this match’s credit value, side, lineup flag and points so far. With `user_team_id` (one of your teams, or anyone’s after the start) the answer also names its players, captain and vice-captain.',
      params: idParam,
      query: z.object({ user_team_id: idField().optional() }),
      ok: json(
        z.object({
          players: z.array(PlayerSchema),
          user_team: z
            .object({
              id: z.number().int(),
              player_ids: z.array(z.number().int()),
              captain: z.number().int(),
              vice_captain: z.number().int(),
            })
            .nullable(),
        }),
        'Players',
      ),
      errors: [404],
    },
    async (c) => {
      const match = await requireMatch(deps.db, c.req.valid('param').id)
      const viewerId = c.get('user')?.id ?? null
      return c.json(await matchPlayers(deps, match, viewerId, c.req.valid('query').user_team_id), 200)
    },
  )

  route.get(
    '/api/matches/{id}/selection',
    {
      summary: 'How often each player was picked, made captain and vice-captain',
      description:
        'Across every team of the match, from its start on. Before the start the list is empty: it would tell other players’ picks.',
      params: idParam,
      ok: json(
        z.object({
          selection: z.object({
            locked: z.boolean(),
            teams_count: z.number().int().nullable(),
            players: z.array(
              z.object({
                player_id: z.number().int(),
                selected_by: z.number(),
                captain_by: z.number(),
                vice_captain_by: z.number(),
              }),
            ),
          }),
        }),
        'Selection',
      ),
      errors: [404],
    },
    async (c) => {
      const match = await requireMatch(deps.db, c.req.valid('param').id)
      if (!isMatchLocked(match, deps.clock.now()))
        return c.json({ selection: { locked: false, teams_count: null, players: [] } }, 200)
      const { teams, players } = await matchSelection(deps.db, match.id)
      const list = [...players].map(([player_id, s]) => ({ player_id, ...s }))
      return c.json({ selection: { locked: true, teams_count: teams, players: list } }, 200)
    },
  )

  route.get(
    '/api/matches/{match_id}/user_teams/{id}/breakdown',
    {
      summary: 'A team’s points by player and event, with selection shares',
      description:
        'Each player’s points by rule of the point system and the captain’s or vice-captain’s bonus, summing to what the team gets; from the start on, how often each was picked and made captain or vice-captain. Visible as the team is (yours always, anyone’s from the start).',
      auth: true,
      params: idParams('match_id', 'id'),
      ok: json(z.object({ breakdown: TeamBreakdownSchema }), 'The breakdown'),
      errors: [404],
    },
    async (c, me) => {
      const { match_id, id } = c.req.valid('param')
      const { team, match } = await visibleTeam(deps, me.id, match_id, id)
      return c.json({ breakdown: await teamBreakdown(deps, team, match) }, 200)
    },
  )

  return app
}
