import type { Database } from './schema'

/** A table, or a column group of one (statement-tables.ts COLUMN_GROUPS): what has a version. */
export type VersionName = (keyof Database & string) | 'matches.score'

/**
 * Per-table change versions of one database, kept in memory per process: what the answer and
 * token caches (http/answer-cache.ts, http/token-cache.ts) check a kept answer against, so a
 * commit that touched other tables leaves it cached (a ball in one match does not evict the
 * contest list of another, nor /api/me).
 *
 * One counter (`now()`) moves on every change; each table remembers the count of its last
 * change. A cache entry keeps the tables its answer read and the count read *before* the data
 * (`now()` at the start of the request): it holds while none of those tables changed since.
 * A change that lands between the count and the data leaves the entry already stale, never
 * wrong. "Everything changed" (`changedAll`) moves every table at once.
 *
 * Who reports changes:
 * - this process's own writes: the tracking driver (tracking-driver.ts) sees every statement
 *   sent through Kysely, reads the tables it writes off its text (statement-tables.ts), adds
 *   what database triggers write besides (`TRIGGER_WRITES`) and reports them once the
 *   statement ran outside a transaction, or when its transaction commits or rolls back;
 * - SQLite, other connections and raw statements: `pragma data_version` (another connection
 *   committed) and `total_changes()` moving past what the driver accounted for are
 *   "everything changed" (sqlite-watch.ts);
 * - PostgreSQL, other processes: statement-level triggers on every table notify
 *   `fanspole_changes` with the table's name at commit; each process LISTENs
 *   (change-listener.ts). While it is not listening nothing holds (`holds` answers false), and
 *   when it listens again every table has changed.
 */
export interface TableChanges {
  /** The current count: read before the data an entry is made from. */
  now(): number
  /** Whether none of `tables` changed after count `at` (and changes can be heard at all). */
  holds(tables: readonly string[], at: number): boolean
  changed(tables: Iterable<string>): void
  changedAll(): void
  /** Called before a lookup: lets the engine notice changes it cannot be told about (SQLite). */
  refresh(): void
  /** False while changes from elsewhere could go unheard (PostgreSQL without LISTEN). */
  hearing: boolean
  /** Transactions open on the tracking driver's connections. */
  openTransactions: number
  /** SQLite: a raw statement changed rows while a transaction was open: everything changes at its end. */
  untrackedInTransaction: boolean
  /** Test hook: every statement the tracking driver runs, with the tables it reads and writes. */
  observe?: (sql: string, reads: readonly string[], writes: readonly string[] | 'all') => void
}

/**
 * Tables that database triggers write when a statement writes the key table (grep the
 * migrations for `trigger`): the writer's own process reports them at once, as the database
 * will. On PostgreSQL the statement triggers of the written tables notify the others.
 */
export const TRIGGER_WRITES: Readonly<Record<string, readonly string[]>> = {
  // 2026-11-24-002-list-indexes: starts_at_ms copied from the match; data_versions bumped.
  contests: ['data_versions'],
  matches: ['contests', 'data_versions'],
}

export function tableChanges(): TableChanges {
  let count = 0
  let allAt = 0
  const at = new Map<string, number>()
  const changes: TableChanges = {
    hearing: true,
    openTransactions: 0,
    untrackedInTransaction: false,
    now: () => count,
    holds(tables, since) {
      if (!changes.hearing || allAt > since) return false
      for (const table of tables) if ((at.get(table) ?? 0) > since) return false
      return true
    },
    changed(tables) {
      count++
      for (const table of tables) {
        at.set(table, count)
        for (const also of TRIGGER_WRITES[table] ?? []) at.set(also, count)
      }
    },
    changedAll() {
      allAt = ++count
    },
    refresh() {},
  }
  return changes
}
