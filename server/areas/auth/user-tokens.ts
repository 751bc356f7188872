import type { Deps } from '../../core/deps'
import { rowWhere } from '../../db/query'
import type { TokenPurpose } from '../../db/schema'
import type { Executor } from '../../db/tx'
import { hashSecret, newSecret } from '../../lib/secrets'
import { sendMail } from '../mail'

/**
 * One-time tokens mailed to people: password resets and account activation (which also
 * verifies the e-mail address). Only the hash is stored; a token works once, until it expires.
 * Lifetimes run on wall time, not the game clock.
 */
export async function issueUserToken(
  db: Executor,
  userId: number,
  purpose: TokenPurpose,
  ttlMs: number,
  wallNowMs: number,
): Promise<string> {
  const token = newSecret()
  // A new token of the same purpose replaces any earlier unused one.
  await db
    .updateTable('user_tokens')
    .set({ used_at_ms: wallNowMs })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at_ms', 'is', null)
    .execute()
  await db
    .insertInto('user_tokens')
    .values({
      user_id: userId,
      purpose,
      token_hash: hashSecret(token),
      expires_at_ms: wallNowMs + ttlMs,
      created_at_ms: wallNowMs,
    })
    .execute()
  return token
}

/** A mail that carries a one-time token: `verificationMail`, `invitationMail`, `resetPasswordMail`. */
type TokenMail = (baseUrl: string, username: string, token: string) => { subject: string; body: string }

/** Issues the user a one-time token for `purpose` (its lifetime from the config) and mails it. */
export async function mailUserToken(
  deps: Deps,
  tx: Executor,
  user: { id: number; email: string; username: string },
  purpose: TokenPurpose,
  mail: TokenMail,
  nowMs: number,
  linkBase: string,
): Promise<void> {
  const ttlMs = purpose === 'activation' ? deps.config.activationTokenTtlMs : deps.config.resetTokenTtlMs
  const token = await issueUserToken(tx, user.id, purpose, ttlMs, deps.clock.wallNow())
  await sendMail(tx, { to: user.email, ...mail(linkBase, user.username, token) }, nowMs)
}

export type TokenCheck =
  | { ok: true; tokenId: number; userId: number }
  | { ok: false; reason: 'unknown' | 'used' | 'expired' }

export async function checkUserToken(
  db: Executor,
  token: string,
  purpose: TokenPurpose,
  wallNowMs: number,
): Promise<TokenCheck> {
  const row = await rowWhere(db, 'user_tokens', { token_hash: hashSecret(token), purpose })
  if (!row) return { ok: false, reason: 'unknown' }
  if (row.used_at_ms !== null) return { ok: false, reason: 'used' }
  if (Number(row.expires_at_ms) <= wallNowMs) return { ok: false, reason: 'expired' }
  return { ok: true, tokenId: row.id, userId: row.user_id }
}

export async function consumeUserToken(db: Executor, tokenId: number, wallNowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('user_tokens')
    .set({ used_at_ms: wallNowMs })
    .where('id', '=', tokenId)
    .where('used_at_ms', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
