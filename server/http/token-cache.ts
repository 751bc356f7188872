import type { Deps } from '../core/deps'
import { hashSecret } from '../lib/secrets'
import { type AccessCheck, type AccessRow, checkAccess, lookUpAccess } from './access-tokens'

interface Known {
  mark: string
  row: AccessRow & { ok: true }
}

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
 * under `mark`); undefined otherwise. Synchronous, for the fast path (http/fast-reads.ts).
 */
export function knownAccess(deps: Deps, token: string, mark: string): AccessCheck | undefined {
  const known = tokensOf(deps).get(token)
  return known && known.mark === mark ? checkAccess(known.row, deps.clock.wallNow()) : undefined
}

/** The user a token was last known to belong to, under whatever mark (a token never changes hands). */
export function lastKnownUser(deps: Deps, token: string): number | undefined {
  const known = tokensOf(deps).get(token)
  return known?.row.user.id
}

/**
 * `resolveAccessToken` for the request path, with what the database said about a token kept
 * per process under the database's change mark (db/change-mark.ts), read by the caller before
 * this. While nothing has been committed since, the token row and its user are what they were;
 * any commit (a sign-out, a revoked family, a disabled account, or anything else) and the next
 * request asks the database again. So a revoked token is refused on the very next request, in
 * every server process. Expiry is checked on every call: it runs on wall time, not on data.
 */
export async function resolveAccessTokenAt(deps: Deps, token: string, mark: string): Promise<AccessCheck> {
  const cache = tokensOf(deps)
  // Keyed by the token itself (the request holds it anyway): hashing it is a tenth of a hit.
  const known = cache.get(token)
  if (known && known.mark === mark) return checkAccess(known.row, deps.clock.wallNow())
  const row = await lookUpAccess(deps.db, hashSecret(token))
  cache.delete(token)
  // Only tokens that resolved: unknown ones sent by the thousand must not push real ones out.
  if (row.ok) {
    if (cache.size >= MAX_TOKENS) {
      const oldest = cache.keys().next().value
      if (oldest !== undefined) cache.delete(oldest)
    }
    cache.set(token, { mark, row })
  }
  return checkAccess(row, deps.clock.wallNow())
}
