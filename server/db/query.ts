import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely'

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
