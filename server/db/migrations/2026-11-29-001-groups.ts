import type { Kysely } from 'kysely'
import { index, notNull, withId, zero } from './helpers'

// Frozen once merged (docs/groups.md): groups and one-to-one conversations, their
// members (with a read marker each) and their messages (idempotent per sender by identifier_key).

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('groups'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addColumn('kind', 'text', notNull)
    .addColumn('is_public', 'integer', zero)
    // "<lower user id>:<higher user id>": the same two people always get the same conversation.
    .addColumn('one_to_one_key', 'text', (c) => c.unique())
    .addColumn('invite_code', 'text', (c) => c.notNull().unique())
    .addColumn('created_by_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('last_message_id', 'bigint')
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('group_members'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('role', 'text', notNull)
    .addColumn('is_muted', 'integer', zero)
    .addColumn('last_read_message_id', 'bigint', zero)
    .addColumn('removed_at_ms', 'bigint')
    // Who removed them: someone removed by an admin (not someone who left) needs an admin to
    // come back; the invite code no longer lets them in.
    .addColumn('removed_by_id', 'integer', (c) => c.references('users.id'))
    .addColumn('joined_at_ms', 'bigint', notNull)
    .addUniqueConstraint('group_members_group_user', ['group_id', 'user_id'])
    .execute()
  await index(db, 'group_members_user', 'group_members', ['user_id'])

  await withId(db, db.schema.createTable('group_messages'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('identifier_key', 'text', notNull)
    .addColumn('message', 'text', notNull)
    .addColumn('message_type', 'text', notNull)
    .addColumn('card_id', 'integer')
    .addColumn('created_at_ms', 'bigint', notNull)
    .addUniqueConstraint('group_messages_idempotency', ['group_id', 'user_id', 'identifier_key'])
    .execute()
  await index(db, 'group_messages_group', 'group_messages', ['group_id', 'id'])
  await index(db, 'group_messages_user', 'group_messages', ['user_id', 'created_at_ms'])

  // An auction created from a group invites its members; GET /api/auctions/by_group lists them.
  await db.schema
    .alterTable('auctions')
    .addColumn('group_id', 'integer', (c) => c.references('groups.id'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auctions').dropColumn('group_id').execute()
  for (const table of ['group_messages', 'group_members', 'groups'])
    await db.schema.dropTable(table).execute()
}
