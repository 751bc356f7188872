import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
  sql,
} from 'kysely'

// Frozen helpers shared by migrations. A migration that ran must send the very same statements
// forever (tests/unit/platform/migrations-frozen.test.ts), so a helper never changes once a
// migration uses it: add a new one instead.

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** An auto-incrementing integer primary key, portable between SQLite and PostgreSQL. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

/** A table being created, for the column groups below (used as `.$call(group)`). */
type Columns = CreateTableBuilder<any, any>

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull()
export const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0)

/** `created_at_ms` and `updated_at_ms`, both required: use with `.$call(timestamps)`. */
export function timestamps(table: Columns) {
  return table.addColumn('created_at_ms', 'bigint', notNull).addColumn('updated_at_ms', 'bigint', notNull)
}

/** `create index <name> on <table> (<columns>)`. */
export async function index(db: Kysely<any>, name: string, table: string, columns: string[]): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute()
}

/** `create unique index <name> on <table> (<columns>)`. */
export async function uniqueIndex(
  db: Kysely<any>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).unique().execute()
}

/**
 * A like of one subject by one user, at most once: `<subject>_id` and `user_id` (both required
 * references), `created_at_ms`, primary key `<table>_pk` on the pair.
 */
export function likesTable(db: Kysely<any>, table: string, subjectColumn: string, subjectTable: string) {
  return db.schema
    .createTable(table)
    .addColumn(subjectColumn, 'integer', (c) => c.notNull().references(`${subjectTable}.id`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at_ms', 'bigint', notNull)
    .addPrimaryKeyConstraint(`${table}_pk`, [subjectColumn, 'user_id'])
}

/** A fantasy team's pick: `player_ids` (JSON), `captain_id`, `vice_captain_id`, all required. */
export function pickedTeam(table: Columns) {
  return table
    .addColumn('player_ids', 'text', notNull)
    .addColumn('captain_id', 'integer', notNull)
    .addColumn('vice_captain_id', 'integer', notNull)
}

/**
 * A paid league's pool after its fee and size: `guaranteed`, `rake_bps`, `prize_pool_paise`,
 * `prize_structure` (JSON), `winner_count`, `members_count`, `status` ('open' at first).
 */
export function prizePool(table: Columns) {
  return table
    .addColumn('guaranteed', 'integer', zero)
    .addColumn('rake_bps', 'integer', notNull)
    .addColumn('prize_pool_paise', 'bigint', notNull)
    .addColumn('prize_structure', 'text', notNull)
    .addColumn('winner_count', 'integer', notNull)
    .addColumn('members_count', 'integer', zero)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
}

/**
 * A league member's entry and payout: `entry_fee_paise`, the score (`scoreColumn`, doubled
 * points), `rank`, `prize_paise`, `refunded`, `joined_at_ms`.
 */
export function entryAndPayout(scoreColumn: string) {
  return (table: Columns) =>
    table
      .addColumn('entry_fee_paise', 'bigint', notNull)
      .addColumn(scoreColumn, 'integer', zero)
      .addColumn('rank', 'integer')
      .addColumn('prize_paise', 'bigint', zero)
      .addColumn('refunded', 'integer', zero)
      .addColumn('joined_at_ms', 'bigint', notNull)
}

/** An append-only log's entry after its owner: `seq`, `type`, `payload` (JSON), `at_ms`. */
export function logEntry(table: Columns) {
  return table
    .addColumn('seq', 'integer', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('at_ms', 'bigint', notNull)
}

/** An admin's decision on a request: `reason`, `decided_by_id` (a user), `decided_at_ms`. */
export function decision(table: Columns) {
  return table
    .addColumn('reason', 'text')
    .addColumn('decided_by_id', 'integer', (c) => c.references('users.id'))
    .addColumn('decided_at_ms', 'bigint')
}

/**
 * PostgreSQL: the statement trigger that tells every server process `table` changed
 * (migration 2026-12-03-050-change-notify, db/change-listener.ts). Every new table needs it.
 */
export async function notifyChanges(db: Kysely<any>, table: string): Promise<void> {
  if (!isPostgres(db)) return
  await sql
    .raw(
      `create trigger ${table}_notify_change after insert or update or delete or truncate on ${table}
       for each statement execute function notify_table_change()`,
    )
    .execute(db)
}
