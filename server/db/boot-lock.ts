import { sql } from 'kysely'
import type { DbHandle } from './dialect'

/** One number for "someone is migrating or seeding this database" (any constant would do). */
const BOOT_LOCK_KEY = 0x66616e73 // 'fans'

/**
 * Runs `fn` while holding PostgreSQL's session advisory lock for booting, so that of several
 * server processes starting at once on one database exactly one migrates, writes the reference
 * data and seeds the demo league; the others wait and then find it all done (every step checks
 * first). Kysely's migrator locks only around applying migrations, not around creating its
 * own bookkeeping tables nor our reference data and seed, which would race. The lock is held by
 * one pooled connection for the duration while `fn` works through the others; it is released
 * when `fn` ends, or by the server if this process dies. SQLite has one process: no lock.
 */
export async function withBootLock<T>(handle: DbHandle, fn: () => Promise<T>): Promise<T> {
  if (handle.kind !== 'postgres') return fn()
  return handle.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${BOOT_LOCK_KEY})`.execute(conn)
    try {
      return await fn()
    } finally {
      await sql`select pg_advisory_unlock(${BOOT_LOCK_KEY})`.execute(conn)
    }
  })
}
