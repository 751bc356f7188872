import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { withTx } from '../../db/tx'
import { AppError, notFound } from '../../http/errors'
import { deadlineJobs, findMatch, LOCK_JOB, lockJobKey, matchStream } from '../matches'

/**
 * A rain delay before the start (docs/matches.md): the start moves `minutes` later, and with
 * it everything scheduled against it — the lock (teams stay editable, contests stay open until
 * the new start) and the deadline reminders. Only an upcoming match can be delayed: once it is
 * live its teams are frozen, and a match rained off for good is abandoned instead (409).
 */
export async function delayMatch(deps: Deps, matchId: number, minutes: number): Promise<number> {
  const startsAtMs = await withTx(deps, async (tx, after) => {
    await lockRows(tx, 'matches', matchId)
    const match = await findMatch(tx, matchId)
    if (!match) throw notFound('Match')
    if (match.status !== 'upcoming')
      throw new AppError(
        'MATCH_STATE',
        `The match is already ${match.status}: only an upcoming match can be delayed${match.status === 'live' ? ' (abandon it if no play is possible)' : ''}`,
      )
    const nowMs = deps.clock.now()
    // A match whose start has passed but which has not locked yet starts `minutes` from now.
    const startsAt = Math.max(Number(match.event_time_ms), nowMs) + minutes * 60_000
    await tx.updateTable('matches').set({ event_time_ms: startsAt }).where('id', '=', matchId).execute()
    // Scheduling under the same unique keys moves the pending jobs.
    await deps.scheduler.schedule(tx, {
      kind: LOCK_JOB,
      runAtMs: startsAt,
      payload: { match_id: matchId },
      uniqueKey: lockJobKey(matchId),
    })
    for (const job of deadlineJobs(matchId, startsAt, nowMs)) await deps.scheduler.schedule(tx, job)
    after.publish(matchStream(matchId), { type: 'status', match_status: 'upcoming' })
    return startsAt
  })
  deps.scheduler.kick()
  return startsAtMs
}
