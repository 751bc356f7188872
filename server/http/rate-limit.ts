import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { rateLimiter } from 'hono-rate-limiter'
import type { RateLimit } from '../config'
import { AppError } from './errors'
import type { AppEnv } from './router'

/** The caller's address; in-process requests (tests) have none and share one bucket. */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'local'
  } catch {
    return 'local'
  }
}

/**
 * A fixed-window limiter (wall time). `key` picks the bucket (address, address + login …);
 * `applies` lets one route carry several limiters (the token endpoint limits the password
 * grant and the refresh grant separately). Over the limit: 429 RATE_LIMITED with Retry-After.
 */
export function limit(
  name: string,
  rule: RateLimit,
  key: (c: Context<AppEnv>) => Promise<string> | string,
  applies: (c: Context<AppEnv>) => Promise<boolean> | boolean = () => true,
): MiddlewareHandler<AppEnv> {
  return rateLimiter<AppEnv>({
    windowMs: rule.windowMs,
    limit: rule.limit,
    standardHeaders: 'draft-7',
    keyGenerator: async (c) => `${name}:${await key(c)}`,
    skip: async (c) => !(await applies(c)),
    handler: () => {
      throw new AppError('RATE_LIMITED', 'Too many attempts; wait a moment and try again', undefined, {
        'Retry-After': String(Math.ceil(rule.windowMs / 1000)),
      })
    },
  })
}

/** Reads a field of the (already JSON) request body without consuming it for the validator. */
export async function bodyField(c: Context, field: string): Promise<string> {
  try {
    const body = (await c.req.json()) as Record<string, unknown>
    const value = body?.[field]
    return typeof value === 'string' ? value.trim().toLowerCase() : ''
  } catch {
    return ''
  }
}
