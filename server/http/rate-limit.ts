import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import type { RateLimit } from '../core/config'
import type { Deps } from '../core/deps'
import { AppError } from './errors'
import type { AppEnv } from './router'
import { countHit } from './throttle'

/**
 * The caller's address; in-process requests (tests) have none and share one bucket. Behind a
 * trusted proxy (`trustProxy`) the last `X-Forwarded-For` entry: the proxy appends the address
 * it saw, anything before it came from the caller.
 */
export function clientAddress(c: Context, trustProxy = false): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'local'
  } catch {
    return 'local'
  }
}

/**
 * A fixed-window limiter (wall time), counted in the database (`rate_limit_counters`, the
 * table the sign-in throttle uses) so that every server process on one database shares one
 * count: a caller spreading requests over several nodes gets no extra attempts. `key` picks
 * the bucket (address, address + login …); `applies` lets one route carry several limiters
 * (the token endpoint limits the password grant and the refresh grant separately). Every
 * request that applies is counted by one atomic upsert that answers the new count, so under
 * concurrency exactly `limit` get through. Over the limit: 429 RATE_LIMITED with Retry-After
 * (seconds until the window ends).
 */
export function limit(
  deps: Pick<Deps, 'db' | 'clock'>,
  name: string,
  rule: RateLimit,
  key: (c: Context<AppEnv>) => Promise<string> | string,
  applies: (c: Context<AppEnv>) => Promise<boolean> | boolean = () => true,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await applies(c))) return next()
    const nowMs = deps.clock.wallNow()
    const windowStartMs = Math.floor(nowMs / rule.windowMs) * rule.windowMs
    const hits = await countHit(deps.db, `${name}:${await key(c)}`, windowStartMs)
    // The first hit of a window clears this limiter's ended windows: the table stays small
    // without a job, and other limiters' buckets (other window lengths) are left alone.
    if (hits === 1)
      await deps.db
        .deleteFrom('rate_limit_counters')
        .where('bucket', 'like', `${name}:%`)
        .where('window_start_ms', '<', windowStartMs)
        .execute()
    if (hits > rule.limit)
      throw new AppError('RATE_LIMITED', 'Too many attempts; wait a moment and try again', undefined, {
        'Retry-After': String(Math.max(1, Math.ceil((windowStartMs + rule.windowMs - nowMs) / 1000))),
      })
    return next()
  }
}

/**
 * Reads a string field of the (already JSON) request body without consuming it for what runs
 * after (the validator, the Idempotency-Key's hash of the raw body): '' when there is none.
 */
export async function bodyText(c: Context, field: string): Promise<string> {
  try {
    const body = (await c.req.raw.clone().json()) as unknown
    if (typeof body !== 'object' || body === null || !Object.hasOwn(body, field)) return ''
    const value = (body as Record<string, unknown>)[field]
    return typeof value === 'string' ? value : ''
  } catch {
    return ''
  }
}

/** A body field as a key: trimmed, lower case. */
export async function bodyField(c: Context, field: string): Promise<string> {
  return (await bodyText(c, field)).trim().toLowerCase()
}
