import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Deps } from '../deps'
import { AppError, invalid } from './errors'
import { type AppEnv, currentUser } from './router'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/** Set on an answer that is a stored first answer, not a new one. */
export const REPLAYED_HEADER = 'Idempotent-Replayed'

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/
/** A reservation whose request is still running (no answer stored yet). */
const IN_FLIGHT = 0

/**
 * `Idempotency-Key` for money-moving POSTs. Put it on a route with
 * `createRoute({ …, middleware: [idempotency(deps)] })`.
 *
 * Without the header the request runs as usual. With it, keys are per user:
 * - the first request reserves the key, runs, and its answer (status and body) is kept;
 * - the same key with the same method, path and body gets that first answer again, with
 *   `Idempotent-Replayed: true`, and nothing runs again;
 * - the same key with another body (or path) is refused: 422 `IDEMPOTENCY_KEY_REUSED`;
 * - the same key while the first request is still running: 409 `IDEMPOTENCY_KEY_IN_USE`.
 * Answers of 500 and above and 429 are not kept (the key is released), so a retry runs again.
 */
export function idempotency(deps: Pick<Deps, 'db' | 'clock'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER)
    if (key === undefined) return next()
    if (!KEY_PATTERN.test(key))
      throw invalid({ idempotency_key: ['must be 1 to 255 visible ASCII characters (a UUID, say)'] })
    const user = currentUser(c)
    const method = c.req.method
    const path = requestPath(c.req.url)
    const requestHash = hashRequest(method, path, await c.req.raw.clone().text())

    const reserved = await deps.db
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
      const first = await deps.db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response_body'])
        .where('user_id', '=', user.id)
        .where('key', '=', key)
        .executeTakeFirstOrThrow()
      if (first.request_hash !== requestHash)
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used with a different request',
          { idempotency_key: ['was already used with a different request'] },
        )
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

    const release = () => deps.db.deleteFrom('idempotency_keys').where('id', '=', reserved.id).execute()
    try {
      await next()
    } catch (error) {
      await release()
      throw error
    }
    const status = c.res.status
    if (status >= 500 || status === 429) {
      await release()
      return
    }
    await deps.db
      .updateTable('idempotency_keys')
      .set({ status_code: status, response_body: await c.res.clone().text() })
      .where('id', '=', reserved.id)
      .execute()
  }
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
