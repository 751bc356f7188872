import type { RateLimit } from '../../config'
import { withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { normaliseEmail, usernameKey } from '../../domain/user-rules'
import { AppError } from '../../http/errors'

/**
 * Counts failed sign-ins in the database, in fixed wall-time windows, under two buckets at
 * once: the account (by user id, so its e-mail and its username share one count; a login
 * that matches no account is counted under its canonical form, so throttling never tells
 * which logins exist) and the caller's address (across every account it tries).
 *
 * Only failures count, so any number of people may sign in at once from one address. The
 * bound on guessing holds under concurrency because a failure is counted with one atomic
 * upsert that answers the new count: of many simultaneous wrong guesses exactly `limit` get
 * their 401, the rest 429. Once a bucket is full every attempt gets 429, the right password
 * too, so an answer over the limit says nothing about the password.
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

const windowStart = (rule: RateLimit, nowMs: number) => Math.floor(nowMs / rule.windowMs) * rule.windowMs

function rulesOf(deps: Deps): Array<[keyof LoginBuckets, RateLimit]> {
  const { loginPerAccount, loginPerAddress } = deps.config.rateLimits
  return [
    ['account', loginPerAccount],
    ['address', loginPerAddress],
  ]
}

function rateLimited(full: RateLimit[], nowMs: number): AppError {
  const retryAfterMs = Math.max(...full.map((rule) => windowStart(rule, nowMs) + rule.windowMs - nowMs))
  return new AppError('RATE_LIMITED', 'Too many failed sign-ins; wait a while and try again', undefined, {
    'Retry-After': String(Math.ceil(retryAfterMs / 1000)),
  })
}

/**
 * Throws 429 RATE_LIMITED (Retry-After: seconds until the full window ends) when either
 * bucket already holds `limit` failures. Checked before a password is hashed, so a full
 * bucket costs the server no argon2 work, and again before a right password is answered.
 */
export async function refuseWhenFull(deps: Deps, buckets: LoginBuckets): Promise<void> {
  const nowMs = deps.clock.wallNow()
  const full: RateLimit[] = []
  for (const [name, rule] of rulesOf(deps)) {
    const row = await deps.db
      .selectFrom('rate_limit_counters')
      .select('hits')
      .where('bucket', '=', buckets[name])
      .where('window_start_ms', '=', windowStart(rule, nowMs))
      .executeTakeFirst()
    if (row && Number(row.hits) >= rule.limit) full.push(rule)
  }
  if (full.length > 0) throw rateLimited(full, nowMs)
}

/**
 * Counts one failed sign-in in both buckets. Answers the 429 to give instead of the 401 when
 * this failure is over either limit, else undefined.
 */
export async function countLoginFailure(deps: Deps, buckets: LoginBuckets): Promise<AppError | undefined> {
  const nowMs = deps.clock.wallNow()
  const rules = rulesOf(deps)
  const full = await withTx(deps, async (tx) => {
    // Windows that ended are dropped here rather than by a job: the table stays small.
    const longest = Math.max(...rules.map(([, rule]) => rule.windowMs))
    await tx
      .deleteFrom('rate_limit_counters')
      .where('window_start_ms', '<', nowMs - longest)
      .execute()
    const over: RateLimit[] = []
    for (const [name, rule] of rules) {
      const row = await tx
        .insertInto('rate_limit_counters')
        .values({ bucket: buckets[name], window_start_ms: windowStart(rule, nowMs), hits: 1 })
        .onConflict((oc) =>
          oc
            .columns(['bucket', 'window_start_ms'])
            .doUpdateSet((eb) => ({ hits: eb('rate_limit_counters.hits', '+', 1) })),
        )
        .returning('hits')
        .executeTakeFirstOrThrow()
      if (Number(row.hits) > rule.limit) over.push(rule)
    }
    return over
  })
  return full.length > 0 ? rateLimited(full, nowMs) : undefined
}
