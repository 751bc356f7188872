import type { Kysely } from 'kysely'
import { index, notNull, timestamps, withId, zero } from './helpers'

// Frozen: gangs (docs/gangs.md) — private leaderboards inside a series
// (daily mode, phase_id null) or a series phase (championship). A member row is 'pending'
// (a join request to a private gang) or 'member'; members_count counts members only and is
// kept in the transaction that changes them, under the gang's row lock.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('gangs'))
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id'))
    .addColumn('phase_id', 'integer', (c) => c.references('series_phases.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('league_motto', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_public', 'integer', notNull)
    .addColumn('league_code', 'text', notNull)
    .addColumn('created_by_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('members_count', 'integer', zero)
    .$call(timestamps)
    .addUniqueConstraint('gangs_league_code', ['league_code'])
    .execute()
  await index(db, 'gangs_scope', 'gangs', ['series_id', 'phase_id', 'id'])

  await withId(db, db.schema.createTable('gang_members'))
    .addColumn('gang_id', 'integer', (c) => c.notNull().references('gangs.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', notNull)
    .addColumn('requested_at_ms', 'bigint', notNull)
    .addColumn('joined_at_ms', 'bigint')
    .addUniqueConstraint('gang_members_gang_user', ['gang_id', 'user_id'])
    .execute()
  await index(db, 'gang_members_user', 'gang_members', ['user_id', 'gang_id'])
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gang_members').execute()
  await db.schema.dropTable('gangs').execute()
}
