import { createHash } from 'node:crypto'
import { createRoute, type RouteConfig } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { Deps } from '../core/deps'
import { type Tx, withTxScope } from '../db/tx'
import { crashPoint } from '../lib/crash-point'
import { AppError, invalid } from './errors'
import { type AppContext, type AppEnv, currentUser } from './router'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/** Set on an answer that is a stored first answer, not a new one. */
export const REPLAYED_HEADER = 'Idempotent-Replayed'

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

/** The header as /api/openapi.json documents it on every money-moving operation. */
export const IDEMPOTENCY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: 'header' as const,
  required: false,
  description:
    'This operation moves money or creates something paid for. Send a fresh key (a UUID, say) per action and the same key on its retries: the same key with the same body answers the first answer again (`Idempotent-Replayed: true`) and nothing runs twice; the same key with another body is 422 `IDEMPOTENCY_KEY_REUSED`. Keys are per user.',
  schema: { type: 'string' as const, minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
}

/**
 * Declares a money-moving operation: every route that moves money or creates something paid
 * for is declared with this instead of `createRoute`, so the declaration both honours
 * `Idempotency-Key` (the middleware below, after the sign-in check) and documents the header
 * in /api/openapi.json — where `tests/api/wallet/money-routes.test.ts` finds every such operation,
 * and, walking the API, every operation that moved money without being declared. The
 * handler must do its work through `requestDeps(c, deps)`.
 */
export function moneyRoute<P extends string, R extends Omit<RouteConfig, 'path'> & { path: P }>(
  deps: Pick<Deps, 'db' | 'bus' | 'clock' | 'config'>,
  route: R,
): ReturnType<typeof createRoute<P, R>> {
  // Keys are per user: an operation anyone may call has no one to keep a key for.
  if (!route.security?.some((s) => Object.hasOwn(s, 'Bearer')))
    throw new Error(`moneyRoute ${route.method} ${route.path}: needs security: bearerSecurity`)
  const own = route.middleware === undefined ? [] : [route.middleware].flat()
  return createRoute({
    ...route,
    middleware: [...own, idempotency(deps)],
    parameters: [...(route.parameters ?? []), IDEMPOTENCY_PARAMETER],
  })
}
/** A reservation whose answer is not stored yet (never visible outside its transaction now). */
const IN_FLIGHT = 0

/**
 * `Idempotency-Key` for money-moving POSTs. Put it on a route with
 * `createRoute({ …, middleware: [idempotency(deps)] })`, and run the route's work with
 * `requestDeps(c, deps)` (see below).
 *
 * Without the header the request runs as usual. With it, keys are per user:
 * - the first request reserves the key, runs, and its answer (status and body) is kept;
 * - the same key with the same method, path and body gets that first answer again, with
 *   `Idempotent-Replayed: true`, and nothing runs again;
 * - the same key with another body (or path) is refused: 422 `IDEMPOTENCY_KEY_REUSED`.
 * Answers of 500 and above and 429 are not kept, and nothing of their request is: a retry
 * runs afresh.
 *
 * The key, the change it protects and the answer commit in **one transaction**, opened here
 * around the whole request: a crash before the commit leaves neither the change nor the key
 * (a retry runs afresh), a crash after it leaves both (a retry gets the answer). A second
 * request with the same key waits for the first one's transaction (SQLite: one writer;
 * PostgreSQL: the unique key's row lock) and then replays its answer.
 */
export function idempotency(deps: Pick<Deps, 'db' | 'bus' | 'clock' | 'config'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER)
    if (key === undefined) return next()
    if (!KEY_PATTERN.test(key))
      throw invalid({ idempotency_key: ['must be 1 to 255 visible ASCII characters (a UUID, say)'] })
    const user = currentUser(c)
    const method = c.req.method
    const path = requestPath(c.req.url)
    const requestHash = hashRequest(method, path, await c.req.raw.clone().text())

    let replay: Response | undefined
    try {
      await withTxScope(deps, async (scope) => {
        const { tx } = scope
        const reserved = await tx
          .insertInto('idempotency_keys')
          .values({
            user_id: user.id,
            key,
            method,
            path,
            request_hash: requestHash,
            status_code: IN_FLIGHT,
            response_body: '',
            created_at_ms: deps.clock.now(),
          })
          .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
          .returning('id')
          .executeTakeFirst()
        if (!reserved) {
          replay = await storedAnswer(tx, user.id, key, requestHash)
          return
        }
        c.set('txScope', scope)
        try {
          await next()
        } finally {
          c.set('txScope', null)
        }
        const status = c.res.status
        if (status >= 500 || status === 429) throw new Unkept()
        await tx
          .updateTable('idempotency_keys')
          .set({ status_code: status, response_body: await c.res.clone().text() })
          .where('id', '=', reserved.id)
          .execute()
        crashPoint(deps.config, 'idempotency.answered')
      })
      crashPoint(deps.config, 'idempotency.committed')
    } catch (error) {
      // The answer stands (a 5xx or 429 is already in c.res); the key and the change are gone.
      if (error instanceof Unkept) return
      throw error
    }
    if (replay) return replay
  }
}

/** A 5xx or a 429: its request is rolled back with its key, so a retry runs again. */
class Unkept extends Error {}

/** The answer stored for a key that is already taken (committed: its transaction is over). */
async function storedAnswer(tx: Tx, userId: number, key: string, requestHash: string): Promise<Response> {
  const first = await tx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow()
  if (first.request_hash !== requestHash)
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used with a different request',
      { idempotency_key: ['was already used with a different request'] },
    )
  // Only a key reserved by an older version (reserved and answered in two transactions) can
  // be in flight here: whether its change committed is unknown, so it is not run again.
  if (first.status_code === IN_FLIGHT)
    throw new AppError(
      'IDEMPOTENCY_KEY_IN_USE',
      'A request with this Idempotency-Key is still being processed; try again shortly',
    )
  return new Response(first.response_body, {
    status: first.status_code,
    headers: { 'content-type': 'application/json', [REPLAYED_HEADER]: 'true' },
  })
}

/**
 * The deps a route's work must use: inside an idempotent request, a copy whose `db` is the
 * request's transaction (and whose `withTx` nests in it); otherwise the deps themselves. On
 * SQLite there is one connection: the outer `deps.db` waits for the request's own transaction
 * to end, so touching it from inside would never return.
 * (A copy is a different object: per-deps caches — auction memos, live scoring — are not
 * shared with it; no idempotent route uses them.)
 */
export function requestDeps<D extends Deps>(c: AppContext, deps: D): D {
  const scope = c.get('txScope')
  return scope ? { ...deps, db: scope.tx, txScope: scope } : deps
}

/** The routed path: `/api/user_credits.json` and `/api/user_credits/` are the same request. */
function requestPath(url: string): string {
  let path = new URL(url).pathname
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
  if (path.endsWith('.json')) path = path.slice(0, -5)
  return path
}

/** JSON bodies are compared by meaning (key order and spacing do not matter), others byte for byte. */
function hashRequest(method: string, path: string, body: string): string {
  let canonical = body
  try {
    canonical = stableJson(JSON.parse(body))
  } catch {
    // not JSON: the raw text
  }
  return createHash('sha256').update(`${method}\n${path}\n${canonical}`).digest('hex')
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value)
}
