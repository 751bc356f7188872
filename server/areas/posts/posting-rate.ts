import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import type { Tx } from '../../db/tx'
import { AppError } from '../../http/errors'

/**
 * The posting limit (docs/social.md, "Limits"): at most `rateLimits.posting.limit` posts and
 * comments together per player in any `windowMs` (a sliding window over what they wrote, on the
 * game clock). Counted from the rows themselves rather than a counter, so a refused request —
 * invalid text, a hidden post — writes nothing and costs nothing. The player's row is locked
 * first, so concurrent posts take turns and exactly `limit` get through.
 */
export async function assertPostingRate(deps: Deps, tx: Tx, userId: number, nowMs: number): Promise<void> {
  const { limit, windowMs } = deps.config.rateLimits.posting
  await lockRows(tx, 'users', userId)
  const since = nowMs - windowMs
  const recent = await tx
    .selectFrom('posts')
    .select('created_at_ms')
    .where('user_id', '=', userId)
    .where('created_at_ms', '>', since)
    .unionAll(
      tx
        .selectFrom('comments')
        .select('created_at_ms')
        .where('user_id', '=', userId)
        .where('created_at_ms', '>', since),
    )
    .orderBy('created_at_ms', 'desc')
    .limit(limit)
    .execute()
  if (recent.length < limit) return
  const oldest = Math.min(...recent.map((r) => Number(r.created_at_ms)))
  throw new AppError('RATE_LIMITED', 'You are posting too fast; wait a moment and try again', undefined, {
    'Retry-After': String(Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000))),
  })
}
