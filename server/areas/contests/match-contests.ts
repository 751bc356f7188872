import { forUpdate } from '../../db/lock'
import type { AfterCommit, Tx } from '../../db/tx'
import { cancelContest } from './cancel'
import { decideAtLock, lockedActivity } from './lock-decision'
import { contestStream } from './messages'

/**
 * A match's contests at its start: those that did not fill (and are not guaranteed) are
 * cancelled and refunded to unused balance, the rest lock. Called in the match's lock
 * transaction, with the match row already locked.
 */
export async function lockMatchContests(
  tx: Tx,
  after: AfterCommit,
  match: { id: number; title: string },
  atMs: number,
): Promise<void> {
  // Locked, all at once and before any refund: a join still in flight finishes first and is
  // counted (or waits, and then finds the contest locked).
  const contests = await tx
    .selectFrom('contests')
    .selectAll()
    .where('match_id', '=', match.id)
    .where('status', '=', 'open')
    .orderBy('id')
    .$call(forUpdate(tx))
    .execute()
  for (const c of contests) {
    const decision = await decideAtLock(tx, 'contest', c, 'The contest did not fill before the match started')
    if (decision.action === 'cancel') {
      await cancelContest(tx, after, { ...c, match_title: match.title }, decision.reason, atMs)
    } else {
      await tx
        .updateTable('contests')
        .set({ status: 'locked', ...decision.rescaled })
        .where('id', '=', c.id)
        .execute()
      after.publish(contestStream(c.id), { type: 'status', contest_status: 'locked' })
      await lockedActivity(tx, after, 'contest', c.id, decision, atMs)
    }
  }
}

/** Every contest of an abandoned match that is still open or locked: cancelled and refunded. */
export async function cancelMatchContests(
  tx: Tx,
  after: AfterCommit,
  match: { id: number; title: string },
  reason: string,
  nowMs: number,
): Promise<void> {
  const contests = await tx
    .selectFrom('contests')
    .select(['id', 'name'])
    .where('match_id', '=', match.id)
    .where('status', 'in', ['open', 'locked'])
    .orderBy('id')
    .$call(forUpdate(tx))
    .execute()
  for (const c of contests) await cancelContest(tx, after, { ...c, match_title: match.title }, reason, nowMs)
}
