import type { AfterCommit, Tx } from '../../db/tx'
import { paiseToRupees } from '../../domain/money'
import { type ContestType, recordActivity } from '../contest-creation/activities'
import { redirectBotRefunds } from '../contest-creation/bot-stakes'
import { notify } from '../notifications/service'
import { contestLabel, payFromPool } from './ledger'
import { markCancelled, unrefundedEntries } from './queries'
import { contestStream } from './service'

export type CancelNotice = Cancellation['notifyKind']

export interface Cancellation {
  type: ContestType
  contest: { id: number; name: string }
  reason: string
  nowMs: number
  /** contest_cancelled, or contest_deleted when its owner deleted it. */
  notifyKind: 'contest_cancelled' | 'contest_deleted'
  /** Empties the contest's pool into these refunds: daily and championship pools are booked apart. */
  refund: (byUser: Map<number, number>) => Promise<void>
}

/**
 * Cancels a daily or championship contest and refunds every entry fee not refunded yet to the
 * member's unused balance (one posting that empties the pool), notifies each member and records
 * the activity, in the caller's transaction.
 */
export async function cancelAndRefund(tx: Tx, after: AfterCommit, c: Cancellation): Promise<void> {
  const { type, contest, reason, nowMs } = c
  const notifyKind = c.notifyKind
  const members = await unrefundedEntries(tx, type, contest.id)
  const paid = new Map<number, number>()
  for (const m of members) paid.set(m.user_id, (paid.get(m.user_id) ?? 0) + Number(m.entry_fee_paise))
  // A bot's entry goes back to the owner who staked it (docs/bots.md).
  const byUser = await redirectBotRefunds(tx, type, contest.id, paid)
  await c.refund(byUser)
  await markCancelled(tx, type, contest.id, reason, nowMs)
  const data = type === 'contest' ? { contest_id: contest.id } : { championship_contest_id: contest.id }
  for (const [userId, amount] of byUser) {
    const refund = amount > 0 ? ` ₹${paiseToRupees(amount)} is back in your unused balance.` : ''
    const body = `${contest.name} was cancelled: ${reason.toLowerCase()}.${refund}`
    await notify(tx, after, userId, { kind: notifyKind, body, data }, nowMs)
  }
  if (type === 'contest')
    after.publish(contestStream(contest.id), { type: 'status', contest_status: 'cancelled', reason })
  await recordActivity(
    tx,
    after,
    {
      type,
      contestId: contest.id,
      kind: notifyKind === 'contest_deleted' ? 'deleted' : 'cancelled',
      userId: null,
      body: `Cancelled: ${reason}. Every entry fee went back to unused balance.`,
      data: { reason },
    },
    nowMs,
  )
}

/** A daily contest cancelled and refunded: at the lock when it did not fill, on an abandoned match, by its owner. */
export function cancelContest(
  tx: Tx,
  after: AfterCommit,
  contest: { id: number; name: string; match_title: string },
  reason: string,
  nowMs: number,
  notifyKind: CancelNotice = 'contest_cancelled',
): Promise<void> {
  const refund = (byUser: Map<number, number>) =>
    payFromPool(tx, after, {
      contestId: contest.id,
      label: contestLabel(contest),
      kind: 'contest_refund',
      compartment: 'unused',
      byUser,
      nowMs,
    })
  return cancelAndRefund(tx, after, { type: 'contest', contest, reason, nowMs, notifyKind, refund })
}
