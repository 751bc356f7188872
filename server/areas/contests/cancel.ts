import type { AfterCommit, Tx } from '../../db/tx'
import { paiseToRupees } from '../../domain/money'
import { notify } from '../notifications/service'
import { recordActivity } from './activities'
import { redirectBotRefunds } from './bot-stakes'
import { contestLabel, payFromPool } from './ledger'
import { contestStream } from './service'

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
