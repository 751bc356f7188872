import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { idField } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { idParam, PlayerSchema, requireMatch } from '../matches'
import { matchPlayers } from './squad'

/**
 * A match's squad with live points and how often each player was picked, and the viewer's
 * team when asked: it reads the live board (scoring) and the team rule (teams), so it lives
 * above both, mounted beside the match routes.
 */
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

  return app
}
