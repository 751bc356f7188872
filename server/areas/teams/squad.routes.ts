import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { notFound } from '../../http/errors'
import { idField } from '../../http/ids'
import { errors, json } from '../../http/responses'
import { createRouter } from '../../http/router'
import { matchSquad } from '../matches/queries'
import { idParam, PlayerSchema } from '../matches/schemas'
import { playerJson } from '../matches/serialize'
import { pointsOf, requireMatch } from '../matches/service'
import { peekLive } from '../scoring/live'
import { visibleTeam } from './visibility'

/**
 * A match's squad with live points and how often each player was picked, and the viewer's
 * team when asked: it reads the live board (scoring) and the team rule (teams), so it lives
 * above both, mounted beside the match routes.
 */
export function matchSquadRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/matches/{id}/players',
      tags: ['Matches'],
      summary: 'The match squad',
      description:
        'Every player of the match with this match’s credit value, side, lineup flag and points so far. With `user_team_id` (one of your teams, or anyone’s after the start) the answer also names its players, captain and vice-captain.',
      request: {
        params: idParam,
        query: z.object({ user_team_id: idField().optional() }),
      },
      responses: {
        200: json(
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
        ...errors(404),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const match = await requireMatch(deps.db, id)
      const squad = await matchSquad(deps.db, match.id)
      const points = await pointsOf(deps, match.id)
      const live = await peekLive(deps, match.id)
      const teams = live?.board.teamCount ?? 0
      let userTeam = null
      const teamId = c.req.valid('query').user_team_id
      if (teamId) {
        const viewer = c.get('user')
        if (!viewer) throw notFound('Team')
        const { team } = await visibleTeam(deps, viewer.id, match.id, teamId)
        userTeam = {
          id: team.id,
          player_ids: team.player_ids.split(',').map(Number),
          captain: team.captain_id,
          vice_captain: team.vice_captain_id,
        }
      }
      const players = squad.map((p) =>
        playerJson(p, {
          points: points.get(p.id) ?? null,
          selected_by:
            live && teams > 0 ? Math.round((live.board.selections(p.id) / teams) * 1000) / 10 : null,
        }),
      )
      return c.json({ players, user_team: userTeam }, 200)
    },
  )

  return app
}
