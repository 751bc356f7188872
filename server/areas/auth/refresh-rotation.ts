import { rowWhere } from '../../db/query'
import type { Tx } from '../../db/tx'
import { deriveSecret, hashSecret } from '../../lib/secrets'
import { revokeFamily, type TokenPair, type TokenTtls, tokenPair } from './tokens'

/**
 * Refresh-token rotation with a grace period (docs/decisions.md, "Refresh grace").
 *
 * A refresh token's successor pair is not random: both tokens are HMACs of the presented
 * refresh token under the server's token key. So when two tabs (or six requests) present the
 * same refresh token within `graceMs` of its rotation, the later ones are answered with the
 * very pair the first one got — recomputed from the token they present, checked against the
 * stored hashes — without any plaintext token being stored. Outside the grace, or once the
 * successor was itself rotated or the family revoked, presenting a used token is reuse and
 * revokes the family (RFC 9700 §4.14.2).
 */
export type RefreshOutcome =
  | {
      ok: true
      kind: 'rotate'
      userId: number
      familyId: string
      parentId: number
      tokens: { access: string; refresh: string }
    }
  | { ok: true; kind: 'replay'; userId: number; pair: TokenPair }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'wrong_client' }

export interface RefreshRequest {
  token: string
  clientId: string
  /** The server's token key (secrets.ts tokenKey). */
  key: string
  wallNowMs: number
  graceMs: number
  ttl: TokenTtls
  /** Lock the presented token's row (FOR UPDATE; PostgreSQL: SQLite's BEGIN IMMEDIATE already serialises). */
  lock: boolean
}

/** The pair that succeeds `refreshToken`: the same every time it is asked for. */
export function successorTokens(key: string, refreshToken: string) {
  return {
    access: deriveSecret(key, 'access', refreshToken),
    refresh: deriveSecret(key, 'refresh', refreshToken),
  }
}

/**
 * Marks a refresh token used and says which pair succeeds it, or answers the successor again
 * during the grace period. Runs inside the transaction that issues the new pair, with the
 * presented token's row locked, so simultaneous refreshes see each other's rotation.
 */
export async function consumeRefreshToken(tx: Tx, request: RefreshRequest): Promise<RefreshOutcome> {
  const { wallNowMs } = request
  const select = tx
    .selectFrom('oauth_refresh_tokens')
    .selectAll()
    .where('token_hash', '=', hashSecret(request.token))
  const row = await (request.lock ? select.forUpdate() : select).executeTakeFirst()
  if (!row) return { ok: false, reason: 'unknown' }
  if (row.revoked_at_ms !== null) return { ok: false, reason: 'revoked' }
  const successor = successorTokens(request.key, request.token)
  if (row.used_at_ms !== null) {
    const inGrace = wallNowMs < Number(row.used_at_ms) + request.graceMs && row.client_id === request.clientId
    const createdAtMs = inGrace ? await liveSuccessor(tx, row.id, successor, wallNowMs) : undefined
    if (createdAtMs !== undefined) {
      const pair = tokenPair(successor.access, successor.refresh, request.ttl, createdAtMs)
      return { ok: true, kind: 'replay', userId: row.user_id, pair }
    }
    await revokeFamily(tx, row.family_id, wallNowMs)
    return { ok: false, reason: 'reused' }
  }
  if (Number(row.expires_at_ms) <= wallNowMs) return { ok: false, reason: 'expired' }
  if (row.client_id !== request.clientId) return { ok: false, reason: 'wrong_client' }
  await tx
    .updateTable('oauth_refresh_tokens')
    .set({ used_at_ms: wallNowMs })
    .where('id', '=', row.id)
    .execute()
  // The access token issued with the old pair stops working once it is rotated away.
  await tx
    .updateTable('oauth_access_tokens')
    .set({ revoked_at_ms: wallNowMs })
    .where('family_id', '=', row.family_id)
    .where('revoked_at_ms', 'is', null)
    .execute()
  return {
    ok: true,
    kind: 'rotate',
    userId: row.user_id,
    familyId: row.family_id,
    parentId: row.id,
    tokens: successor,
  }
}

/**
 * When the successor pair of refresh token `parentId` is still the live end of its family —
 * not rotated again, not revoked, its access token still valid — answers when it was created.
 * A successor issued before rotation was derived (random tokens) never matches the hashes,
 * so it is never answered again.
 */
async function liveSuccessor(
  tx: Tx,
  parentId: number,
  successor: { access: string; refresh: string },
  wallNowMs: number,
): Promise<number | undefined> {
  const next = await rowWhere(tx, 'oauth_refresh_tokens', {
    parent_id: parentId,
    token_hash: hashSecret(successor.refresh),
  })
  if (!next || next.used_at_ms !== null || next.revoked_at_ms !== null) return undefined
  const access = await tx
    .selectFrom('oauth_access_tokens')
    .select(['revoked_at_ms', 'expires_at_ms'])
    .where('token_hash', '=', hashSecret(successor.access))
    .executeTakeFirst()
  if (!access || access.revoked_at_ms !== null || Number(access.expires_at_ms) <= wallNowMs) return undefined
  return Number(next.created_at_ms)
}
