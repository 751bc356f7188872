import { type CompiledQuery, sql } from 'kysely'
import type { Deps } from '../../server/core/deps'

/**
 * The planner's plan for a compiled query, as text: SQLite's EXPLAIN QUERY PLAN details, or
 * PostgreSQL's EXPLAIN with sequential scans and sorts priced out (`enable_seqscan`,
 * `enable_sort` off), so that a scan or a sort left in the plan means no index can avoid it.
 */
export async function planOf(deps: Deps, compiled: CompiledQuery): Promise<string> {
  const sqlite = deps.dbHandle.sqlite
  if (sqlite) {
    const rows = sqlite.prepare(`explain query plan ${compiled.sql}`).all(...compiled.parameters) as Array<{
      detail: string
    }>
    return rows.map((r) => r.detail).join('\n')
  }
  const literal = compiled.sql.replace(/\$(\d+)/g, (_, n) => {
    const value = compiled.parameters[Number(n) - 1]
    return typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value)
  })
  return deps.db.transaction().execute(async (tx) => {
    await sql`set local enable_seqscan = off`.execute(tx)
    await sql`set local enable_sort = off`.execute(tx)
    const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${literal}`).execute(tx)
    return rows.map((r) => r['QUERY PLAN']).join('\n')
  })
}
