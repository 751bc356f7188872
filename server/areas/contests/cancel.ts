import type { AfterCommit, Tx } from '../../db/tx'
import { paiseToRupees } from '../../domain/money'
import { notify } from '../notifications'
import { type ContestType, recordActivity } from './activities'
import { redirectBotRefunds } from './bot-stakes'
import { contestLabel, payFromPool } from './ledger'
import { contestStream } from './messages'

type NotifyKind = 'contest_cancelled' | 'contest_deleted'

const TABLES = {
  contest: { table: 'contests', members: 'contest_members', dataKey: 'contest_id' },
  championship_contest: {
    table: 'championship_contests',
    members: 'championship_contest_members',
    dataKey: 'championship_contest_id',
  },
} as const

/**
 * The one cancel-and-refund of a daily or championship contest: every entry fee not refunded
 * yet goes back to the member's unused balance (a bot's to the owner who staked it) through
 * `refund` (the kind's own pool posting, which empties the pool), the entries are marked
 * refunded, the contest cancelled, each member notified (`notifyKind`: contest_cancelled, or
 * contest_deleted when its owner deleted it) and the activity recorded.
 */
export async function cancelAndRefund(
  tx: Tx,
  after: AfterCommit,
  c: {
    type: ContestType
    contest: { id: number; name: string }
    reason: string
    nowMs: number
    notifyKind: NotifyKind
    refund: (byUser: Map<number, number>) => Promise<void>
  },
): Promise<void> {
  const { type, contest, reason, nowMs, notifyKind } = c
  const t = TABLES[type]
  const members = await tx
    .selectFrom(t.members)
    .select(['user_id', 'entry_fee_paise'])
    .where('contest_id', '=', contest.id)
    .where('refunded', '=', 0)
    .execute()
  const paid = new Map<number, number>()
  for (const m of members) paid.set(m.user_id, (paid.get(m.user_id) ?? 0) + Number(m.entry_fee_paise))
  // A bot's entry goes back to the owner who staked it (docs/bots.md).
  const byUser = await redirectBotRefunds(tx, type, contest.id, paid)
  await c.refund(byUser)
  await tx.updateTable(t.members).set({ refunded: 1 }).where('contest_id', '=', contest.id).execute()
  await tx
    .updateTable(t.table)
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
        data: { [t.dataKey]: contest.id },
      },
      nowMs,
    )
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

/** Cancels a daily contest and refunds it (cancelAndRefund), from its match's pool. */
export async function cancelContest(
  tx: Tx,
  after: AfterCommit,
  contest: { id: number; name: string; match_title: string },
  reason: string,
  nowMs: number,
  notifyKind: NotifyKind = 'contest_cancelled',
): Promise<void> {
  await cancelAndRefund(tx, after, {
    type: 'contest',
    contest,
    reason,
    nowMs,
    notifyKind,
    refund: (byUser) =>
      payFromPool(tx, after, {
        contestId: contest.id,
        label: contestLabel(contest),
        kind: 'contest_refund',
        compartment: 'unused',
        byUser,
        nowMs,
      }),
  })
}
