import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { codeLookupLimit } from '../../http/code-lookup'
import { linkBaseOf } from '../../http/public-url'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { serializeMe } from './me'
import { MeSchema, RegisterRequest } from './schemas'
import { registerUser } from './sign-up'

/** Sign-up (mounted just before the users' own routes, where it always was). */
export function signUpRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Users'])

  route.post(
    '/api/users',
    {
      summary: 'Sign up',
      description:
        'Creates an active account that can sign in at once. A verification mail (with an activation link) goes to the local outbox.',
      middleware: [codeLookupLimit(deps, { body: 'ref_code' })],
      body: RegisterRequest,
      responses: { 201: json(z.object({ user: MeSchema }), 'Created') },
      errors: [400, 413, 422, 429],
    },
    async (c) => {
      const user = await registerUser(deps, c.req.valid('json'), await linkBaseOf(deps, c))
      return c.json({ user: await serializeMe(deps.db, user) }, 201)
    },
  )

  return app
}
