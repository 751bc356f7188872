import type BetterSqlite3 from 'better-sqlite3'
import { type Kysely, sql } from 'kysely'
import type { Database } from './schema'

/**
 * "Has anything been committed since?" in one cheap read, for caches that must never serve
 * what the database no longer holds (answers of hot reads, resolved tokens). A cache entry
 * remembers the mark it was filled under, read *before* the data it holds: a commit landing
 * in between leaves the entry already stale, never wrong. Any commit anywhere moves the mark,
 * so a cache built on it needs no list of which tables an answer depends on (a table added
 * later is covered too) and invalidates more often than it strictly must: under a steady
 * stream of writes it mostly misses, which costs the uncached read plus the mark.
 *
 * SQLite: `total_changes()` counts the rows this connection has changed (through triggers
 * too) and `PRAGMA data_version` moves when another connection commits: another process,
 * the sqlite3 shell. A change made inside a transaction that is still open, or that rolls
 * back, moves the mark too, which only costs a miss.
 *
 * PostgreSQL: `pg_current_snapshot()` (xmin:xmax:in-progress ids). Any transaction that writes
 * takes an id; while it runs the snapshot lists it or it lies beyond xmax, and once it ends
 * xmax or the list changes. Equal snapshots therefore mean the same set of committed writes,
 * from every process on the database.
 */
export function sqliteChangeMark(sqlite: BetterSqlite3.Database): () => string {
  const changes = sqlite.prepare('select total_changes()').pluck()
  const version = sqlite.prepare('pragma data_version').pluck()
  // Synchronous and outside Kysely's connection lock on purpose: neither value is data, and
  // a read during another request's open transaction only moves the mark earlier (above).
  return () => `${changes.get()}.${version.get()}`
}

export function postgresChangeMark(db: Kysely<Database>): () => Promise<string> {
  return async () => {
    const { rows } = await sql<{ mark: string }>`select pg_current_snapshot()::text as mark`.execute(db)
    return rows[0]?.mark ?? ''
  }
}
