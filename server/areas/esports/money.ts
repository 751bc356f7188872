import type { AfterCommit, Tx } from '../../db/tx'
import { postEntryFee } from '../contests'
import { post, systemAccountId, userAccountId } from '../ledger'
import { type EsportsContestRow, esportsPoolCode } from './core'

/**
 * The esports area's money (docs/esports.md): every entry fee goes from the player into the
 * contest's own pool account (`esports_contest:<id>:pool`), and refunds and prizes come out of
 * it, each one ledger posting inside the caller's transaction, keyed so a replay pays once.
 * Passbook kinds: `esports_entry`, `esports_refund` (and the results' `esports_prize`,
 * `esports_correction`). Memos name the contest as the player saw it: "Entry fee · <name>".
 */
export const esportsMemo = (
  what: 'Entry fee' | 'Refund' | 'Winnings' | 'Correction',
  contest: { name: string },
) => `${what} · ${contest.name}`

export function esportsPoolAccount(tx: Tx, contestId: number, nowMs: number): Promise<number> {
  return systemAccountId(tx, esportsPoolCode(contestId), 'INR', nowMs)
}

/** A member's entry fee: unused balance first, then winnings (409 INSUFFICIENT_BALANCE if short). */
export async function chargeEsportsEntry(
  tx: Tx,
  after: AfterCommit,
  e: { contest: EsportsContestRow; memberId: number; userId: number; nowMs: number },
): Promise<void> {
  const fee = e.contest.entry_fee_paise
  if (fee <= 0) return
  const to = () => esportsPoolAccount(tx, e.contest.id, e.nowMs)
  await postEntryFee(
    tx,
    after,
    { payerId: e.userId, paise: fee, to },
    {
      kind: 'esports_entry',
      idempotencyKey: `esports_contest:${e.contest.id}:entry:member:${e.memberId}`,
      memo: esportsMemo('Entry fee', e.contest),
      meta: { esports_contest_id: e.contest.id, member_id: e.memberId },
      nowMs: e.nowMs,
    },
  )
}

/**
 * One member's entry back to their unused balance and the member marked refunded (left,
 * removed by the captain, or the contest cancelled). The caller keeps the squad's and the
 * contest's counts. A member already refunded is left as is.
 */
export async function refundEsportsMember(
  tx: Tx,
  after: AfterCommit,
  r: { contest: EsportsContestRow; memberId: number; nowMs: number },
): Promise<void> {
  const member = await tx
    .selectFrom('esports_members')
    .select(['id', 'user_id', 'entry_fee_paise', 'refunded'])
    .where('id', '=', r.memberId)
    .where('contest_id', '=', r.contest.id)
    .executeTakeFirst()
  if (!member || member.refunded) return
  await tx.updateTable('esports_members').set({ refunded: 1 }).where('id', '=', member.id).execute()
  const fee = Number(member.entry_fee_paise)
  if (fee <= 0) return
  await post(
    tx,
    {
      kind: 'esports_refund',
      idempotencyKey: `esports_contest:${r.contest.id}:refund:member:${member.id}`,
      memo: esportsMemo('Refund', r.contest),
      meta: { esports_contest_id: r.contest.id, member_id: member.id },
      lines: [
        { accountId: await esportsPoolAccount(tx, r.contest.id, r.nowMs), amount: -fee },
        { accountId: await userAccountId(tx, Number(member.user_id), 'unused'), amount: fee },
      ],
      nowMs: r.nowMs,
    },
    after,
  )
}

/**
 * Cancels a contest and refunds every entry still in it (the host cancelled before the lock,
 * or fewer than two squads were there at the lock). Returns the user ids refunded, for the
 * caller's notifications. The caller holds the contest's row lock.
 */
export async function cancelEsportsContest(
  tx: Tx,
  after: AfterCommit,
  c: { contest: EsportsContestRow; reason: string; nowMs: number },
): Promise<number[]> {
  const members = await tx
    .selectFrom('esports_members')
    .select(['id', 'user_id'])
    .where('contest_id', '=', c.contest.id)
    .where('refunded', '=', 0)
    .orderBy('id')
    .execute()
  for (const m of members)
    await refundEsportsMember(tx, after, { contest: c.contest, memberId: Number(m.id), nowMs: c.nowMs })
  await tx
    .updateTable('esports_contests')
    .set({ status: 'cancelled', status_reason: c.reason, settled_at_ms: c.nowMs })
    .where('id', '=', c.contest.id)
    .execute()
  return members.map((m) => Number(m.user_id))
}
