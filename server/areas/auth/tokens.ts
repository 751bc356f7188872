import { randomUUID } from 'node:crypto'
import { type Param, preparedFirst } from '../../db/prepared'
import type { Db, Executor } from '../../db/tx'
import type { AuthUser } from '../../http/router'
import { hashSecret, newSecret } from './secrets'

/**
 * Opaque bearer tokens. Access tokens live 2 hours; refresh tokens rotate on every use
 * (refresh-rotation.ts). All tokens descended from one sign-in share a family id: presenting
 * a refresh token that was already used, after its short grace period, revokes the whole
 * family (RFC 9700 §4.14.2), and so does sign-out. Lifetimes run on wall time so a fast game
 * clock does not sign people out.
 */
export interface TokenPair {
  access_token: string
  refresh_token: string
  token_type: 'Bearer'
  expires_in: number
  created_at: number
}

export interface TokenTtls {
  accessTokenTtlMs: number
  refreshTokenTtlMs: number
}

export interface PairGrant {
  userId: number
  clientId: string
  familyId?: string
  parentId?: number | null
  /** The token strings, when they are derived rather than fresh (a rotation). */
  tokens?: { access: string; refresh: string }
}

export async function issueTokenPair(
  db: Executor,
  grant: PairGrant,
  ttl: TokenTtls,
  wallNowMs: number,
): Promise<TokenPair> {
  const familyId = grant.familyId ?? randomUUID()
  const access = grant.tokens?.access ?? newSecret()
  const refresh = grant.tokens?.refresh ?? newSecret()
  await db
    .insertInto('oauth_access_tokens')
    .values({
      token_hash: hashSecret(access),
      user_id: grant.userId,
      client_id: grant.clientId,
      family_id: familyId,
      expires_at_ms: wallNowMs + ttl.accessTokenTtlMs,
      created_at_ms: wallNowMs,
    })
    .execute()
  await db
    .insertInto('oauth_refresh_tokens')
    .values({
      token_hash: hashSecret(refresh),
      user_id: grant.userId,
      client_id: grant.clientId,
      family_id: familyId,
      parent_id: grant.parentId ?? null,
      expires_at_ms: wallNowMs + ttl.refreshTokenTtlMs,
      created_at_ms: wallNowMs,
    })
    .execute()
  return tokenPair(access, refresh, ttl, wallNowMs)
}

/** The token endpoint's answer for a pair created at `createdAtMs`. */
export function tokenPair(access: string, refresh: string, ttl: TokenTtls, createdAtMs: number): TokenPair {
  return {
    access_token: access,
    refresh_token: refresh,
    token_type: 'Bearer',
    expires_in: Math.floor(ttl.accessTokenTtlMs / 1000),
    created_at: Math.floor(createdAtMs / 1000),
  }
}

export async function revokeFamily(db: Executor, familyId: string, wallNowMs: number): Promise<void> {
  await db
    .updateTable('oauth_access_tokens')
    .set({ revoked_at_ms: wallNowMs })
    .where('family_id', '=', familyId)
    .where('revoked_at_ms', 'is', null)
    .execute()
  await db
    .updateTable('oauth_refresh_tokens')
    .set({ revoked_at_ms: wallNowMs })
    .where('family_id', '=', familyId)
    .where('revoked_at_ms', 'is', null)
    .execute()
}

/** Revokes every token of a user (password reset, account disabled). */
export async function revokeAllForUser(db: Executor, userId: number, wallNowMs: number): Promise<void> {
  await db
    .updateTable('oauth_access_tokens')
    .set({ revoked_at_ms: wallNowMs })
    .where('user_id', '=', userId)
    .where('revoked_at_ms', 'is', null)
    .execute()
  await db
    .updateTable('oauth_refresh_tokens')
    .set({ revoked_at_ms: wallNowMs })
    .where('user_id', '=', userId)
    .where('revoked_at_ms', 'is', null)
    .execute()
}

/** Finds the family of an access or refresh token (for sign-out by token). */
export async function familyOfToken(db: Executor, token: string): Promise<string | undefined> {
  const hash = hashSecret(token)
  const access = await db
    .selectFrom('oauth_access_tokens')
    .select('family_id')
    .where('token_hash', '=', hash)
    .executeTakeFirst()
  if (access) return access.family_id
  const refresh = await db
    .selectFrom('oauth_refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hash)
    .executeTakeFirst()
  return refresh?.family_id
}

export type AccessCheck = { ok: true; user: AuthUser } | { ok: false; problem: string }

/** The one query every signed-in request runs: compiled once (db/prepared.ts). */
const tokenRow = preparedFirst((db, param: Param<{ hash: string }>) =>
  db
    .selectFrom('oauth_access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id as token_id',
      't.family_id',
      't.client_id',
      't.expires_at_ms',
      't.revoked_at_ms',
      'u.id',
      'u.slug',
      'u.username',
      'u.email',
      'u.role',
      'u.status',
    ])
    .where('t.token_hash', '=', param('hash')),
)

/** Resolves a bearer token to its user, on every authenticated request and /cable connect. */
export async function resolveAccessToken(db: Db, token: string, wallNowMs: number): Promise<AccessCheck> {
  return checkAccess(await lookUpAccess(db, hashSecret(token)), wallNowMs)
}

/** What a token hash resolves to in the database, before the clock is asked. */
export type AccessRow = { ok: true; user: AuthUser; expiresAtMs: number } | { ok: false; problem: string }

export async function lookUpAccess(db: Db, hash: string): Promise<AccessRow> {
  const row = await tokenRow(db, { hash })
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
