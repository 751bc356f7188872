/**
 * Pure rules of the double-entry ledger. A posting moves amounts between accounts; it is
 * valid only if every amount is a non-zero safe integer and, per currency, the amounts sum
 * to zero — money is never created or destroyed, only moved (deposits come *from* the
 * gateway account, prizes *from* a contest pool, admin credits *from* the house).
 */
export type Currency = 'INR' | 'COIN'

export interface PostingLine {
  accountId: number
  currency: Currency
  amount: number
}

export type PostingProblem =
  | { rule: 'too_few_lines'; lines: number }
  | { rule: 'bad_amount'; accountId: number; amount: number }
  | { rule: 'unbalanced'; currency: Currency; sum: number }
  | { rule: 'duplicate_account'; accountId: number }

export function checkPosting(lines: readonly PostingLine[]): PostingProblem[] {
  const problems: PostingProblem[] = []
  if (lines.length < 2) problems.push({ rule: 'too_few_lines', lines: lines.length })
  const sums = new Map<Currency, number>()
  const seen = new Set<number>()
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0)
      problems.push({ rule: 'bad_amount', accountId: line.accountId, amount: line.amount })
    if (seen.has(line.accountId)) problems.push({ rule: 'duplicate_account', accountId: line.accountId })
    seen.add(line.accountId)
    sums.set(line.currency, (sums.get(line.currency) ?? 0) + line.amount)
  }
  for (const [currency, sum] of sums) if (sum !== 0) problems.push({ rule: 'unbalanced', currency, sum })
  return problems
}

/** A user's spendable split for a debit: unused balance first, then winnings. */
export function splitDebit(amount: number, balances: { unused: number; winnings: number }) {
  const fromUnused = Math.min(amount, Math.max(0, balances.unused))
  const fromWinnings = amount - fromUnused
  return { fromUnused, fromWinnings, sufficient: fromWinnings <= Math.max(0, balances.winnings) }
}
