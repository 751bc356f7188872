import type { Generated } from 'kysely'

// Group chats and one-to-one conversations; classrooms (docs/groups.md, docs/classroom.md).

export type GroupKind = 'group' | 'one_to_one'

export type GroupRole = 'admin' | 'member'

export type GroupMessageType = 'text_message' | 'contest_card' | 'auction_invite' | 'gang_card'

/** A group chat or a one-to-one conversation (docs/groups.md). */
export interface GroupsTable {
  id: Generated<number>
  /** The public id (`group_uuid_id`). */
  uuid: string
  name: string
  description: Generated<string>
  image: string | null
  kind: GroupKind
  is_public: Generated<number>
  /** "<lower user id>:<higher user id>" for a one-to-one, else null. */
  one_to_one_key: string | null
  invite_code: string
  created_by_id: number
  last_message_id: number | null
  created_at_ms: number
}

export interface GroupMembersTable {
  id: Generated<number>
  group_id: number
  user_id: number
  role: GroupRole
  is_muted: Generated<number>
  /** Messages with a greater id are unread. */
  last_read_message_id: Generated<number>
  /** Set when removed or left; the row stays (a rejoin clears it). */
  removed_at_ms: number | null
  /** Who removed them (themselves when they left); null for a current member. */
  removed_by_id: number | null
  joined_at_ms: number
}

export interface GroupMessagesTable {
  id: Generated<number>
  group_id: number
  user_id: number
  /** The client's key: unique per (group, sender), so a retried send is stored once. */
  identifier_key: string
  message: string
  message_type: GroupMessageType
  card_id: number | null
  created_at_ms: number
}

/** What one `class create` made (docs/classroom.md). */
export interface ClassroomsTable {
  id: Generated<number>
  name: string
  created_by_id: number
  /** Null only inside the creating transaction (the row is written first: its id names the students). */
  group_id: number | null
  /** The class's private contest; null when no upcoming match could carry one. */
  contest_id: number | null
  auction_id: number | null
  students_count: number
  created_at_ms: number
}

export interface GroupsTables {
  groups: GroupsTable
  group_members: GroupMembersTable
  group_messages: GroupMessagesTable
  classrooms: ClassroomsTable
}
