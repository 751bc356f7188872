import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { idField } from '../../http/ids'
import { PageMetaSchema, pagingQuery, toPage } from '../../http/paging'
import { linkBaseOf } from '../../http/public-url'
import { errors, json, jsonBody } from '../../http/responses'
import { bearerSecurity, createRouter } from '../../http/router'
import { multilineText } from '../../http/text'
import { adminCreateUser } from '../account'
import { listOutbox } from '../mail'
import { NotificationSchema } from '../notifications'
import { email, password, username } from '../users'
import { adminUser, adminUsers, notifyUser } from './service'

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

const getAdminOutboxRoute = createRoute({
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
})

const getAdminUsersRoute = createRoute({
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
})

const getAdminUsersByRefRoute = createRoute({
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
})

const postAdminUsersRoute = createRoute({
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
})

const postAdminNotificationsRoute = createRoute({
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
})

export function adminRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(getAdminOutboxRoute, async (c) => {
    const q = c.req.valid('query')
    return c.json({ messages: await listOutbox(deps.db, { to: q.to, limit: q.limit }) }, 200)
  })

  app.openapi(getAdminUsersRoute, async (c) => {
    const query = c.req.valid('query')
    return c.json(await adminUsers(deps, { q: query.q, role: query.role }, toPage(query)), 200)
  })

  app.openapi(getAdminUsersByRefRoute, async (c) => {
    return c.json({ user: await adminUser(deps, c.req.valid('param').ref) }, 200)
  })

  app.openapi(postAdminUsersRoute, async (c) => {
    const { user, invited } = await adminCreateUser(deps, c.req.valid('json'), await linkBaseOf(deps, c))
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
  })

  app.openapi(postAdminNotificationsRoute, async (c) => {
    const { kind, body, ...to } = c.req.valid('json')
    return c.json({ notification: await notifyUser(deps, to, { kind, body }) }, 201)
  })

  return app
}
