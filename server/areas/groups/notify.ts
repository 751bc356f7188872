import type { AfterCommit, Executor } from '../../db/tx'
import { type NewNotification, notificationStream, serializeNotification } from '../notifications'

/** Rows per statement: far under either database's limit on bound parameters. */
const CHUNK = 500

/**
 * `notifyGrouped` for many users at once (a message to a group of 500): each user's unread
 * notification under `groupKey` is brought up to date, and users without one get a new one —
 * one UPDATE and one INSERT per chunk rather than three statements per member, which is what
 * keeps a send to a big group within the chat benchmark's budget (docs/groups.md). Every row
 * goes out on its user's NotificationsChannel after the commit, as `notifyGrouped` does.
 */
export async function notifyManyGrouped(
  tx: Executor,
  after: AfterCommit,
  userIds: number[],
  groupKey: string,
  notification: NewNotification,
  nowMs: number,
): Promise<void> {
  const values = {
    kind: notification.kind,
    body: notification.body,
    data: JSON.stringify(notification.data ?? {}),
    created_at_ms: nowMs,
  }
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const ids = userIds.slice(i, i + CHUNK)
    const open = await tx
      .selectFrom('notifications')
      .select(['id', 'user_id'])
      .where('user_id', 'in', ids)
      .where('group_key', '=', groupKey)
      .where('read_at_ms', 'is', null)
      .execute()
    // One unread row per user and key is the rule; should there be more, the newest is kept fresh.
    const newest = new Map<number, number>()
    for (const row of open) newest.set(row.user_id, Math.max(newest.get(row.user_id) ?? 0, Number(row.id)))
    const updated =
      newest.size === 0
        ? []
        : await tx
            .updateTable('notifications')
            .set(values)
            .where('id', 'in', [...newest.values()])
            .returningAll()
            .execute()
    const fresh = ids.filter((id) => !newest.has(id))
    const inserted =
      fresh.length === 0
        ? []
        : await tx
            .insertInto('notifications')
            .values(fresh.map((user_id) => ({ ...values, user_id, group_key: groupKey })))
            .returningAll()
            .execute()
    for (const row of [...updated, ...inserted].sort((a, b) => a.user_id - b.user_id))
      after.publish(notificationStream(row.user_id), {
        type: 'notification',
        notification: serializeNotification(row),
      })
  }
}
