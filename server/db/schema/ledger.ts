import type { Generated } from 'kysely'

// The money ledger: accounts, transactions and their entries.

export type Currency = 'INR' | 'COIN'

export interface LedgerAccountsTable {
  id: Generated<number>
  code: string
  user_id: number | null
  kind: string
  currency: Currency
  balance: Generated<number>
  allow_negative: Generated<number>
  created_at_ms: number
}

export interface LedgerTransactionsTable {
  id: Generated<number>
  kind: string
  idempotency_key: string
  memo: string | null
  meta: Generated<string>
  created_at_ms: number
}

export interface LedgerEntriesTable {
  id: Generated<number>
  transaction_id: number
  account_id: number
  amount: number
  balance_after: number
  created_at_ms: number
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable
  ledger_transactions: LedgerTransactionsTable
  ledger_entries: LedgerEntriesTable
}
