import { sql } from 'kysely'
import type { Executor } from '../../db/tx'

export type LedgerProblem =
  | { kind: 'unbalanced_transaction'; transaction_id: number; currency: string; sum: number }
  | { kind: 'single_entry_transaction'; transaction_id: number; entries: number }
  | { kind: 'balance_mismatch'; account_id: number; code: string; cached: number; entries_sum: number }
  | { kind: 'negative_balance'; account_id: number; code: string; balance: number }
  | {
      kind: 'running_balance_break'
      account_id: number
      entry_id: number
      expected: number
      recorded: number
    }
  | { kind: 'duplicate_idempotency_key'; idempotency_key: string; count: number }

export interface LedgerReport {
  ok: boolean
  transactions: number
  accounts: number
  entries: number
  problems: LedgerProblem[]
}

/**
 * Checks every ledger invariant on the live database: each transaction balances per
 * currency and has at least two entries; each cached balance equals the sum of its
 * entries; no account that may not go negative is negative; each entry's balance_after
 * continues its account's running balance; idempotency keys are unique.
 */
export async function verifyLedger(db: Executor): Promise<LedgerReport> {
  const problems: LedgerProblem[] = [...(await unbalancedTransactions(db)), ...(await thinTransactions(db))]
  const accounts = await accountsWithSums(db)
  problems.push(...accounts.flatMap(accountProblems))
  const entries = await db
    .selectFrom('ledger_entries')
    .select(['id', 'account_id', 'amount', 'balance_after'])
    .orderBy('account_id')
    .orderBy('id')
    .execute()
  problems.push(...runningBalanceBreaks(entries), ...(await duplicateKeys(db)))
  const [{ n: transactions } = { n: 0 }] = await db
    .selectFrom('ledger_transactions')
    .select(sql<number>`count(*)`.as('n'))
    .execute()
  return {
    ok: problems.length === 0,
    transactions: Number(transactions),
    accounts: accounts.length,
    entries: entries.length,
    problems,
  }
}

async function unbalancedTransactions(db: Executor): Promise<LedgerProblem[]> {
  const unbalanced = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['e.transaction_id', 'a.currency', sql<number>`sum(e.amount)`.as('total')])
    .groupBy(['e.transaction_id', 'a.currency'])
    .having(sql`sum(e.amount)`, '!=', 0)
    .execute()
  return unbalanced.map((row) => ({
    kind: 'unbalanced_transaction',
    transaction_id: row.transaction_id,
    currency: row.currency,
    sum: Number(row.total),
  }))
}

async function thinTransactions(db: Executor): Promise<LedgerProblem[]> {
  const thin = await db
    .selectFrom('ledger_transactions as t')
    .leftJoin('ledger_entries as e', 'e.transaction_id', 't.id')
    .select(['t.id', sql<number>`count(e.id)`.as('n')])
    .groupBy('t.id')
    .having(sql`count(e.id)`, '<', 2)
    .execute()
  return thin.map((row) => ({
    kind: 'single_entry_transaction',
    transaction_id: row.id,
    entries: Number(row.n),
  }))
}

function accountsWithSums(db: Executor) {
  return db
    .selectFrom('ledger_accounts as a')
    .leftJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .select([
      'a.id',
      'a.code',
      'a.balance',
      'a.allow_negative',
      sql<number>`coalesce(sum(e.amount), 0)`.as('entries_sum'),
    ])
    .groupBy(['a.id', 'a.code', 'a.balance', 'a.allow_negative'])
    .execute()
}

function accountProblems(a: Awaited<ReturnType<typeof accountsWithSums>>[number]): LedgerProblem[] {
  const problems: LedgerProblem[] = []
  const cached = Number(a.balance)
  const sum = Number(a.entries_sum)
  if (cached !== sum)
    problems.push({ kind: 'balance_mismatch', account_id: a.id, code: a.code, cached, entries_sum: sum })
  if (!a.allow_negative && cached < 0)
    problems.push({ kind: 'negative_balance', account_id: a.id, code: a.code, balance: cached })
  return problems
}

/** Walks each account's entries in order (by account, then id); balance_after must be the running sum. */
function runningBalanceBreaks(
  entries: ReadonlyArray<{ id: number; account_id: number; amount: number; balance_after: number }>,
): LedgerProblem[] {
  const problems: LedgerProblem[] = []
  let account = -1
  let running = 0
  for (const e of entries) {
    if (e.account_id !== account) {
      account = e.account_id
      running = 0
    }
    running += Number(e.amount)
    if (running !== Number(e.balance_after)) {
      problems.push({
        kind: 'running_balance_break',
        account_id: e.account_id,
        entry_id: e.id,
        expected: running,
        recorded: Number(e.balance_after),
      })
      running = Number(e.balance_after)
    }
  }
  return problems
}

async function duplicateKeys(db: Executor): Promise<LedgerProblem[]> {
  const dupes = await db
    .selectFrom('ledger_transactions')
    .select(['idempotency_key', sql<number>`count(*)`.as('n')])
    .groupBy('idempotency_key')
    .having(sql`count(*)`, '>', 1)
    .execute()
  return dupes.map((d) => ({
    kind: 'duplicate_idempotency_key',
    idempotency_key: d.idempotency_key,
    count: Number(d.n),
  }))
}
