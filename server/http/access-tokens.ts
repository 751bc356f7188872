import { type Param, preparedFirst } from '../db/prepared'
import type { Db } from '../db/tx'
import { hashSecret } from '../lib/secrets'
import type { AuthUser } from './router'

/**
 * Which user a bearer token belongs to: the one lookup every signed-in request and every /cable
 * connect makes, below the areas so the HTTP and cable edges can run it (the auth area issues
 * and revokes the tokens, server/areas/auth/tokens.ts).
 */
export type AccessCheck = { ok: true; user: AuthUser } | { ok: false; problem: string }

/** What a token lookup reads: the token row and its user. */
const TOKEN_COLUMNS = [
  't.id as token_id',
  't.family_id',
  't.client_id',
  't.expires_at_ms',
  't.revoked_at_ms',
  't.token_hash',
  'u.id',
  'u.slug',
  'u.username',
  'u.email',
  'u.role',
  'u.status',
] as const

const tokensWithUsers = (db: Db) =>
  db.selectFrom('oauth_access_tokens as t').innerJoin('users as u', 'u.id', 't.user_id').select(TOKEN_COLUMNS)

type TokenRow = NonNullable<Awaited<ReturnType<ReturnType<typeof tokensWithUsers>['executeTakeFirst']>>>

/** The one query every signed-in request runs: compiled once (db/prepared.ts). */
const tokenRow = preparedFirst((db, param: Param<{ hash: string }>) =>
  tokensWithUsers(db).where('t.token_hash', '=', param('hash')),
)

/** Resolves a bearer token to its user, on every authenticated request and /cable connect. */
export async function resolveAccessToken(db: Db, token: string, wallNowMs: number): Promise<AccessCheck> {
  return checkAccess(await lookUpAccess(db, hashSecret(token)), wallNowMs)
}

/** What a token hash resolves to in the database, before the clock is asked. */
export type AccessRow = { ok: true; user: AuthUser; expiresAtMs: number } | { ok: false; problem: string }

export async function lookUpAccess(db: Db, hash: string): Promise<AccessRow> {
  return accessOf(await tokenRow(db, { hash }))
}

/**
 * `lookUpAccess` for many token hashes in one query (a burst of /cable connects): a row per
 * hash asked for, in a Map keyed by hash.
 */
export async function lookUpAccessMany(db: Db, hashes: string[]): Promise<Map<string, AccessRow>> {
  const rows = await tokensWithUsers(db).where('t.token_hash', 'in', hashes).execute()
  const byHash = new Map(rows.map((row) => [row.token_hash, row]))
  return new Map(hashes.map((hash) => [hash, accessOf(byHash.get(hash))]))
}

function accessOf(row: TokenRow | undefined): AccessRow {
  if (!row) return { ok: false, problem: 'The access token is invalid' }
  if (row.revoked_at_ms !== null) return { ok: false, problem: 'The access token was revoked' }
  if (row.status !== 'active') return { ok: false, problem: 'This account is not active' }
  return {
    ok: true,
    expiresAtMs: Number(row.expires_at_ms),
    user: {
      id: row.id,
      slug: row.slug,
      username: row.username,
      email: row.email,
      role: row.role,
      tokenId: row.token_id,
      familyId: row.family_id,
      clientId: row.client_id,
    },
  }
}

/** Expiry runs on wall time: a token found valid earlier may have expired since. */
export function checkAccess(row: AccessRow, wallNowMs: number): AccessCheck {
  if (!row.ok) return row
  if (row.expiresAtMs <= wallNowMs) return { ok: false, problem: 'The access token has expired' }
  return { ok: true, user: row.user }
}
