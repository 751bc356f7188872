import type { Kysely } from 'kysely'
import { index, notNull, uniqueIndex, withId, zero } from './helpers'

// Frozen once merged. Contests made by players (docs/contest-creation.md): daily and
// championship contests gain privacy, a description, the percent prize table the creator chose
// (`prize_percents`, kept so the amounts can be recomputed when the limit grows or an unfilled
// guaranteed contest runs at lock) and a soft-delete mark; championship contests gain an owner
// and an invite code. `contest_activities` is what happened to a contest (joins, edits,
// removals, lock, cancellation, prizes), newest first on its page and live on its channel.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contests').addColumn('is_private', 'integer', zero).execute()
  await db.schema.alterTable('contests').addColumn('description', 'text').execute()
  await db.schema.alterTable('contests').addColumn('prize_percents', 'text').execute()
  await db.schema
    .alterTable('contests')
    .addColumn('game_kind', 'text', (c) => c.notNull().defaultTo('single-match'))
    .execute()
  await db.schema.alterTable('contests').addColumn('deleted_at_ms', 'bigint').execute()
  await index(db, 'contests_created_by', 'contests', ['created_by_id', 'status'])

  const cc = 'championship_contests'
  await db.schema
    .alterTable(cc)
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id'))
    .execute()
  await db.schema.alterTable(cc).addColumn('invite_code', 'text').execute()
  await db.schema.alterTable(cc).addColumn('is_private', 'integer', zero).execute()
  await db.schema.alterTable(cc).addColumn('description', 'text').execute()
  await db.schema.alterTable(cc).addColumn('prize_percents', 'text').execute()
  await db.schema.alterTable(cc).addColumn('deleted_at_ms', 'bigint').execute()
  // Unique where set: NULLs never clash on either database.
  await uniqueIndex(db, 'championship_contests_invite_code', cc, ['invite_code'])
  await index(db, 'championship_contests_created_by', cc, ['created_by_id', 'status'])

  await withId(db, db.schema.createTable('contest_activities'))
    .addColumn('contest_type', 'text', notNull)
    .addColumn('contest_id', 'integer', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('body', 'text', notNull)
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await index(db, 'contest_activities_contest', 'contest_activities', ['contest_type', 'contest_id', 'id'])
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contest_activities').execute()
  const cc = 'championship_contests'
  await db.schema.dropIndex('championship_contests_created_by').execute()
  await db.schema.dropIndex('championship_contests_invite_code').execute()
  for (const col of [
    'deleted_at_ms',
    'prize_percents',
    'description',
    'is_private',
    'invite_code',
    'created_by_id',
  ])
    await db.schema.alterTable(cc).dropColumn(col).execute()
  await db.schema.dropIndex('contests_created_by').execute()
  for (const col of ['deleted_at_ms', 'game_kind', 'prize_percents', 'description', 'is_private'])
    await db.schema.alterTable('contests').dropColumn(col).execute()
}
