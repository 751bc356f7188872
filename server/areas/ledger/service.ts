import { sql } from 'kysely'
import { lockRows } from '../../db/lock'
import type { Currency } from '../../db/schema'
import type { AfterCommit, Executor, Tx } from '../../db/tx'
import { checkPosting, type PostingLine } from '../../domain/ledger'
import { paiseToRupees } from '../../domain/money'
import { AppError } from '../../http/errors'
import { notificationStream } from '../notifications'

/** The three compartments every user has. unused and winnings are paise; coins are whole coins. */
export type UserCompartment = 'unused' | 'winnings' | 'coins'
export const COMPARTMENT_CURRENCY: Record<UserCompartment, Currency> = {
  unused: 'INR',
  winnings: 'INR',
  coins: 'COIN',
}

/**
 * System accounts are where money comes from and goes to. They may go negative: the house
 * account's balance is minus everything it has handed out.
 */
export const SYSTEM_ACCOUNTS = {
  house: { code: 'system:house:INR', currency: 'INR' },
  houseCoins: { code: 'system:house:COIN', currency: 'COIN' },
  gateway: { code: 'system:gateway:INR', currency: 'INR' },
  payouts: { code: 'system:payouts:INR', currency: 'INR' },
} as const satisfies Record<string, { code: string; currency: Currency }>

export interface Balances {
  unused: number
  winnings: number
  coins: number
}

export async function createUserAccounts(tx: Executor, userId: number, nowMs: number): Promise<void> {
  await tx
    .insertInto('ledger_accounts')
    .values(
      (Object.keys(COMPARTMENT_CURRENCY) as UserCompartment[]).map((kind) => ({
        code: userAccountCode(userId, kind),
        user_id: userId,
        kind,
        currency: COMPARTMENT_CURRENCY[kind],
        created_at_ms: nowMs,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .execute()
}

export function userAccountCode(userId: number, kind: UserCompartment): string {
  return `user:${userId}:${kind}`
}

export async function userAccountId(tx: Executor, userId: number, kind: UserCompartment): Promise<number> {
  const row = await tx
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', userAccountCode(userId, kind))
    .executeTakeFirst()
  if (!row) throw new AppError('NOT_FOUND', 'Wallet not found')
  return row.id
}

/**
 * The two lines of money paid from a system account into one of a user's compartments (a
 * deposit, a refund, an admin's credit): the system account gives `amount`, the user's gets it.
 */
export async function paidToUser(
  tx: Executor,
  from: keyof typeof SYSTEM_ACCOUNTS,
  to: { userId: number; compartment: UserCompartment },
  amount: number,
  nowMs: number,
): Promise<PostingRequest['lines']> {
  const system = SYSTEM_ACCOUNTS[from]
  return [
    { accountId: await systemAccountId(tx, system.code, system.currency, nowMs), amount: -amount },
    { accountId: await userAccountId(tx, to.userId, to.compartment), amount },
  ]
}

/** Gets or creates a system (or pool) account that may carry a negative balance. */
export async function systemAccountId(
  tx: Executor,
  code: string,
  currency: Currency,
  nowMs: number,
): Promise<number> {
  const find = () =>
    tx.selectFrom('ledger_accounts').select(['id', 'currency']).where('code', '=', code).executeTakeFirst()
  let existing = await find()
  if (!existing) {
    // Two first postings to a new pool at once: one creates it, the other waits for that
    // insert (PostgreSQL) and then finds it, instead of failing on the unique code.
    await tx
      .insertInto('ledger_accounts')
      .values({
        code,
        kind: code.split(':')[1] ?? 'system',
        currency,
        allow_negative: 1,
        created_at_ms: nowMs,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute()
    existing = await find()
    if (!existing) throw new Error(`account ${code} could not be created`)
  }
  if (existing.currency !== currency)
    throw new Error(`account ${code} holds ${existing.currency}, not ${currency}`)
  return existing.id
}

export async function userBalances(db: Executor, userId: number): Promise<Balances> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('user_id', '=', userId)
    .execute()
  const out: Balances = { unused: 0, winnings: 0, coins: 0 }
  for (const row of rows) if (row.kind in out) out[row.kind as UserCompartment] = Number(row.balance)
  return out
}

export interface PostingRequest {
  kind: string
  /** Unique forever: posting the same key again returns the first transaction, unchanged. */
  idempotencyKey: string
  memo?: string
  meta?: Record<string, unknown>
  lines: Array<{ accountId: number; amount: number }>
  nowMs: number
}

export interface PostingResult {
  transactionId: number
  replayed: boolean
}

/**
 * The one way money moves. Must run inside the caller's write transaction, so the posting
 * commits or rolls back together with whatever it pays for (a contest seat, a bid).
 * A user account that would go below zero aborts the whole transaction with 409.
 */
export async function post(tx: Tx, request: PostingRequest, after?: AfterCommit): Promise<PostingResult> {
  const replay = await replayOf(tx, request)
  if (replay) return replay

  const lines = await checkedLines(tx, request)
  const transaction = await tx
    .insertInto('ledger_transactions')
    .values({
      kind: request.kind,
      idempotency_key: request.idempotencyKey,
      memo: request.memo ?? null,
      meta: JSON.stringify(request.meta ?? {}),
      created_at_ms: request.nowMs,
    })
    // The same key posted by a concurrent transaction (PostgreSQL): this insert waits for it
    // and, once it has committed, inserts nothing — then it is a replay like any other.
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!transaction) {
    const raced = await replayOf(tx, request)
    if (!raced) throw new Error(`ledger key ${request.idempotencyKey} is taken but not readable`)
    return raced
  }

  // Every account of the posting locked in id order (PostgreSQL; SQLite writers take turns):
  // two postings that touch the same accounts in opposite directions — an entry fee and a
  // refund — would otherwise each hold one row and wait for the other's.
  await lockRows(
    tx,
    'ledger_accounts',
    lines.map((l) => l.accountId),
  )
  // Debits first, so a shortfall is found before anything else is written.
  const ordered = [...lines].sort((a, b) => a.amount - b.amount)
  for (const line of ordered) {
    const updated = await tx
      .updateTable('ledger_accounts')
      .set({ balance: sql<number>`balance + ${line.amount}` })
      .where('id', '=', line.accountId)
      .returning(['balance', 'allow_negative', 'kind'])
      .executeTakeFirstOrThrow()
    const balance = Number(updated.balance)
    if (balance < 0 && !updated.allow_negative) {
      throw new AppError('INSUFFICIENT_BALANCE', `Insufficient ${updated.kind} balance`)
    }
    await tx
      .insertInto('ledger_entries')
      .values({
        transaction_id: transaction.id,
        account_id: line.accountId,
        amount: line.amount,
        balance_after: balance,
        created_at_ms: request.nowMs,
      })
      .execute()
  }
  if (after)
    await queueWalletPushes(
      tx,
      after,
      lines.map((l) => l.accountId),
    )
  return { transactionId: transaction.id, replayed: false }
}

/** The request's lines with their accounts' currencies, refused unless they make a valid posting. */
async function checkedLines(tx: Tx, request: PostingRequest): Promise<PostingLine[]> {
  const currencyOf = new Map<number, Currency>()
  // In chunks: a prize posting can have more lines than a statement may have parameters.
  for (const ids of chunks(request.lines.map((l) => l.accountId))) {
    const accounts = await tx
      .selectFrom('ledger_accounts')
      .select(['id', 'currency'])
      .where('id', 'in', ids)
      .execute()
    for (const a of accounts) currencyOf.set(a.id, a.currency)
  }
  const lines: PostingLine[] = request.lines.map((l) => {
    const currency = currencyOf.get(l.accountId)
    if (!currency) throw new Error(`ledger account ${l.accountId} does not exist`)
    return { accountId: l.accountId, amount: l.amount, currency }
  })
  const problems = checkPosting(lines)
  if (problems.length > 0) throw new Error(`invalid posting ${request.kind}: ${JSON.stringify(problems)}`)
  return lines
}

/** The first posting under this request's key (null if none), or 409 if it was a different one. */
async function replayOf(tx: Tx, request: PostingRequest): Promise<PostingResult | null> {
  const existing = await tx
    .selectFrom('ledger_transactions')
    .select(['id', 'kind'])
    .where('idempotency_key', '=', request.idempotencyKey)
    .executeTakeFirst()
  if (!existing) return null
  const entries = await tx
    .selectFrom('ledger_entries')
    .select(['account_id', 'amount'])
    .where('transaction_id', '=', existing.id)
    .orderBy('id')
    .execute()
  const same =
    existing.kind === request.kind &&
    fingerprint(entries.map((e) => ({ accountId: e.account_id, amount: Number(e.amount) }))) ===
      fingerprint(request.lines)
  if (!same)
    throw new AppError(
      'IDEMPOTENCY_CONFLICT',
      'This idempotency key was already used for a different transaction',
    )
  return { transactionId: existing.id, replayed: true }
}

/**
 * After the commit, every user whose wallet moved gets `{type:'wallet', …balances}` on their
 * NotificationsChannel stream, so open pages show the new balance without a reload.
 */
async function queueWalletPushes(tx: Tx, after: AfterCommit, accountIds: number[]): Promise<void> {
  const users = new Set<number>()
  for (const ids of chunks(accountIds)) {
    const owners = await tx
      .selectFrom('ledger_accounts')
      .select('user_id')
      .distinct()
      .where('id', 'in', ids)
      .where('user_id', 'is not', null)
      .execute()
    for (const { user_id } of owners) if (user_id !== null) users.add(user_id)
  }
  for (const userId of users) {
    const b = await userBalances(tx, userId)
    after.publish(notificationStream(userId), { type: 'wallet', ...walletJson(b) })
  }
}

/** Lists cut to a size every engine accepts as `in (…)` parameters (SQLite allows 32,766). */
function chunks<T>(items: T[], size = 10_000): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Balances as the API shows them: rupees, with current = unused + winnings; coins whole. */
export function walletJson(b: Balances) {
  return {
    current_balance: paiseToRupees(b.unused + b.winnings),
    unused_balance: paiseToRupees(b.unused),
    winning_balance: paiseToRupees(b.winnings),
    coin_balance: b.coins,
  }
}

export function fingerprint(lines: Array<{ accountId: number; amount: number }>): string {
  return [...lines]
    .sort((a, b) => a.accountId - b.accountId || a.amount - b.amount)
    .map((l) => `${l.accountId}:${l.amount}`)
    .join(',')
}
