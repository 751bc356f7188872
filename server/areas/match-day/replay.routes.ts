import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { json, optionalJsonBody } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { idParam } from '../matches'
import { MAX_REPLAY_SPEED, startReplay } from './replay'

/** Admin: play a completed match again, live, as a new match (docs/snapshots.md, "Replay"). */
export function replayRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Admin'])
  route.post(
    '/api/admin/matches/{id}/replay',
    {
      summary: 'Replay a completed match live, as a fresh copy of it',
      description:
        'A new match with the same sides and squads goes live now; the stored events of match `id` are scored into it each at its moment, the original spacing divided by `speed` on the game clock. The copy completes after its last event. 409 MATCH_STATE when the match is not completed or has no events.',
      auth: true,
      params: idParam,
      requestBody: optionalJsonBody(
        z.strictObject({ speed: z.number().positive().max(MAX_REPLAY_SPEED).default(1) }),
      ),
      responses: {
        201: json(
          z.object({
            replay: z.object({
              match_id: z.number().int(),
              source_id: z.number().int(),
              events: z.number().int(),
              speed: z.number(),
              ends_at_in_millis: z.number().int(),
            }),
          }),
          'Replaying',
        ),
      },
      errors: [403, 404, 409, 422],
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const speed = c.req.valid('json')?.speed ?? 1
      return c.json({ replay: await startReplay(deps, id, speed) }, 201)
    },
  )
  return app
}
