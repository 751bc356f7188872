import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { Db } from '../../db/tx'

/** A fresh opaque secret (32 random bytes, base64url). Only its hash is stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/**
 * A secret derived from another under the server's token key: HMAC-SHA256, base64url, the
 * same 43 characters as newSecret(). Nobody without the key can compute it, and since the
 * key is only half of the input, nobody can compute it from the database either: tokens are
 * stored as hashes, so the plaintext it is derived `from` is nowhere at rest.
 */
export function deriveSecret(key: string, purpose: string, from: string): string {
  return createHmac('sha256', key).update(`${purpose}\0${from}`).digest('base64url')
}

const TOKEN_KEY = 'token_derivation_key'
const cache = new WeakMap<Db, string>()

/**
 * The server's token key (hex), generated the first time it is needed and kept in
 * `app_settings`, so every server process on the database and every restart uses the same
 * one. Read through the database handle, not a transaction: it never changes once written.
 */
export async function tokenKey(db: Db, nowMs: number): Promise<string> {
  const cached = cache.get(db)
  if (cached) return cached
  const read = () =>
    db.selectFrom('app_settings').select('value').where('key', '=', TOKEN_KEY).executeTakeFirst()
  let row = await read()
  if (!row) {
    // Two processes may race to create it: the first insert wins and both read the winner.
    await db
      .insertInto('app_settings')
      .values({ key: TOKEN_KEY, value: randomBytes(32).toString('hex'), updated_at_ms: nowMs })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()
    row = await read()
  }
  if (!row) throw new Error('the token key could not be stored')
  cache.set(db, row.value)
  return row.value
}
