import { createHash } from 'node:crypto'
import type { RateLimit } from '../core/config'
import type { Deps } from '../core/deps'
import { AppError } from './errors'

/**
 * Limits on failures, not on people: sign-ins (server/areas/auth/login-throttle.ts) and code
 * lookups (./code-lookup.ts). A classroom behind one NAT shares one address, so an address
 * that failed a lot must not lock out everyone behind it:
 *
 * - **subject buckets** (the account; the account at this address; the signed-in player):
 *   once one holds `limit` failures, every attempt of that subject waits (429), the right
 *   password or code too, so a 429 says nothing about the guess;
 * - **the address bucket** (every subject from one address): once it holds `limit`
 *   failures, further failures from there answer 429 instead of their own refusal, and a
 *   subject that already failed from there waits — but a subject with no failures (its
 *   `clean` bucket empty) is still served: a right password or code gets through.
 *
 * Counted in the database (`rate_limit_counters`, fixed windows of wall time), so every server
 * process on one database shares the counts. An attempt is counted *before* it is judged, by
 * one atomic upsert per bucket that answers the new count, and uncounted when it succeeds: of
 * many simultaneous guesses exactly `limit` are judged, however they interleave (a count
 * taken after the verdict would let a right guess among the extra ones through). A refused
 * attempt is uncounted too: waiting does not extend the wait.
 */
export interface Bucket {
  /**
   * `<limiter>:<kind>:<subject>` (`login:account:17`): every key of one limiter and kind has
   * the same rule, so the kind's ended windows can be swept together.
   */
  key: string
  rule: RateLimit
}

export interface ThrottleBuckets {
  /** Full → every attempt of the subject waits. */
  subjects: Bucket[]
  /** Full → failures wait, and so do subjects whose `clean` bucket is not empty. */
  address: Bucket
  /** The subject bucket whose emptiness means "has not failed": one of `subjects`, or none. */
  clean?: Bucket
}

export interface Attempt {
  /**
   * The attempt failed: it stays counted. Answers the 429 to give instead of the failure's own
   * answer (the address is over its limit), or undefined.
   */
  failed(): AppError | undefined
  /** The attempt succeeded: it no longer counts. */
  succeeded(): Promise<void>
}

/** A bucket key part that came from the caller (a login, a forwarded address): bounded. */
export function keyPart(value: string): string {
  return value.length <= 80 ? value : `sha256:${createHash('sha256').update(value).digest('hex')}`
}

const windowStart = (rule: RateLimit, nowMs: number) => Math.floor(nowMs / rule.windowMs) * rule.windowMs

interface Counted {
  bucket: Bucket
  windowStartMs: number
  hits: number
}

/**
 * Counts an attempt in every bucket and decides whether it may be judged. Throws 429
 * RATE_LIMITED (Retry-After: seconds until the fullest window ends) when it may not.
 */
export async function beginAttempt(
  deps: Pick<Deps, 'db' | 'clock'>,
  buckets: ThrottleBuckets,
  message: string,
): Promise<Attempt> {
  const nowMs = deps.clock.wallNow()
  const counted: Counted[] = []
  for (const bucket of [...buckets.subjects, buckets.address]) counted.push(await count(deps, bucket, nowMs))
  const over = (c: Counted) => c.hits > c.bucket.rule.limit
  const addressCount = counted.at(-1) as Counted
  const cleanCount = counted.find((c) => c.bucket === buckets.clean)
  // This attempt is counted already: "no failures before it" is a count of one.
  const isClean = cleanCount !== undefined && cleanCount.hits <= 1
  const full = counted.slice(0, -1).filter(over)
  if (over(addressCount) && !isClean) full.push(addressCount)
  if (full.length > 0) {
    await uncount(deps, counted)
    throw rateLimited(full, nowMs, message)
  }
  return {
    failed: () => (over(addressCount) ? rateLimited([addressCount], nowMs, message) : undefined),
    succeeded: () => uncount(deps, counted),
  }
}

function rateLimited(full: Counted[], nowMs: number, message: string): AppError {
  const endMs = Math.max(...full.map((c) => c.windowStartMs + c.bucket.rule.windowMs))
  return new AppError('RATE_LIMITED', message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil((endMs - nowMs) / 1000))),
  })
}

/** One more hit in a bucket's window (the row made by the first); answers the window's hits so far. */
export async function countHit(db: Deps['db'], bucket: string, windowStartMs: number): Promise<number> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ bucket, window_start_ms: windowStartMs, hits: 1 })
    .onConflict((oc) =>
      oc
        .columns(['bucket', 'window_start_ms'])
        .doUpdateSet((eb) => ({ hits: eb('rate_limit_counters.hits', '+', 1) })),
    )
    .returning('hits')
    .executeTakeFirstOrThrow()
  return Number(row.hits)
}

async function count(deps: Pick<Deps, 'db'>, bucket: Bucket, nowMs: number): Promise<Counted> {
  const windowStartMs = windowStart(bucket.rule, nowMs)
  const hits = await countHit(deps.db, bucket.key, windowStartMs)
  // The first hit of a window sweeps the ended windows of its limiter and kind (those of keys
  // never seen again too): the table stays small without a job, and buckets of other rules
  // (other window lengths) are left alone.
  if (hits === 1)
    await deps.db
      .deleteFrom('rate_limit_counters')
      .where('bucket', 'like', `${bucket.key.split(':', 2).join(':')}:%`)
      .where('window_start_ms', '<', nowMs - bucket.rule.windowMs)
      .execute()
  return { bucket, windowStartMs, hits }
}

/** Takes an attempt back out of the windows it was counted in (a window since ended: no-op). */
async function uncount(deps: Pick<Deps, 'db'>, counted: Counted[]): Promise<void> {
  for (const c of counted)
    await deps.db
      .updateTable('rate_limit_counters')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('bucket', '=', c.bucket.key)
      .where('window_start_ms', '=', c.windowStartMs)
      .where('hits', '>', 0)
      .execute()
}
