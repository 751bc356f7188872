import type BetterSqlite3 from 'better-sqlite3'
import type { TableChanges } from './table-changes'
import type { StatementHooks } from './tracking-driver'

/**
 * SQLite's side of the per-table change versions (table-changes.ts): what the tracking driver
 * cannot see, noticed with two cheap reads (~0.2 µs, no I/O) before every lookup and statement.
 *
 * - `pragma data_version` moves when another connection commits (another process, the sqlite3
 *   shell): which tables it wrote is unknown, so every table changed.
 * - `total_changes()` counts the rows this connection changed (triggers included). After each
 *   statement the driver sends, the count is taken as accounted for; if it moved otherwise, a
 *   raw better-sqlite3 statement wrote (settlement's bulk paths do): every table changed, and
 *   again when the transaction it ran in ends (its rows become visible to nobody else before,
 *   but a rollback must not leave an answer made in between standing).
 */
export function sqliteWatch(sqlite: BetterSqlite3.Database, changes: TableChanges): StatementHooks {
  const total = sqlite.prepare('select total_changes()').pluck()
  const version = sqlite.prepare('pragma data_version').pluck()
  let accounted = total.get() as number
  let seenVersion = version.get() as number
  const refresh = () => {
    const v = version.get() as number
    const t = total.get() as number
    if (v === seenVersion && t === accounted) return
    seenVersion = v
    accounted = t
    changes.changedAll()
    if (changes.openTransactions > 0) changes.untrackedInTransaction = true
  }
  changes.refresh = refresh
  return {
    before: refresh,
    after: () => {
      accounted = total.get() as number
    },
  }
}
