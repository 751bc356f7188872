import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { idField } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { idParam, PlayerSchema } from '../matches'
import { phasePlayers } from './phase-players'

/**
 * A series phase's players with per-fixture filters, and `selected` for a championship team:
 * it reads the championship's teams, so it lives here, mounted beside the series routes.
 */
export function phasePlayerRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Matches'])

  route.get(
    '/api/series_phases/{id}/players',
    {
      summary: 'The players of a series phase, with per-fixture team filters',
      description:
        '`filters` lists the phase’s fixtures; each names the two sides whose players it shows. With `classic_team_id` (spec §7), `selected` marks that championship team’s players: yours as saved, another user’s as it stood at its last lock (404 before its first lock, or for a team of another phase).',
      params: idParam,
      query: z.object({ classic_team_id: idField().optional() }),
      ok: json(
        z.object({
          players: z.array(PlayerSchema.extend({ selected: z.boolean() })),
          filters: z.array(
            z.object({ id: z.number().int(), text: z.string(), team_ids: z.array(z.number().int()) }),
          ),
        }),
        'Players and filters',
      ),
      errors: [404],
    },
    async (c) => {
      const viewerId = c.get('user')?.id ?? null
      const teamId = c.req.valid('query').classic_team_id
      return c.json(await phasePlayers(deps, viewerId, c.req.valid('param').id, teamId), 200)
    },
  )

  return app
}
