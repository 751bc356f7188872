import type { Deps } from '../../server/core/deps'

/** The notifications of one kind sent to a user, oldest first, read straight from the table. */
export function notificationsOf(db: Deps['db'], userId: number, kind: string) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where((eb) => eb.and({ user_id: userId, kind }))
    .orderBy('id')
    .execute()
}
