import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { USERNAME_PATTERN } from '../../domain/user-rules'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { searchUsers } from './people'
import { findUserByEmail, findUserByUsername } from './queries'
import { PublicUserSchema } from './schemas'
import { serializePublicUser, suggestedUsers } from './service'
import { visibleUser } from './visibility'

// Long: a route factory, one short registration per route.
export function userRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Users'])

  route.get(
    '/api/users/username_availability',
    {
      summary: 'Is a username free?',
      query: z.object({ username: z.string().min(1) }),
      ok: json(
        z.object({ username: z.string(), available: z.boolean(), valid: z.boolean() }),
        'Availability',
      ),
      errors: [422],
    },
    async (c) => {
      const { username } = c.req.valid('query')
      const valid = USERNAME_PATTERN.test(username.trim())
      const taken = valid ? await findUserByUsername(deps.db, username) : undefined
      return c.json({ username: username.trim(), valid, available: valid && !taken }, 200)
    },
  )

  route.post(
    '/api/users/new_user',
    {
      summary: 'Is this e-mail new?',
      description: 'Lets the sign-in screen choose between "log in" and "sign up" for an address.',
      body: z.strictObject({ email: z.email() }),
      ok: json(z.object({ email: z.string(), new_user: z.boolean() }), 'Lookup'),
      errors: [422],
    },
    async (c) => {
      const { email } = c.req.valid('json')
      const user = await findUserByEmail(deps.db, email)
      return c.json({ email: email.toLowerCase(), new_user: !user }, 200)
    },
  )

  route.get(
    '/api/users/suggestions',
    {
      summary: 'People to follow',
      auth: true,
      query: z.object({
        order: z.enum(['followers']).default('followers'),
        per_page: z.coerce.number().int().min(1).max(50).default(10),
      }),
      ok: json(z.object({ users: z.array(PublicUserSchema) }), 'Suggestions'),
    },
    async (c, me) => {
      const rows = await suggestedUsers(deps.db, me.id, c.req.valid('query').per_page)
      return c.json(
        { users: await Promise.all(rows.map((u) => serializePublicUser(deps.db, u, me.id))) },
        200,
      )
    },
  )

  route.get(
    '/api/users/search',
    {
      summary: 'Find users by username or name',
      description:
        'Case-insensitive; exact matches first, then names starting with `q`, then names containing it (ties: most followed). `q` is 1–100 characters; longer is a 422.',
      query: pagingQuery(20, 50).extend({ q: z.string().trim().min(1).max(100) }),
      ok: json(z.object({ users: z.array(PublicUserSchema), meta: PageMetaSchema }), 'Matches'),
      errors: [422],
    },
    async (c) => {
      const query = c.req.valid('query')
      const page = toPage(query)
      const { users, total } = await searchUsers(deps.db, query.q, page)
      const viewer = c.get('user')?.id ?? null
      return c.json(
        {
          users: await Promise.all(users.map((u) => serializePublicUser(deps.db, u, viewer))),
          meta: pageMeta(page, total),
        },
        200,
      )
    },
  )

  const slugParam = z.object({ slug: z.string().min(1).max(100) })

  route.get(
    '/api/users/{slug}',
    {
      summary: 'Another user’s public profile',
      params: slugParam,
      ok: json(z.object({ user: PublicUserSchema }), 'The user'),
      errors: [404],
    },
    async (c) => {
      const user = await visibleUser(deps.db, { slug: c.req.valid('param').slug })
      return c.json({ user: await serializePublicUser(deps.db, user, c.get('user')?.id ?? null) }, 200)
    },
  )

  return app
}
