import { createRoute, z } from '@hono/zod-openapi'
import { containsText, countRows } from '../../db/query'
import { withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { invalid, notFound } from '../../http/errors'
import { idField } from '../../http/ids'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { errors, json, jsonBody } from '../../http/responses'
import { bearerSecurity, createRouter } from '../../http/router'
import { multilineText } from '../../http/text'
import { adminCreateUser } from '../account/sign-up'
import { userBalances, walletJson } from '../ledger/service'
import { listOutbox } from '../mail/service'
import { NotificationSchema } from '../notifications/routes'
import { notify } from '../notifications/service'
import { findUserByEmail, findUserById, findUserBySlug, findUserByUsername } from '../users/queries'
import { email, password, username } from '../users/schemas'

const OutboxMessageSchema = z
  .object({
    id: z.number().int(),
    to: z.string(),
    channel: z.string(),
    subject: z.string(),
    body: z.string(),
    created_at_in_millis: z.number().int(),
  })
  .openapi('OutboxMessage')

const AdminUserSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    username: z.string(),
    email: z.string(),
    full_name: z.string().nullable(),
    role: z.enum(['player', 'admin']),
    status: z.enum(['active', 'invited', 'disabled']),
    email_verified: z.boolean(),
    current_balance: z.number(),
    unused_balance: z.number(),
    winning_balance: z.number(),
    coin_balance: z.number().int(),
    created_at_in_millis: z.number().int(),
  })
  .openapi('AdminUser')

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>

/** An account as admins see it: identity, state and the three wallet balances. */
async function adminUserJson(deps: Deps, u: UserRow) {
  return {
    id: u.id,
    slug: u.slug,
    username: u.username,
    email: u.email,
    full_name: u.full_name,
    role: u.role,
    status: u.status,
    email_verified: u.email_verified_at_ms !== null,
    ...walletJson(await userBalances(deps.db, u.id)),
    created_at_in_millis: Number(u.created_at_ms),
  }
}

export function adminRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/outbox',
      tags: ['Admin'],
      summary: 'Mails and one-time passwords sent by the product (newest first)',
      security: bearerSecurity,
      request: {
        query: z.object({
          to: z.string().optional().openapi({ description: 'Only messages to this address' }),
          limit: z.coerce.number().int().min(1).max(500).default(50),
        }),
      },
      responses: {
        200: json(z.object({ messages: z.array(OutboxMessageSchema) }), 'Messages'),
        ...errors(401, 403, 422),
      },
    }),
    async (c) => {
      const q = c.req.valid('query')
      return c.json({ messages: await listOutbox(deps.db, { to: q.to, limit: q.limit }) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/users',
      tags: ['Admin'],
      summary: 'Every account',
      security: bearerSecurity,
      request: {
        query: pagingQuery(50, 500).extend({
          q: z.string().optional(),
          role: z.enum(['player', 'admin']).optional(),
        }),
      },
      responses: {
        200: json(z.object({ users: z.array(AdminUserSchema), meta: PageMetaSchema }), 'Users'),
        ...errors(401, 403, 422),
      },
    }),
    async (c) => {
      const query = c.req.valid('query')
      const page = toPage(query)
      let q = deps.db.selectFrom('users')
      if (query.q) {
        const text = query.q
        q = q.where((eb) => eb.or([containsText('username_key', text), containsText('email', text)]))
      }
      if (query.role) q = q.where('role', '=', query.role)
      const total = await countRows(q)
      const rows = await q.selectAll().orderBy('id').limit(page.per_page).offset(page.offset).execute()
      const users = await Promise.all(rows.map((u) => adminUserJson(deps, u)))
      return c.json({ users, meta: pageMeta(page, total) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/users/{ref}',
      tags: ['Admin'],
      summary: 'One account with its balances',
      description:
        '`ref` is the account’s id (digits), e-mail address (contains @), slug or username, in that order of checks.',
      security: bearerSecurity,
      request: { params: z.object({ ref: z.string().min(1).max(200) }) },
      responses: {
        200: json(z.object({ user: AdminUserSchema }), 'The account'),
        ...errors(401, 403, 404),
      },
    }),
    async (c) => {
      const ref = c.req.valid('param').ref.trim()
      const user = /^\d+$/.test(ref)
        ? await findUserById(deps.db, Number(ref))
        : ref.includes('@')
          ? await findUserByEmail(deps.db, ref)
          : ((await findUserBySlug(deps.db, ref)) ?? (await findUserByUsername(deps.db, ref)))
      if (!user) throw notFound('User')
      return c.json({ user: await adminUserJson(deps, user) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/users',
      tags: ['Admin'],
      summary: 'Create or invite an account',
      description:
        'With `password` the account is active at once. Without one it is invited: an activation mail lets the person choose a password.',
      security: bearerSecurity,
      request: {
        body: jsonBody(
          z.strictObject({
            email,
            username,
            full_name: z.string().trim().max(60).optional(),
            role: z.enum(['player', 'admin']).default('player'),
            password: password.optional(),
          }),
        ),
      },
      responses: {
        201: json(
          z.object({
            user: AdminUserSchema.pick({
              id: true,
              slug: true,
              username: true,
              email: true,
              role: true,
              status: true,
            }),
            invited: z.boolean(),
          }),
          'Created',
        ),
        ...errors(401, 403, 422),
      },
    }),
    async (c) => {
      const { user, invited } = await adminCreateUser(deps, c.req.valid('json'))
      return c.json(
        {
          user: {
            id: user.id,
            slug: user.slug,
            username: user.username,
            email: user.email,
            role: user.role,
            status: user.status,
          },
          invited,
        },
        201,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/notifications',
      tags: ['Admin'],
      summary: 'Send a notification to a user',
      description:
        'Stored for the user and pushed live to their NotificationsChannel subscribers. Name the user by one of user_id, email or slug.',
      security: bearerSecurity,
      request: {
        body: jsonBody(
          z.strictObject({
            user_id: idField().optional(),
            email: z.string().optional(),
            slug: z.string().optional(),
            body: multilineText().trim().min(1).max(500),
            kind: z.string().trim().min(1).max(40).default('announcement'),
          }),
        ),
      },
      responses: {
        201: json(z.object({ notification: NotificationSchema }), 'Sent'),
        ...errors(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const body = c.req.valid('json')
      const named = [body.user_id, body.email, body.slug].filter((v) => v !== undefined)
      if (named.length !== 1)
        throw invalid({ base: ['name the user with exactly one of user_id, email or slug'] })
      const user =
        body.user_id !== undefined
          ? await findUserById(deps.db, body.user_id)
          : body.email !== undefined
            ? await findUserByEmail(deps.db, body.email)
            : await findUserBySlug(deps.db, body.slug as string)
      if (!user) throw notFound('User')
      const notification = await withTx(deps, (tx, after) =>
        notify(tx, after, user.id, { kind: body.kind, body: body.body }, deps.clock.now()),
      )
      return c.json({ notification }, 201)
    },
  )

  return app
}
