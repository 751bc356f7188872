import type { AfterCommit, Tx } from '../../db/tx'
import { postEntryFee } from '../contests'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId } from '../ledger'

/**
 * Money of championship contests, as daily contests move theirs (contests/ledger.ts): the
 * entry fee from unused balance first, then winnings, into the contest's own pool account;
 * at the end the pool empties to the winners (winnings) or back to the members (unused), the
 * house squaring the difference (guaranteed prizes beyond the fees; the rake). Account codes
 * and idempotency keys say `championship_contest:<id>`, never colliding with a daily contest
 * of the same id.
 */
export const championshipPoolCode = (contestId: number) => `championship_contest:${contestId}:pool`

const memo = (kind: 'entry' | 'prizes' | 'refund', label: string) =>
  `${{ entry: 'Entry fee', prizes: 'Winnings', refund: 'Refund' }[kind]} · ${label}`

/** "Phase League, IPL 2026 · Phase 1": how a passbook line names the contest. */
export const championshipLabel = (c: { name: string; phase_label: string }) => `${c.name}, ${c.phase_label}`

export async function chargeChampionshipEntry(
  tx: Tx,
  after: AfterCommit,
  e: {
    contestId: number
    label: string
    classicTeamId: number
    userId: number
    feePaise: number
    nowMs: number
  },
): Promise<void> {
  if (e.feePaise === 0) return
  const to = () => systemAccountId(tx, championshipPoolCode(e.contestId), 'INR', e.nowMs)
  await postEntryFee(
    tx,
    after,
    { payerId: e.userId, paise: e.feePaise, to },
    {
      kind: 'contest_entry',
      idempotencyKey: `championship_contest:${e.contestId}:entry:team:${e.classicTeamId}`,
      memo: memo('entry', e.label),
      meta: { championship_contest_id: e.contestId, classic_team_id: e.classicTeamId },
      nowMs: e.nowMs,
    },
  )
}

/**
 * Empties the pool: each user's amount to the compartment, the pool to 0, the house the rest
 * (positive: the rake; negative: a guaranteed prize topped up). Once per contest and kind.
 */
export async function payChampionshipPool(
  tx: Tx,
  after: AfterCommit,
  p: {
    contestId: number
    label: string
    kind: 'prizes' | 'refund'
    byUser: Map<number, number>
    nowMs: number
  },
): Promise<void> {
  const pool = await systemAccountId(tx, championshipPoolCode(p.contestId), 'INR', p.nowMs)
  const row = await tx
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', pool)
    .executeTakeFirstOrThrow()
  const collected = Number(row.balance)
  const compartment = p.kind === 'prizes' ? 'winnings' : 'unused'
  const lines: Array<{ accountId: number; amount: number }> = []
  let paid = 0
  for (const [userId, amount] of [...p.byUser].sort((a, b) => a[0] - b[0])) {
    if (amount <= 0) continue
    lines.push({ accountId: await userAccountId(tx, userId, compartment), amount })
    paid += amount
  }
  if (collected !== 0) lines.push({ accountId: pool, amount: -collected })
  if (collected !== paid)
    lines.push({
      accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.house.code, 'INR', p.nowMs),
      amount: collected - paid,
    })
  if (lines.length < 2) return
  await post(
    tx,
    {
      kind: p.kind === 'prizes' ? 'contest_prizes' : 'contest_refund',
      idempotencyKey: `championship_contest:${p.contestId}:${p.kind}`,
      memo: memo(p.kind, p.label),
      meta: { championship_contest_id: p.contestId },
      lines,
      nowMs: p.nowMs,
    },
    after,
  )
}
