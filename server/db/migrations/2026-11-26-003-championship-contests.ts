import type { Kysely } from 'kysely'
import { notNull, withId, zero } from './helpers'

// Frozen. Championship contests (issue 12 item 3, docs/championship.md "Championship
// contests"): paid leagues on a series phase, entered with the member's classic team, locked
// at the phase's first match start, ranked on the phase total and settled at the phase's end.
// Their own tables rather than `contests` (match_id and user_team_id are NOT NULL there, and
// every daily list, lock, scoreboard and settlement reads that table by match).

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('championship_contests'))
    .addColumn('phase_id', 'integer', (c) => c.notNull().references('series_phases.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('entry_fee_paise', 'bigint', notNull)
    .addColumn('members_limit', 'integer', notNull)
    .addColumn('guaranteed', 'integer', zero)
    .addColumn('rake_bps', 'integer', notNull)
    .addColumn('prize_pool_paise', 'bigint', notNull)
    .addColumn('prize_structure', 'text', notNull)
    .addColumn('winner_count', 'integer', notNull)
    .addColumn('members_count', 'integer', zero)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('status_reason', 'text')
    .addColumn('created_at_ms', 'bigint', notNull)
    .addColumn('locked_at_ms', 'bigint')
    .addColumn('settled_at_ms', 'bigint')
    .execute()
  await db.schema
    .createIndex('championship_contests_phase')
    .on('championship_contests')
    .columns(['phase_id', 'status'])
    .execute()

  await withId(db, db.schema.createTable('championship_contest_members'))
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('championship_contests.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('classic_team_id', 'integer', (c) => c.notNull().references('classic_teams.id'))
    .addColumn('entry_fee_paise', 'bigint', notNull)
    .addColumn('score_x2', 'integer', zero)
    .addColumn('rank', 'integer')
    .addColumn('prize_paise', 'bigint', zero)
    .addColumn('refunded', 'integer', zero)
    .addColumn('joined_at_ms', 'bigint', notNull)
    .addUniqueConstraint('championship_contest_members_team', ['contest_id', 'classic_team_id'])
    .execute()
  await db.schema
    .createIndex('championship_contest_members_user')
    .on('championship_contest_members')
    .columns(['user_id', 'contest_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('championship_contest_members').execute()
  await db.schema.dropTable('championship_contests').execute()
}
