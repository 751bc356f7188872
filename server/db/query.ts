import {
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely'
import type { Database } from './schema'
import type { Executor } from './types'

/**
 * Query pieces that must read the same on SQLite and PostgreSQL.
 */

/**
 * How many rows a list query matches, for its page meta. The query's own columns, order and
 * paging are cleared first: PostgreSQL refuses `count(*)` beside selected columns without a
 * GROUP BY (SQLite answers anyway, which is how that slipped through). Not for grouped or
 * DISTINCT queries — count those from a subquery.
 */
// biome-ignore lint/suspicious/noExplicitAny: counts a select of any shape
export async function countRows(query: SelectQueryBuilder<any, any, any>): Promise<number> {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .clearLimit()
    .clearOffset()
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * `column` contains `text`, ignoring case, on both engines: `lower(column) LIKE
 * lower('%text%')`. PostgreSQL's LIKE is case-sensitive and SQLite's only for ASCII, so
 * neither is left to decide. `%`, `_` and `\` in the text match themselves.
 */
export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`
}

type TableName = keyof Database & string
type RowOf<T extends TableName> = Selectable<Database[T]>
/** Equality tests on some of a table's columns (`column = value` each, joined by AND). */
export type RowMatch<T extends TableName> = { [C in keyof RowOf<T>]?: NonNullable<RowOf<T>[C]> }

// biome-ignore lint/suspicious/noExplicitAny: the columns are checked by RowMatch at the callers
type AnySelect = SelectQueryBuilder<any, any, object>

function matching(db: Executor, table: string, match: object): AnySelect {
  // biome-ignore lint/suspicious/noExplicitAny: as AnySelect
  let query: AnySelect = (db as Kysely<any>).selectFrom(table)
  for (const [column, value] of Object.entries(match)) query = query.where(column, '=', value)
  return query
}

/** The first row of `table` whose columns equal `match`, or undefined. */
export function rowWhere<T extends TableName>(
  db: Executor,
  table: T,
  match: RowMatch<T>,
): Promise<RowOf<T> | undefined> {
  return matching(db, table, match).selectAll().executeTakeFirst() as Promise<RowOf<T> | undefined>
}

/** Whether `table` has a row whose columns equal `match`. */
export async function hasRow<T extends TableName>(
  db: Executor,
  table: T,
  match: RowMatch<T>,
): Promise<boolean> {
  const row = await matching(db, table, match).select(sql<number>`1`.as('one')).executeTakeFirst()
  return row !== undefined
}

/** The rows of `table` whose columns equal `match`, newest (highest id) first; at most `limit`. */
export function newestRows<T extends TableName>(
  db: Executor,
  table: T,
  match: RowMatch<T>,
  limit?: number,
): Promise<RowOf<T>[]> {
  let query = matching(db, table, match).selectAll().orderBy('id', 'desc')
  if (limit !== undefined) query = query.limit(limit)
  return query.execute() as Promise<RowOf<T>[]>
}
