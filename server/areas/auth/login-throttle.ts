import type { RateLimit } from '../../config'
import { type Executor, withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { normaliseEmail, usernameKey } from '../../domain/user-rules'
import { AppError } from '../../http/errors'

/**
 * Counts failed sign-ins in the database, in fixed wall-time windows, under two buckets at
 * once: the account (by user id, so its e-mail and its username share one count; a login
 * that matches no account is counted under its canonical form, so throttling never tells
 * which logins exist) and the caller's address (across every account it tries).
 *
 * An attempt is counted *before* its password is checked and the count is given back when
 * the password was right. The increment is one atomic upsert, so however many attempts run
 * at once, at most `limit` of them in a window get as far as checking a password; no row is
 * read and then written, so there is nothing to lock.
 */
export interface LoginBuckets {
  account: string
  address: string
}

export function loginBuckets(userId: number | undefined, login: string, address: string): LoginBuckets {
  const canonical = login.includes('@') ? normaliseEmail(login) : usernameKey(login)
  return {
    account: userId === undefined ? `login:login:${canonical}` : `login:user:${userId}`,
    address: `login:address:${address}`,
  }
}

export interface Rules {
  loginPerAccount: RateLimit
  loginPerAddress: RateLimit
}

const windowStart = (rule: RateLimit, nowMs: number) => Math.floor(nowMs / rule.windowMs) * rule.windowMs

/**
 * Counts one attempt in both buckets and answers when it was counted (wall time); throws
 * 429 RATE_LIMITED (with Retry-After, the seconds until the full window ends) when either
 * bucket is already full.
 */
export async function countLoginAttempt(deps: Deps, buckets: LoginBuckets): Promise<number> {
  const rules: Rules = deps.config.rateLimits
  const nowMs = deps.clock.wallNow()
  const counted = await withTx(deps, async (tx) => {
    // Windows that ended are dropped here rather than by a job: the table stays small.
    const longest = Math.max(rules.loginPerAccount.windowMs, rules.loginPerAddress.windowMs)
    await tx
      .deleteFrom('rate_limit_counters')
      .where('window_start_ms', '<', nowMs - longest)
      .execute()
    const hits = async (bucket: string, rule: RateLimit) => {
      const row = await tx
        .insertInto('rate_limit_counters')
        .values({ bucket, window_start_ms: windowStart(rule, nowMs), hits: 1 })
        .onConflict((oc) =>
          oc
            .columns(['bucket', 'window_start_ms'])
            .doUpdateSet((eb) => ({ hits: eb('rate_limit_counters.hits', '+', 1) })),
        )
        .returning('hits')
        .executeTakeFirstOrThrow()
      return Number(row.hits)
    }
    return {
      account: await hits(buckets.account, rules.loginPerAccount),
      address: await hits(buckets.address, rules.loginPerAddress),
    }
  })
  const full = [
    counted.account > rules.loginPerAccount.limit ? rules.loginPerAccount : undefined,
    counted.address > rules.loginPerAddress.limit ? rules.loginPerAddress : undefined,
  ].filter((rule) => rule !== undefined)
  if (full.length === 0) return nowMs
  // A refused attempt never reaches a password, so it is not a failure: give it back.
  await withTx(deps, (tx) => forgiveLoginAttempt(tx, rules, buckets, nowMs))
  const retryAfterMs = Math.max(...full.map((rule) => windowStart(rule, nowMs) + rule.windowMs - nowMs))
  throw new AppError('RATE_LIMITED', 'Too many failed sign-ins; wait a while and try again', undefined, {
    'Retry-After': String(Math.ceil(retryAfterMs / 1000)),
  })
}

/** Gives back an attempt counted at `countedAtMs` (the password was right, or it was refused). */
export async function forgiveLoginAttempt(
  db: Executor,
  rules: Rules,
  buckets: LoginBuckets,
  countedAtMs: number,
): Promise<void> {
  for (const [bucket, rule] of [
    [buckets.account, rules.loginPerAccount],
    [buckets.address, rules.loginPerAddress],
  ] as const) {
    await db
      .updateTable('rate_limit_counters')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('bucket', '=', bucket)
      .where('window_start_ms', '=', windowStart(rule, countedAtMs))
      .where('hits', '>', 0)
      .execute()
  }
}
