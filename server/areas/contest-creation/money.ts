import type { AfterCommit, Tx } from '../../db/tx'
import { splitDebit } from '../../domain/ledger'
import { AppError } from '../../http/errors'
import { championshipPoolCode } from '../championship-contests'
import { type ContestType, contestMemo, poolCode } from '../contests'
import { post, systemAccountId, userAccountId, userBalances } from '../ledger'

/**
 * The owner's money moves that are not a whole contest's (docs/contest-creation.md "Money"):
 * one member's entry back from the contest pool (a removed member), and the difference when the
 * owner changes the fee before anyone else joined. Each is one ledger posting between the
 * contest's pool and the player's accounts, keyed so a replay pays once; the pool only ever
 * holds the fees of the entries still in the contest.
 */
const pool = (type: ContestType, id: number) => (type === 'contest' ? poolCode(id) : championshipPoolCode(id))
const prefix = (type: ContestType, id: number) =>
  type === 'contest' ? `contest:${id}` : `championship_contest:${id}`

/** One entry's fee from the pool back to the player's unused balance. */
export async function refundEntry(
  tx: Tx,
  after: AfterCommit,
  r: {
    type: ContestType
    contestId: number
    memberId: number
    userId: number
    amountPaise: number
    label: string
    nowMs: number
  },
): Promise<void> {
  if (r.amountPaise <= 0) return
  await post(
    tx,
    {
      kind: 'contest_refund',
      idempotencyKey: `${prefix(r.type, r.contestId)}:removed:${r.memberId}`,
      memo: contestMemo('contest_refund', r.label),
      meta: {
        [r.type === 'contest' ? 'contest_id' : 'championship_contest_id']: r.contestId,
        member_id: r.memberId,
      },
      lines: [
        {
          accountId: await systemAccountId(tx, pool(r.type, r.contestId), 'INR', r.nowMs),
          amount: -r.amountPaise,
        },
        { accountId: await userAccountId(tx, r.userId, 'unused'), amount: r.amountPaise },
      ],
      nowMs: r.nowMs,
    },
    after,
  )
}

/**
 * The fee changed before anyone else joined: each of the owner's entries pays the difference
 * (unused balance first, then winnings; too little is 409 and the edit rolls back) or gets it
 * back to unused. `edit` numbers the edit, so two fee changes are two postings.
 */
export async function adjustEntryFee(
  tx: Tx,
  after: AfterCommit,
  a: {
    type: ContestType
    contestId: number
    memberId: number
    userId: number
    deltaPaise: number
    edit: number
    label: string
    nowMs: number
  },
): Promise<void> {
  if (a.deltaPaise === 0) return
  const poolId = await systemAccountId(tx, pool(a.type, a.contestId), 'INR', a.nowMs)
  const lines: Array<{ accountId: number; amount: number }> = []
  if (a.deltaPaise > 0) {
    const split = splitDebit(a.deltaPaise, await userBalances(tx, a.userId))
    if (!split.sufficient)
      throw new AppError(
        'INSUFFICIENT_BALANCE',
        'Not enough balance to pay the higher entry fee; add cash first',
      )
    lines.push({ accountId: poolId, amount: a.deltaPaise })
    if (split.fromUnused > 0)
      lines.push({ accountId: await userAccountId(tx, a.userId, 'unused'), amount: -split.fromUnused })
    if (split.fromWinnings > 0)
      lines.push({ accountId: await userAccountId(tx, a.userId, 'winnings'), amount: -split.fromWinnings })
  } else {
    lines.push({ accountId: poolId, amount: a.deltaPaise })
    lines.push({ accountId: await userAccountId(tx, a.userId, 'unused'), amount: -a.deltaPaise })
  }
  await post(
    tx,
    {
      kind: a.deltaPaise > 0 ? 'contest_entry' : 'contest_refund',
      idempotencyKey: `${prefix(a.type, a.contestId)}:fee-change:${a.edit}:${a.memberId}`,
      memo: contestMemo(a.deltaPaise > 0 ? 'contest_entry' : 'contest_refund', `${a.label} (fee changed)`),
      meta: {
        [a.type === 'contest' ? 'contest_id' : 'championship_contest_id']: a.contestId,
        member_id: a.memberId,
      },
      lines,
      nowMs: a.nowMs,
    },
    after,
  )
}
