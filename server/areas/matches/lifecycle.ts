import { forUpdate, lockRows } from '../../db/lock'
import { type AfterCommit, type Tx, withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { paiseToRupees } from '../../domain/money'
import { AppError, notFound } from '../../http/errors'
import { snapshotPhaseTeams } from '../championship/lock'
import { championshipAfterMatch } from '../championship/phase-end'
import { lockPhaseContests } from '../championship-contests/service'
import { recordActivity } from '../contest-creation/activities'
import { redirectBotRefunds } from '../contest-creation/bot-stakes'
import { decideAtLock, lockedActivity } from '../contest-creation/lock'
import { contestLabel, payFromPool } from '../contests/ledger'
import { contestStream } from '../contests/service'
import { notify } from '../notifications'
import { findMatch } from './queries'

export const matchStream = (matchId: number) => `match:${matchId}`
export const lockJobKey = (matchId: number) => `match:${matchId}:lock`

/**
 * Upcoming → live at the start time: teams freeze, other players' teams become visible,
 * contests that did not fill (and are not guaranteed) are cancelled and refunded to unused
 * balance, the rest lock. Idempotent: a match already past upcoming is left alone.
 */
export async function lockMatch(deps: Deps, matchId: number, atMs: number): Promise<boolean> {
  return withTx(deps, async (tx, after) => {
    await lockRows(tx, 'matches', matchId)
    const match = await findMatch(tx, matchId)
    if (!match) throw notFound('Match')
    if (match.status !== 'upcoming') return false
    await tx
      .updateTable('matches')
      .set({ status: 'live', locked_at_ms: atMs })
      .where('id', '=', matchId)
      .execute()
    // Locked, all at once and before any refund: a join still in flight finishes first and is
    // counted (or waits, and then finds the contest locked).
    const contests = await tx
      .selectFrom('contests')
      .selectAll()
      .where('match_id', '=', matchId)
      .where('status', '=', 'open')
      .orderBy('id')
      .$call(forUpdate(tx))
      .execute()
    for (const c of contests) {
      const decision = await decideAtLock(
        tx,
        'contest',
        c,
        'The contest did not fill before the match started',
      )
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
    // Championship: every classic team of the match's phase, as it stands now, plays this match.
    await snapshotPhaseTeams(tx, after, { ...match, event_time_ms: Number(match.event_time_ms) }, atMs)
    // Its championship contests close with the phase's first match (later ones find none open).
    if (match.phase_id !== null) await lockPhaseContests(tx, after, match.phase_id, atMs)
    await deps.scheduler.cancel(tx, lockJobKey(matchId))
    after.publish(matchStream(matchId), { type: 'status', match_status: 'live' })
    return true
  })
}

/**
 * Cancels a contest and refunds every entry fee not refunded yet to the member's unused
 * balance (one posting that empties the pool), notifies each member (`notifyKind`:
 * contest_cancelled, or contest_deleted when its owner deleted it) and records the activity.
 */
export async function cancelContest(
  tx: Tx,
  after: AfterCommit,
  contest: { id: number; name: string; match_title: string },
  reason: string,
  nowMs: number,
  notifyKind: 'contest_cancelled' | 'contest_deleted' = 'contest_cancelled',
): Promise<void> {
  const members = await tx
    .selectFrom('contest_members')
    .select(['id', 'user_id', 'entry_fee_paise'])
    .where('contest_id', '=', contest.id)
    .where('refunded', '=', 0)
    .execute()
  const paid = new Map<number, number>()
  for (const m of members) paid.set(m.user_id, (paid.get(m.user_id) ?? 0) + Number(m.entry_fee_paise))
  // A bot's entry goes back to the owner who staked it (docs/bots.md).
  const byUser = await redirectBotRefunds(tx, 'contest', contest.id, paid)
  await payFromPool(tx, after, {
    contestId: contest.id,
    label: contestLabel(contest),
    kind: 'contest_refund',
    compartment: 'unused',
    byUser,
    nowMs,
  })
  await tx.updateTable('contest_members').set({ refunded: 1 }).where('contest_id', '=', contest.id).execute()
  await tx
    .updateTable('contests')
    .set({ status: 'cancelled', status_reason: reason, settled_at_ms: nowMs })
    .where('id', '=', contest.id)
    .execute()
  for (const [userId, amount] of byUser) {
    const refund = amount > 0 ? ` ₹${paiseToRupees(amount)} is back in your unused balance.` : ''
    await notify(
      tx,
      after,
      userId,
      {
        kind: notifyKind,
        body: `${contest.name} was cancelled: ${reason.toLowerCase()}.${refund}`,
        data: { contest_id: contest.id },
      },
      nowMs,
    )
  }
  after.publish(contestStream(contest.id), { type: 'status', contest_status: 'cancelled', reason })
  await recordActivity(
    tx,
    after,
    {
      type: 'contest',
      contestId: contest.id,
      kind: notifyKind === 'contest_deleted' ? 'deleted' : 'cancelled',
      userId: null,
      body: `Cancelled: ${reason}. Every entry fee went back to unused balance.`,
      data: { reason },
    },
    nowMs,
  )
}

/** Abandoned (rained off): no points count, every contest is cancelled and refunded. */
export async function abandonMatch(
  deps: Deps,
  matchId: number,
  reason = 'The match was abandoned',
): Promise<void> {
  await withTx(deps, async (tx, after) => {
    await lockRows(tx, 'matches', matchId)
    const match = await findMatch(tx, matchId)
    if (!match) throw notFound('Match')
    if (match.status === 'completed' || match.status === 'abandoned')
      throw new AppError('MATCH_STATE', `The match is already ${match.status}`)
    const now = deps.clock.now()
    await tx
      .updateTable('matches')
      .set({ status: 'abandoned', completed_at_ms: now, result_text: reason, sim_mode: null })
      .where('id', '=', matchId)
      .execute()
    const contests = await tx
      .selectFrom('contests')
      .select(['id', 'name'])
      .where('match_id', '=', matchId)
      .where('status', 'in', ['open', 'locked'])
      .orderBy('id')
      .$call(forUpdate(tx))
      .execute()
    for (const c of contests) await cancelContest(tx, after, { ...c, match_title: match.title }, reason, now)
    await deps.scheduler.cancel(tx, lockJobKey(matchId))
    after.publish(matchStream(matchId), { type: 'status', match_status: 'abandoned' })
  })
  // Championship: the match's rows score nothing; the phase may have ended with it.
  await championshipAfterMatch(deps, matchId)
}
