import type { Generated } from 'kysely'

// Notifications shown to a user.

export interface NotificationsTable {
  id: Generated<number>
  user_id: number
  kind: string
  body: string
  data: Generated<string>
  read_at_ms: number | null
  created_at_ms: number
  /** Set on notifications that group (likes and comments of one post): one unread row per key. */
  group_key: string | null
}

export interface NotificationsTables {
  notifications: NotificationsTable
}
