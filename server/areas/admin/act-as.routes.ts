import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentAdmin } from '../../http/router'
import { issueActAsToken } from '../auth'
import { userByRef } from './service'

/**
 * POST /api/admin/users/{ref}/act_as: an admin takes a short-lived access token of a player
 * (`fanspole --as <username>`, docs/classroom.md). Players get 403 like every admin route.
 */
export function actAsRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Admin'])
  route.post(
    '/api/admin/users/{ref}/act_as',
    {
      summary: 'Act as a player: a 30-minute access token of theirs (audited)',
      description:
        '`ref` is the account’s id, e-mail address, slug or username. The answer is an access token only (no refresh token); each one is recorded in the audit table `admin_act_as`. Acting as another admin is refused (403), and as a disabled account (409).',
      auth: true,
      params: z.object({ ref: z.string().min(1).max(200) }),
      responses: {
        201: json(
          z.object({
            access_token: z.string(),
            token_type: z.literal('Bearer'),
            expires_in: z.number().int(),
            user: z.object({
              id: z.number().int(),
              username: z.string(),
              email: z.string(),
              role: z.enum(['player', 'admin']),
            }),
          }),
          'A token of the player',
        ),
      },
      errors: [403, 404, 409],
    },
    async (c) => {
      const admin = currentAdmin(c)
      const user = await userByRef(deps.db, c.req.valid('param').ref)
      const client = c.req.header('x-fanspole-client') === 'web' ? 'web' : 'cli'
      const token = await issueActAsToken(deps, admin, user, client)
      return c.json(
        { ...token, user: { id: user.id, username: user.username, email: user.email, role: user.role } },
        201,
      )
    },
  )
  return app
}
