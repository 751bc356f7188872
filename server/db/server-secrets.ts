import { randomBytes } from 'node:crypto'
import type { Executor } from './tx'

const cache = new WeakMap<object, Map<string, string>>()

/**
 * A server secret (32 random bytes, hex) kept in `app_settings` under `key`: generated the
 * first time it is needed, then the same for every server process on the database and every
 * restart. It never changes once written, so it is cached per database handle.
 */
export async function serverSecret(db: Executor, key: string, nowMs: number): Promise<string> {
  const known = cache.get(db)?.get(key)
  if (known) return known
  const read = () => db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst()
  let row = await read()
  if (!row) {
    // Two processes may race to create it: the first insert wins and both read the winner.
    await db
      .insertInto('app_settings')
      .values({ key, value: randomBytes(32).toString('hex'), updated_at_ms: nowMs })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()
    row = await read()
  }
  if (!row) throw new Error(`the server secret ${key} could not be stored`)
  const perDb = cache.get(db) ?? new Map<string, string>()
  perDb.set(key, row.value)
  cache.set(db, perDb)
  return row.value
}
