import type BetterSqlite3 from 'better-sqlite3'

/**
 * How SQLite is set for a long run of write transactions that rewrite pages all over a few big
 * tables — a match's settlement: member rows, users' XP, accounts, entries and notifications
 * of hundreds of thousands of users, in batches of about 100k entries:
 *
 * - **A bigger page cache** (512 MB instead of the connection's 128 MB): each batch touches
 *   nearly every page of `users`, `ledger_accounts` and their indexes again; in 128 MB they
 *   were evicted and reread between batches.
 * - **No checkpoint after each batch**, one at the end. Every commit that found the WAL over
 *   1,000 pages copied it into the database file and synced it, so the pages every batch
 *   rewrites were written to the file once per batch; now each reaches it once. The WAL grows
 *   meanwhile (about 1 GB for a million-team match) and is reused after the checkpoint.
 *
 * Both are this connection's settings (SQLite serves one process, DESIGN §2), put back when
 * `fn` ends, however it ends; a crash takes them with the connection. Without SQLite (`sqlite`
 * undefined) it just runs `fn`.
 */
export async function withBulkWrites<T>(
  sqlite: BetterSqlite3.Database | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  if (!sqlite) return fn()
  const cache = sqlite.pragma('cache_size', { simple: true }) as number
  const autocheckpoint = sqlite.pragma('wal_autocheckpoint', { simple: true }) as number
  sqlite.pragma(`cache_size = ${BULK_CACHE_KIB}`)
  sqlite.pragma('wal_autocheckpoint = 0')
  try {
    return await fn()
  } finally {
    sqlite.pragma(`wal_autocheckpoint = ${Number(autocheckpoint)}`)
    sqlite.pragma(`cache_size = ${Number(cache)}`)
    // What the batches wrote, into the database file in one pass (readers still on older
    // pages keep them: PASSIVE waits for nobody).
    sqlite.pragma('wal_checkpoint(PASSIVE)')
  }
}

/** 512 MB, in the negative KiB form `cache_size` takes. */
const BULK_CACHE_KIB = -524_288
