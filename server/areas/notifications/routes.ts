import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { cachedJson, type Reads, readKey } from '../../http/answer-cache'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentUser } from '../../http/router'
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

/** What the answer reads (tests/api/http/cached-reads-tables.test.ts checks it). */
const NOTIFICATIONS_READS: Reads = ['notifications']

export function notificationRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Notifications'])

  route.get(
    '/api/notifications',
    {
      summary: 'My notifications, newest first',
      description: 'New ones also arrive live on the NotificationsChannel of /cable.',
      auth: true,
      query: pagingQuery(20, 100),
      ok: json(
        z.object({
          notifications: z.array(NotificationSchema),
          unread_count: z.number().int(),
          meta: PageMetaSchema,
        }),
        'Notifications',
      ),
      errors: [422],
    },
    // Kept per viewer until a table it reads changes (http/answer-cache.ts).
    async (c, me) =>
      cachedJson(c, deps, readKey(c), NOTIFICATIONS_READS, async () => {
        const page = toPage(c.req.valid('query'))
        const result = await listNotifications(deps.db, me.id, page)
        return {
          body: {
            notifications: result.notifications,
            unread_count: result.unread,
            meta: pageMeta(page, result.total),
          },
        }
      }),
  )

  route.post(
    '/api/notifications/read_all',
    {
      summary: 'Mark every notification read',
      auth: true,
      ok: json(z.object({ marked: z.number().int() }), 'How many were marked'),
    },
    async (c) => c.json({ marked: await markAllRead(deps.db, currentUser(c).id, deps.clock.now()) }, 200),
  )

  return app
}
