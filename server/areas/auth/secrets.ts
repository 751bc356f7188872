import { serverSecret } from '../../db/server-secrets'
import type { Db } from '../../db/tx'

/**
 * The server's token key (hex), generated the first time it is needed and kept in
 * `app_settings`, so every server process on the database and every restart uses the same
 * one. Read through the database handle, not a transaction: it never changes once written.
 */
export function tokenKey(db: Db, nowMs: number): Promise<string> {
  return serverSecret(db, 'token_derivation_key', nowMs)
}
