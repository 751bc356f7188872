import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { errors, json } from '../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../http/router'
import { NotificationDataSchema } from './schemas'
import { listNotifications, markAllRead } from './service'

export const NotificationSchema = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    body: z.string(),
    data: NotificationDataSchema,
    read: z.boolean(),
    created_at_in_millis: z.number().int(),
    created_at: z.string(),
  })
  .openapi('Notification')

export function notificationRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/notifications',
      tags: ['Notifications'],
      summary: 'My notifications, newest first',
      description: 'New ones also arrive live on the NotificationsChannel of /cable.',
      security: bearerSecurity,
      request: { query: pagingQuery(20, 100) },
      responses: {
        200: json(
          z.object({
            notifications: z.array(NotificationSchema),
            unread_count: z.number().int(),
            meta: PageMetaSchema,
          }),
          'Notifications',
        ),
        ...errors(401, 422),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const page = toPage(c.req.valid('query'))
      const result = await listNotifications(deps.db, me.id, page)
      return c.json(
        {
          notifications: result.notifications,
          unread_count: result.unread,
          meta: pageMeta(page, result.total),
        },
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/notifications/read_all',
      tags: ['Notifications'],
      summary: 'Mark every notification read',
      security: bearerSecurity,
      responses: {
        200: json(z.object({ marked: z.number().int() }), 'How many were marked'),
        ...errors(401),
      },
    }),
    async (c) => c.json({ marked: await markAllRead(deps.db, currentUser(c).id, deps.clock.now()) }, 200),
  )

  return app
}
