import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { answerFromCache, cachedJson, readKey } from '../../http/answer-cache'
import { errors, json, jsonBody } from '../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../http/router'
import { requireUser } from '../users'
import { serializeMe, updateMe } from './me'
import { AvatarSchema, MeSchema, UpdateMeRequest } from './schemas'

export function meRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/me',
      tags: ['Me'],
      summary: 'The signed-in user',
      description: 'Balances come from the ledger: `current_balance` = unused + winnings (rupees).',
      security: bearerSecurity,
      middleware: [answerFromCache(deps)],
      responses: { 200: json(z.object({ user: MeSchema }), 'The current user'), ...errors(401) },
    }),
    async (c) => {
      const id = currentUser(c).id
      // Nothing in it depends on the clock: it holds until the next commit (answer-cache.ts).
      return cachedJson(c, deps, readKey(c), async () => {
        const user = await requireUser(deps.db, id)
        return { body: { user: await serializeMe(deps.db, user) } }
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/me',
      tags: ['Me'],
      summary: 'Update profile and settings',
      description:
        'Any of the fields. Changing the password needs `current_password`. `interests` are sport slugs; `avatar_id` comes from GET /api/avatars.',
      security: bearerSecurity,
      request: { body: jsonBody(UpdateMeRequest) },
      responses: { 200: json(z.object({ user: MeSchema }), 'The updated user'), ...errors(400, 401, 422) },
    }),
    async (c) => {
      const user = await updateMe(deps, currentUser(c).id, c.req.valid('json'))
      return c.json({ user: await serializeMe(deps.db, user) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/avatars',
      tags: ['Me'],
      summary: 'Avatars to choose from',
      responses: { 200: json(z.object({ avatars: z.array(AvatarSchema) }), 'Avatars') },
    }),
    async (c) => {
      const avatars = await deps.db
        .selectFrom('avatars')
        .select(['id', 'name', 'url'])
        .orderBy('sort')
        .orderBy('id')
        .execute()
      return c.json({ avatars }, 200)
    },
  )

  return app
}
