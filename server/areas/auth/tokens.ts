import { randomUUID } from 'node:crypto'
import type { Executor } from '../../db/tx'
import { hashSecret, newSecret } from '../../lib/secrets'

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
  await revokeTokens(db, { family_id: familyId }, wallNowMs)
}

/** Revokes every token of a user (password reset, account disabled). */
export async function revokeAllForUser(db: Executor, userId: number, wallNowMs: number): Promise<void> {
  await revokeTokens(db, { user_id: userId }, wallNowMs)
}

/** Access and refresh tokens alike, those not revoked yet: of one family, or of one user. */
async function revokeTokens(
  db: Executor,
  of: { family_id: string } | { user_id: number },
  wallNowMs: number,
): Promise<void> {
  for (const table of ['oauth_access_tokens', 'oauth_refresh_tokens'] as const) {
    const live = db.updateTable(table).set({ revoked_at_ms: wallNowMs }).where('revoked_at_ms', 'is', null)
    await ('family_id' in of
      ? live.where('family_id', '=', of.family_id)
      : live.where('user_id', '=', of.user_id)
    ).execute()
  }
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
