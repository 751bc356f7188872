import type { Deps } from '../core/deps'
import { hashSecret } from '../lib/secrets'
import { type AccessCheck, type AccessRow, checkAccess, lookUpAccess } from './access-tokens'
import type { Reads } from './answer-cache'

interface Known {
  /** The change count read before the token's row (db/table-changes.ts). */
  at: number
  row: AccessRow & { ok: true }
}

/** What resolving a token reads (access-tokens.ts `tokenRow`). */
const TOKEN_TABLES: Reads = ['oauth_access_tokens', 'users']

/** Tokens in use at once: the oldest are dropped beyond it. */
const MAX_TOKENS = 10_000

const caches = new WeakMap<Deps['dbHandle'], Map<string, Known>>()

function tokensOf(deps: Deps): Map<string, Known> {
  let cache = caches.get(deps.dbHandle)
  if (!cache) {
    cache = new Map()
    caches.set(deps.dbHandle, cache)
  }
  return cache
}

/**
 * What `resolveAccessTokenAt` would answer, if it can without the database (the token is kept
 * and its tables have not changed since); undefined otherwise. Synchronous, for the fast path
 * (http/fast-reads.ts), which has read the change count first.
 */
export function knownAccess(deps: Deps, token: string): AccessCheck | undefined {
  const known = tokensOf(deps).get(token)
  return known && deps.dbHandle.changes.holds(TOKEN_TABLES, known.at)
    ? checkAccess(known.row, deps.clock.wallNow())
    : undefined
}

/**
 * `resolveAccessToken` for the request path, with what the database said about a token kept
 * per process, checked against the per-table change versions (db/table-changes.ts) from the
 * change count `at`, read by the caller before this. While neither the tokens nor the users
 * have changed since, the token row and its user are what they were; a sign-out, a revoked
 * family, a disabled account (in any server process) and the next request asks the database
 * again. So a revoked token is refused on the very next request (on another PostgreSQL
 * process, once its notification has arrived). Expiry is checked on every call: it runs on
 * wall time, not on data.
 */
export async function resolveAccessTokenAt(deps: Deps, token: string, at: number): Promise<AccessCheck> {
  const cache = tokensOf(deps)
  // Keyed by the token itself (the request holds it anyway): hashing it is a tenth of a hit.
  const known = cache.get(token)
  if (known && deps.dbHandle.changes.holds(TOKEN_TABLES, known.at))
    return checkAccess(known.row, deps.clock.wallNow())
  const row = await lookUpAccess(deps.db, hashSecret(token))
  cache.delete(token)
  // Only tokens that resolved: unknown ones sent by the thousand must not push real ones out.
  if (row.ok) {
    if (cache.size >= MAX_TOKENS) {
      const oldest = cache.keys().next().value
      if (oldest !== undefined) cache.delete(oldest)
    }
    cache.set(token, { at, row })
  }
  return checkAccess(row, deps.clock.wallNow())
}
