import type { Kysely } from 'kysely'
import { index, notNull, withId } from './helpers'

// Frozen once merged (docs/classroom.md): a class (what `class create` made,
// so it can be listed and its students found again) and the audit trail of admins acting as
// a user (`--as`). The class row is written first (its id names the generated usernames), and its
// group, contest and auction are filled in by the same transaction.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('classrooms'))
    .addColumn('name', 'text', notNull)
    .addColumn('created_by_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('group_id', 'integer', (c) => c.references('groups.id'))
    .addColumn('contest_id', 'integer', (c) => c.references('contests.id'))
    .addColumn('auction_id', 'integer', (c) => c.references('auctions.id'))
    .addColumn('students_count', 'integer', notNull)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('admin_act_as'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // The token family of the access token handed out: revoking it ends the acting.
    .addColumn('family_id', 'text', notNull)
    .addColumn('client_id', 'text', notNull)
    .addColumn('created_at_ms', 'bigint', notNull)
    .addColumn('expires_at_ms', 'bigint', notNull)
    .execute()
  await index(db, 'admin_act_as_user', 'admin_act_as', ['user_id'])
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_act_as').execute()
  await db.schema.dropTable('classrooms').execute()
}
