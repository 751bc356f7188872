import type { AfterCommit, Tx } from '../../db/tx'
import { splitDebit } from '../../domain/ledger'
import { AppError } from '../../http/errors'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId, userBalances } from '../ledger/service'

/** Every contest collects its entry fees in its own pool account, emptied when it settles. */
export const poolCode = (contestId: number) => `contest:${contestId}:pool`

export function contestPoolAccount(tx: Tx, contestId: number, nowMs: number): Promise<number> {
  return systemAccountId(tx, poolCode(contestId), 'INR', nowMs)
}

/** Entry fee: unused balance first, then winnings, into the contest pool. */
export async function chargeEntry(
  tx: Tx,
  after: AfterCommit,
  entry: { contestId: number; teamId: number; userId: number; feePaise: number; nowMs: number },
): Promise<number | null> {
  if (entry.feePaise === 0) return null
  const balances = await userBalances(tx, entry.userId)
  const split = splitDebit(entry.feePaise, balances)
  if (!split.sufficient)
    throw new AppError('INSUFFICIENT_BALANCE', 'Not enough balance to pay the entry fee; add cash first')
  const lines = [
    { accountId: await contestPoolAccount(tx, entry.contestId, entry.nowMs), amount: entry.feePaise },
  ]
  if (split.fromUnused > 0)
    lines.push({ accountId: await userAccountId(tx, entry.userId, 'unused'), amount: -split.fromUnused })
  if (split.fromWinnings > 0)
    lines.push({ accountId: await userAccountId(tx, entry.userId, 'winnings'), amount: -split.fromWinnings })
  const result = await post(
    tx,
    {
      kind: 'contest_entry',
      // One entry per team per contest: the key makes a retried join pay once.
      idempotencyKey: `contest:${entry.contestId}:entry:team:${entry.teamId}`,
      memo: `Entry fee, contest ${entry.contestId}`,
      meta: { contest_id: entry.contestId, user_team_id: entry.teamId },
      lines,
      nowMs: entry.nowMs,
    },
    after,
  )
  return result.transactionId
}

/** Pays each account its total (several entries of one user are added up: one line per account). */
export async function payFromPool(
  tx: Tx,
  after: AfterCommit,
  p: {
    contestId: number
    kind: 'contest_prizes' | 'contest_refund'
    compartment: 'winnings' | 'unused'
    byUser: Map<number, number>
    nowMs: number
  },
): Promise<void> {
  const pool = await contestPoolAccount(tx, p.contestId, p.nowMs)
  const collected = Number(
    (
      await tx
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('id', '=', pool)
        .executeTakeFirstOrThrow()
    ).balance,
  )
  const lines: Array<{ accountId: number; amount: number }> = []
  let paid = 0
  for (const [userId, amount] of p.byUser) {
    if (amount <= 0) continue
    lines.push({ accountId: await userAccountId(tx, userId, p.compartment), amount })
    paid += amount
  }
  // The pool empties: what it cannot cover the house tops up (guaranteed prizes); what is
  // left over is the house's rake.
  if (collected !== 0) lines.push({ accountId: pool, amount: -collected })
  const house = collected - paid
  if (house !== 0)
    lines.push({
      accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.house.code, 'INR', p.nowMs),
      amount: house,
    })
  if (lines.length < 2) return
  await post(
    tx,
    {
      kind: p.kind,
      idempotencyKey: `contest:${p.contestId}:${p.kind}`,
      memo: `${p.kind === 'contest_prizes' ? 'Prizes' : 'Refunds'}, contest ${p.contestId}`,
      meta: { contest_id: p.contestId },
      lines,
      nowMs: p.nowMs,
    },
    after,
  )
}
