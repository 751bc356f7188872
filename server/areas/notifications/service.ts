import type { Selectable } from 'kysely'
import { type Param, prepared, preparedFirst } from '../../db/prepared'
import { hasRow } from '../../db/query'
import type { NotificationsTable } from '../../db/schema'
import type { AfterCommit, Executor } from '../../db/tx'
import type { NotificationKind } from '../../domain/notification-kinds'
import type { NotificationData } from './schemas'

export interface NewNotification {
  kind: NotificationKind
  body: string
  data?: NotificationData
}

/** The stream a user's NotificationsChannel subscriptions follow. */
export const notificationStream = (userId: number) => `notifications:user:${userId}`

export function serializeNotification(row: Omit<Selectable<NotificationsTable>, 'group_key'>) {
  return {
    id: row.id,
    kind: row.kind,
    body: row.body,
    data: JSON.parse(row.data) as NotificationData,
    read: row.read_at_ms !== null,
    created_at_in_millis: Number(row.created_at_ms),
    created_at: new Date(Number(row.created_at_ms)).toISOString(),
  }
}

export type NotificationJson = ReturnType<typeof serializeNotification>

/** Stores a notification and, once the transaction commits, pushes it to the user's live subscribers. */
export async function notify(
  tx: Executor,
  after: AfterCommit,
  userId: number,
  notification: NewNotification,
  nowMs: number,
): Promise<NotificationJson> {
  const row = await tx
    .insertInto('notifications')
    .values({ ...notificationValues(notification, nowMs), user_id: userId })
    .returningAll()
    .executeTakeFirstOrThrow()
  return published(after, row)
}

/**
 * An admin's announcement (POST /api/admin/notifications): a kind the admin chose, outside
 * the product's kinds, about no page — so it has no link. Everything else goes through `notify`.
 */
export async function announce(
  tx: Executor,
  after: AfterCommit,
  userId: number,
  announcement: { kind: string; body: string },
  nowMs: number,
): Promise<NotificationJson> {
  const row = await tx
    .insertInto('notifications')
    .values({ ...announcement, data: '{}', created_at_ms: nowMs, user_id: userId })
    .returningAll()
    .executeTakeFirstOrThrow()
  return published(after, row)
}

/** The columns a notification writes (new, or the rewrite of a grouped one). */
export const notificationValues = (notification: NewNotification, nowMs: number) => ({
  kind: notification.kind,
  body: notification.body,
  data: JSON.stringify(notification.data ?? {}),
  created_at_ms: nowMs,
})

/** Pushed to the user's live subscribers once the transaction commits. */
function published(after: AfterCommit, row: Selectable<NotificationsTable>): NotificationJson {
  const json = serializeNotification(row)
  after.publish(notificationStream(row.user_id), { type: 'notification', notification: json })
  return json
}

/** A page of notifications, and the counts beside it, each compiled once (db/prepared.ts). */
const notificationPage = prepared((db, $: Param<{ userId: number; limit: number; offset: number }>) =>
  db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', $('userId'))
    .orderBy('id', 'desc')
    .limit($('limit'))
    .offset($('offset')),
)

const notificationCounts = preparedFirst((db, $: Param<{ userId: number }>) =>
  db
    .selectFrom('notifications')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>(eb.case().when('read_at_ms', 'is', null).then(1).else(0).end()).as('unread'),
    ])
    .where('user_id', '=', $('userId')),
)

export async function listNotifications(
  db: Executor,
  userId: number,
  page: { offset: number; per_page: number },
) {
  const [rows, counts] = await Promise.all([
    notificationPage(db, { userId, limit: page.per_page, offset: page.offset }),
    notificationCounts(db, { userId }),
  ])
  return {
    notifications: rows.map(serializeNotification),
    total: Number(counts?.n ?? 0),
    // No rows: the sum is null.
    unread: Number(counts?.unread ?? 0),
  }
}

export async function markAllRead(db: Executor, userId: number, nowMs: number): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at_ms: nowMs })
    .where('user_id', '=', userId)
    .where('read_at_ms', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

const unreadOf = preparedFirst((db, $: Param<{ userId: number }>) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', $('userId'))
    .where('read_at_ms', 'is', null),
)

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  return Number((await unreadOf(db, { userId }))?.n ?? 0)
}

/**
 * A notification sent at most once per user and `onceKey` (a deadline reminder per contest
 * and lead time): a second call — the job run again after a crash, or by another process — finds
 * the row and sends nothing. Answers whether it was sent. The key is kept in `group_key`.
 * Callers hold a lock that orders the writers of one key (the reminders: the match's row), so
 * two at once never both insert.
 */
export async function notifyOnce(
  tx: Executor,
  after: AfterCommit,
  userId: number,
  onceKey: string,
  notification: NewNotification,
  nowMs: number,
): Promise<boolean> {
  if (await hasRow(tx, 'notifications', { user_id: userId, group_key: onceKey })) return false
  const row = await tx
    .insertInto('notifications')
    .values({ ...notificationValues(notification, nowMs), user_id: userId, group_key: onceKey })
    .returningAll()
    .executeTakeFirstOrThrow()
  published(after, row)
  return true
}

/**
 * A notification that groups (docs/social.md, "Notifications"): while the user has an unread
 * one with the same `groupKey` (likes of one post, comments on one post) it is rewritten —
 * new body ("Asha and 4 others liked your post"), new data, moved to now — instead of a new row
 * being added; once read, the next one starts a new group. Callers hold a lock that orders
 * writers of one group (the liked post's row), so two at once never both insert.
 */
export async function notifyGrouped(
  tx: Executor,
  after: AfterCommit,
  userId: number,
  groupKey: string,
  notification: NewNotification,
  nowMs: number,
): Promise<NotificationJson> {
  const open = await tx
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('group_key', '=', groupKey)
    .where('read_at_ms', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  const values = notificationValues(notification, nowMs)
  const row = open
    ? await tx
        .updateTable('notifications')
        .set(values)
        .where('id', '=', open.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await tx
        .insertInto('notifications')
        .values({ ...values, user_id: userId, group_key: groupKey })
        .returningAll()
        .executeTakeFirstOrThrow()
  return published(after, row)
}
