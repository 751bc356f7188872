import type { Kysely } from 'kysely'
import {
  entryAndPayout,
  index,
  likesTable,
  logEntry,
  notNull,
  pickedTeam,
  prizePool,
  timestamps,
  withId,
  zero,
} from './helpers'

// Frozen: daily fantasy — user teams, contests and their members, match events (the source
// of truth for scoring), derived player scores, contest likes, and the match lifecycle columns.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('matches')
    .addColumn('score_summary', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute()
  await db.schema.alterTable('matches').addColumn('locked_at_ms', 'bigint').execute()
  await db.schema.alterTable('matches').addColumn('completed_at_ms', 'bigint').execute()
  await db.schema.alterTable('matches').addColumn('settled_at_ms', 'bigint').execute()
  await db.schema.alterTable('matches').addColumn('sim_mode', 'text').execute()
  await db.schema.alterTable('matches').addColumn('player_of_the_match_id', 'integer').execute()

  await withId(db, db.schema.createTable('user_teams'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('match_id', 'integer', (c) => c.notNull().references('matches.id'))
    .addColumn('team_no', 'integer', notNull)
    .$call(pickedTeam)
    .addColumn('budget_used_tenths', 'integer', notNull)
    .$call(timestamps)
    .addUniqueConstraint('user_teams_user_match_no', ['user_id', 'match_id', 'team_no'])
    .execute()
  await index(db, 'user_teams_match', 'user_teams', ['match_id', 'id'])

  await withId(db, db.schema.createTable('contests'))
    .addColumn('match_id', 'integer', (c) => c.notNull().references('matches.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('entry_fee_paise', 'bigint', notNull)
    .addColumn('members_limit', 'integer', notNull)
    .addColumn('max_entries', 'integer', (c) => c.notNull().defaultTo(1))
    .$call(prizePool)
    .addColumn('invite_code', 'text', (c) => c.notNull().unique())
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id'))
    .addColumn('sort', 'integer', zero)
    .addColumn('status_reason', 'text')
    .addColumn('created_at_ms', 'bigint', notNull)
    .addColumn('settled_at_ms', 'bigint')
    .execute()
  await index(db, 'contests_match', 'contests', ['match_id', 'sort'])
  await index(db, 'contests_status', 'contests', ['status'])

  await withId(db, db.schema.createTable('contest_members'))
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('user_team_id', 'integer', (c) => c.notNull().references('user_teams.id'))
    .$call(entryAndPayout('points_x2'))
    .addUniqueConstraint('contest_members_team', ['contest_id', 'user_team_id'])
    .execute()
  await index(db, 'contest_members_user', 'contest_members', ['user_id', 'contest_id'])
  await index(db, 'contest_members_rank', 'contest_members', ['contest_id', 'rank'])

  await withId(db, db.schema.createTable('match_events'))
    .addColumn('match_id', 'integer', (c) => c.notNull().references('matches.id'))
    .$call(logEntry)
    .addColumn('created_at_ms', 'bigint', notNull)
    .addUniqueConstraint('match_events_seq', ['match_id', 'seq'])
    .execute()

  await db.schema
    .createTable('player_match_scores')
    .addColumn('match_id', 'integer', (c) => c.notNull().references('matches.id'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('total_score', 'integer', notNull)
    .addColumn('stats', 'text', notNull)
    .addColumn('breakdown', 'text', notNull)
    .addColumn('updated_at_ms', 'bigint', notNull)
    .addPrimaryKeyConstraint('player_match_scores_pk', ['match_id', 'player_id'])
    .execute()

  await likesTable(db, 'contest_likes', 'contest_id', 'contests').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'contest_likes',
    'player_match_scores',
    'match_events',
    'contest_members',
    'contests',
    'user_teams',
  ])
    await db.schema.dropTable(table).execute()
  for (const column of [
    'player_of_the_match_id',
    'sim_mode',
    'settled_at_ms',
    'completed_at_ms',
    'locked_at_ms',
    'score_summary',
  ])
    await db.schema.alterTable('matches').dropColumn(column).execute()
}
