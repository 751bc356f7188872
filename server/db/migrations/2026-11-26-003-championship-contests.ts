import type { Kysely } from 'kysely'
import { entryAndPayout, index, notNull, prizePool, withId } from './helpers'

// Frozen. Championship contests (docs/championship.md "Championship
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
    .$call(prizePool)
    .addColumn('status_reason', 'text')
    .addColumn('created_at_ms', 'bigint', notNull)
    .addColumn('locked_at_ms', 'bigint')
    .addColumn('settled_at_ms', 'bigint')
    .execute()
  await index(db, 'championship_contests_phase', 'championship_contests', ['phase_id', 'status'])

  await withId(db, db.schema.createTable('championship_contest_members'))
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('championship_contests.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('classic_team_id', 'integer', (c) => c.notNull().references('classic_teams.id'))
    .$call(entryAndPayout('score_x2'))
    .addUniqueConstraint('championship_contest_members_team', ['contest_id', 'classic_team_id'])
    .execute()
  await index(db, 'championship_contest_members_user', 'championship_contest_members', [
    'user_id',
    'contest_id',
  ])
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('championship_contest_members').execute()
  await db.schema.dropTable('championship_contests').execute()
}
