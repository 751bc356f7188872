import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { idParam } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentUser } from '../../http/router'
import { readRoomDetails, setRoomDetails } from './rooms.service'

/** Room details of an esports contest (docs/esports.md "Room details"). */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9]{3,20}$/
/** Visible characters only: no spaces or control characters in a password typed into a game. */
export const ROOM_PASSWORD_PATTERN = /^[\x21-\x7E]{1,20}$/

const RoomDetailsSchema = z
  .object({
    room_id: z.string().nullable().openapi({ description: 'Null until the host sets it (host/admin only)' }),
    room_password: z.string().nullable(),
    reveal_at_in_millis: z.number().int().openapi({ description: 'starts_at − reveal_minutes' }),
    starts_at_in_millis: z.number().int(),
    set_at_in_millis: z.number().int().nullable(),
    is_host: z.boolean().openapi({ description: 'The caller is the host or an admin (may set them)' }),
  })
  .openapi('EsportsRoomDetails')

const RoomDetailsBody = z
  .strictObject({
    room_id: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be text') })
      .trim()
      .regex(ROOM_ID_PATTERN, { error: 'must be 3 to 20 letters or digits' })
      .openapi({ example: 'ROOM4471' }),
    room_password: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be text') })
      .trim()
      .regex(ROOM_PASSWORD_PATTERN, { error: 'must be 1 to 20 characters, without spaces' })
      .openapi({ example: 'x7k2' }),
  })
  .openapi('EsportsRoomDetailsInput')

export function esportsRoomRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Esports'])

  route.get(
    '/api/esports/contests/{id}/room_details',
    {
      summary: 'The custom room’s id and password',
      description:
        'The host and admins: always (null values until set). A member (not refunded): from the reveal time (`starts_at − reveal_minutes`) once the host has set them; before that a 404 whose message says when they appear. Anyone else: 404, as for a private contest they cannot see.',
      auth: true,
      params: idParam,
      ok: json(z.object({ room_details: RoomDetailsSchema }), 'The room details'),
      errors: [404, 422],
    },
    async (c) => {
      const details = await readRoomDetails(deps, currentUser(c), c.req.valid('param').id)
      return c.json({ room_details: details }, 200)
    },
  )

  route.put(
    '/api/esports/contests/{id}/room_details',
    {
      summary: 'Set or change the custom room’s id and password',
      description:
        'Host or admin (a member: 403; a stranger to a private contest: 404). Not on a cancelled or completed contest (409). Before the reveal they are kept for it; after it every member is notified and gets them live at once (`room` on EsportsContestChannel).',
      auth: true,
      params: idParam,
      body: RoomDetailsBody,
      ok: json(z.object({ room_details: RoomDetailsSchema }), 'The room details as stored'),
      errors: [403, 404, 409, 422],
    },
    async (c) => {
      const details = await setRoomDetails(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json'))
      return c.json({ room_details: details }, 200)
    },
  )

  return app
}
