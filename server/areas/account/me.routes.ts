import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { answerFromCache, cachedJson, type Reads, readKey } from '../../http/answer-cache'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentUser } from '../../http/router'
import { requireUser } from '../users'
import { listAvatars, serializeMe, updateMe } from './me'
import { AvatarSchema, MeSchema, UpdateMeRequest } from './schemas'

/** What GET /api/me reads (tests/api/http/cached-reads-tables.test.ts checks it). */
const ME_READS: Reads = [
  'users',
  'contest_members',
  'user_teams',
  'ledger_accounts',
  'ledger_entries',
  'bank_details',
  'bhim_upis',
  'game_accounts',
  'scratch_cards',
]

export function meRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Me'])

  route.get(
    '/api/me',
    {
      summary: 'The signed-in user',
      description: 'Balances come from the ledger: `current_balance` = unused + winnings (rupees).',
      auth: true,
      middleware: [answerFromCache(deps)],
      ok: json(z.object({ user: MeSchema }), 'The current user'),
    },
    async (c) => {
      const id = currentUser(c).id
      // Nothing in it depends on the clock: it holds until the next commit (answer-cache.ts).
      return cachedJson(c, deps, readKey(c), ME_READS, async () => {
        const user = await requireUser(deps.db, id)
        return { body: { user: await serializeMe(deps.db, user) } }
      })
    },
  )

  route.put(
    '/api/me',
    {
      summary: 'Update profile and settings',
      description:
        'Any of the fields. Changing the password needs `current_password`. `interests` are sport slugs; `avatar_id` comes from GET /api/avatars.',
      auth: true,
      body: UpdateMeRequest,
      ok: json(z.object({ user: MeSchema }), 'The updated user'),
      errors: [400, 422],
    },
    async (c) => {
      const user = await updateMe(deps, currentUser(c).id, c.req.valid('json'))
      return c.json({ user: await serializeMe(deps.db, user) }, 200)
    },
  )

  route.get(
    '/api/avatars',
    {
      summary: 'Avatars to choose from',
      ok: json(z.object({ avatars: z.array(AvatarSchema) }), 'Avatars'),
    },
    async (c) => {
      return c.json({ avatars: await listAvatars(deps.db) }, 200)
    },
  )

  return app
}
