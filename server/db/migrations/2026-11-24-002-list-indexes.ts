import { type Kysely, sql } from 'kysely'
import { isPostgres } from './helpers'

// Frozen: indexes for lists that filter, sort and page in SQL;
// `contests.starts_at_ms`, the match's start copied onto each contest by triggers, because
// contest lists break ties on it and an index can only give an order made of one table's
// columns; and `data_versions`, counters that triggers bump in the same transaction as any
// change that can move a contest in or out of a list, so a per-process cache of list totals
// can tell, with one primary-key read, whether what it holds is still true.

/** Contest columns that decide which lists a contest is in (members_count does not). */
const CONTEST_COLUMNS = [
  'status',
  'match_id',
  'entry_fee_paise',
  'members_limit',
  'max_entries',
  'guaranteed',
]
/** Match columns that decide which lists its contests are in. */
const MATCH_COLUMNS = ['status', 'event_time_ms', 'sport_id', 'series_id']

const INDEXES: Array<[name: string, table: string, columns: string[]]> = [
  // The open-contest lists, one per sort key (spec §9) and "popular"; by prize (the default)
  // in the whole order of the list both ways, so a page is read off the index and no more.
  ['contests_open_prize', 'contests', ['status', 'prize_pool_paise desc', 'starts_at_ms', 'sort', 'id']],
  ['contests_open_prize_asc', 'contests', ['status', 'prize_pool_paise', 'starts_at_ms', 'sort', 'id']],
  ['contests_open_spots', 'contests', ['status', 'members_limit']],
  ['contests_open_winners', 'contests', ['status', 'winner_count']],
  ['contests_open_fee', 'contests', ['status', 'entry_fee_paise']],
  ['contests_open_popular', 'contests', ['status', 'members_count', 'prize_pool_paise']],
  // The feed (newest first) and a match's contests by status (counting a list's total).
  ['contests_created', 'contests', ['created_at_ms']],
  ['contests_match_status', 'contests', ['match_id', 'status']],
  // Matches by status in time order: every match list, and "when does a list next change".
  ['matches_status_time', 'matches', ['status', 'event_time_ms']],
]

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contests')
    .addColumn('starts_at_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update contests set starts_at_ms = (select m.event_time_ms from matches m where m.id = contests.match_id)`.execute(
    db,
  )
  for (const [name, table, columns] of INDEXES)
    await db.schema.createIndex(name).on(table).columns(columns).execute()

  await db.schema
    .createTable('data_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.insertInto('data_versions').values({ name: 'contest_lists', version: 0 }).execute()

  if (isPostgres(db)) {
    await sql`
      create function contest_starts_at() returns trigger language plpgsql as $$
      begin
        new.starts_at_ms := (select m.event_time_ms from matches m where m.id = new.match_id);
        return new;
      end $$`.execute(db)
    await sql`
      create trigger contests_starts_at before insert or update of match_id on contests
      for each row execute function contest_starts_at()`.execute(db)
    await sql`
      create function match_starts_at() returns trigger language plpgsql as $$
      begin
        update contests set starts_at_ms = new.event_time_ms where match_id = new.id;
        return null;
      end $$`.execute(db)
    await sql`
      create trigger matches_starts_at after update of event_time_ms on matches
      for each row execute function match_starts_at()`.execute(db)
    await sql`
      create function bump_data_version() returns trigger language plpgsql as $$
      begin
        update data_versions set version = version + 1 where name = TG_ARGV[0];
        return null;
      end $$`.execute(db)
    for (const [table, columns] of [
      ['contests', CONTEST_COLUMNS],
      ['matches', MATCH_COLUMNS],
    ] as const)
      await sql
        .raw(
          `create trigger ${table}_list_version after insert or delete or update of ${columns.join(', ')}
           on ${table} for each statement execute function bump_data_version('contest_lists')`,
        )
        .execute(db)
    return
  }
  const copy = `update contests set starts_at_ms = (select m.event_time_ms from matches m where m.id = new.match_id) where id = new.id;`
  await sql
    .raw(`create trigger contests_starts_at_insert after insert on contests begin ${copy} end`)
    .execute(db)
  await sql
    .raw(`create trigger contests_starts_at_update after update of match_id on contests begin ${copy} end`)
    .execute(db)
  await sql
    .raw(
      `create trigger matches_starts_at after update of event_time_ms on matches begin
       update contests set starts_at_ms = new.event_time_ms where match_id = new.id; end`,
    )
    .execute(db)
  const bump = `update data_versions set version = version + 1 where name = 'contest_lists';`
  for (const [table, columns] of [
    ['contests', CONTEST_COLUMNS],
    ['matches', MATCH_COLUMNS],
  ] as const) {
    await sql
      .raw(`create trigger ${table}_list_version_insert after insert on ${table} begin ${bump} end`)
      .execute(db)
    await sql
      .raw(`create trigger ${table}_list_version_delete after delete on ${table} begin ${bump} end`)
      .execute(db)
    await sql
      .raw(
        `create trigger ${table}_list_version_update after update of ${columns.join(', ')} on ${table} begin ${bump} end`,
      )
      .execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of ['contests', 'matches'])
      await sql.raw(`drop trigger ${table}_list_version on ${table}`).execute(db)
    await sql`drop trigger contests_starts_at on contests`.execute(db)
    await sql`drop trigger matches_starts_at on matches`.execute(db)
    for (const fn of ['bump_data_version', 'contest_starts_at', 'match_starts_at'])
      await sql.raw(`drop function ${fn}()`).execute(db)
  } else {
    for (const name of ['contests_starts_at_insert', 'contests_starts_at_update', 'matches_starts_at'])
      await sql.raw(`drop trigger ${name}`).execute(db)
    for (const table of ['contests', 'matches'])
      for (const event of ['insert', 'delete', 'update'])
        await sql.raw(`drop trigger ${table}_list_version_${event}`).execute(db)
  }
  await db.schema.dropTable('data_versions').execute()
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute()
  await db.schema.alterTable('contests').dropColumn('starts_at_ms').execute()
}
