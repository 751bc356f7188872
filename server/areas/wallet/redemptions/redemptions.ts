import type { Selectable } from 'kysely'
import type { Deps } from '../../../core/deps'
import { forUpdate, lockRows } from '../../../db/lock'
import { rowWhere } from '../../../db/query'
import type { RedemptionsTable, RedemptionTypesTable } from '../../../db/schema'
import { type Executor, type Tx, withTx } from '../../../db/tx'
import { isAllowedToRedeem, maskAccountNumber, missingForRedeem } from '../../../domain/kyc-rules'
import { paiseToRupees } from '../../../domain/money'
import {
  checkRedemption,
  istDayStart,
  type RedemptionTypeRule,
  type RedemptionViolation,
  strSmall,
} from '../../../domain/redemption-rules'
import { AppError, conflict, notFound } from '../../../http/errors'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId, userBalances } from '../../ledger'
import { notify } from '../../notifications'
import { decidedColumns, findPlayer } from '../common/queries'
import { redeemFacts } from '../kyc/kyc'
import { findActiveUpi, findBankDetails } from '../kyc/payout-methods'

/**
 * Withdrawals from winnings. Three postings per request, each with its own idempotency key:
 *
 *   request   winnings −(amount + fee) → holds +(amount + fee)          status pending
 *   approve   holds −(amount + fee) → payouts +amount, house +fee       status approved (paid)
 *   reject    holds −(amount + fee) → winnings +(amount + fee)          status rejected
 *
 * The holds account carries exactly the pending requests, so "money on its way out" is never
 * confused with money paid: the payouts account is the total that left for banks and UPI.
 */
export const REDEMPTION_HOLDS_ACCOUNT = 'system:redemption_holds:INR'

type RedemptionRow = Selectable<RedemptionsTable>
type TypeRow = Selectable<RedemptionTypesTable>

export function typeRule(row: TypeRow): RedemptionTypeRule {
  return {
    code: row.code,
    name: row.name,
    minAmountPaise: Number(row.min_amount),
    feePaise: Number(row.fee),
    dailyLimitPaise: row.daily_limit === null ? null : Number(row.daily_limit),
  }
}

export function redemptionTypeJson(row: TypeRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    min_amount: paiseToRupees(Number(row.min_amount)),
    fee: paiseToRupees(Number(row.fee)),
    daily_limit: row.daily_limit === null ? null : paiseToRupees(Number(row.daily_limit)),
  }
}

export function listRedemptionTypes(db: Executor) {
  return db.selectFrom('redemption_types').selectAll().orderBy('sort').orderBy('id').execute()
}

export function redemptionJson(row: RedemptionRow, type: TypeRow) {
  return {
    id: row.id,
    user_id: row.user_id,
    created_at_in_millis: Number(row.created_at_ms),
    created_at_str_small: strSmall(Number(row.created_at_ms)),
    status: row.status,
    amount: paiseToRupees(Number(row.amount)),
    fee: paiseToRupees(Number(row.fee)),
    total_debited: paiseToRupees(Number(row.amount) + Number(row.fee)),
    redemption_type: { id: type.id, code: type.code, name: type.name },
    destination: row.destination,
    reason: row.reason,
    decided_at_in_millis: row.decided_at_ms === null ? null : Number(row.decided_at_ms),
  }
}

/** Rows with their types, as the API shows them. */
export async function redemptionsJson(db: Executor, rows: RedemptionRow[]) {
  const types = new Map((await listRedemptionTypes(db)).map((t) => [t.id, t]))
  return rows.map((r) => redemptionJson(r, types.get(r.redemption_type_id) as TypeRow))
}

function violationError(v: RedemptionViolation, type: RedemptionTypeRule): AppError {
  const rupees = (p: number) => `₹${paiseToRupees(p).toLocaleString('en-IN')}`
  switch (v.rule) {
    case 'below_minimum':
      return new AppError(
        'REDEMPTION_LIMIT',
        `The minimum ${type.name} withdrawal is ${rupees(v.minimumPaise)}`,
      )
    case 'daily_limit':
      return new AppError(
        'REDEMPTION_LIMIT',
        `${type.name} withdrawals are limited to ${rupees(v.limitPaise)} a day; ${rupees(v.usedTodayPaise)} already requested today`,
      )
    case 'insufficient_winnings':
      return new AppError(
        'INSUFFICIENT_BALANCE',
        `This needs ${rupees(v.neededPaise)} of winnings${type.feePaise > 0 ? ` (including the ${rupees(type.feePaise)} fee)` : ''}; you have ${rupees(v.winningsPaise)}`,
      )
  }
}

export async function requestRedemption(
  deps: Deps,
  userId: number,
  input: { amountPaise: number; typeId: number },
): Promise<RedemptionRow> {
  return withTx(deps, async (tx, after) => {
    // The user's row: requests of one user take turns, so the daily limit counts every other.
    await lockRows(tx, 'users', userId)
    const now = deps.clock.now()
    const user = await findPlayer(tx, userId)
    if (!user) throw notFound('User')
    const facts = await redeemFacts(tx, user)
    if (!isAllowedToRedeem(facts))
      throw new AppError('NOT_VERIFIED', `Before withdrawing you need ${missingForRedeem(facts).join(', ')}`)
    const typeRow = await rowWhere(tx, 'redemption_types', { id: input.typeId })
    if (!typeRow) throw notFound('Redemption type')
    const type = typeRule(typeRow)
    const destination = await destinationFor(tx, userId, type)
    const violation = checkRedemption({
      amountPaise: input.amountPaise,
      type,
      winningsPaise: (await userBalances(tx, userId)).winnings,
      usedTodayPaise: await usedToday(tx, userId, typeRow.id, now),
    })
    if (violation) throw violationError(violation, type)
    const total = input.amountPaise + type.feePaise
    const hold = await post(
      tx,
      {
        kind: 'redemption_hold',
        idempotencyKey: `redemption_hold:${crypto.randomUUID()}`,
        memo: `Withdrawal by ${type.name} requested`,
        lines: [
          { accountId: await userAccountId(tx, userId, 'winnings'), amount: -total },
          { accountId: await holdsAccount(tx, now), amount: total },
        ],
        nowMs: now,
      },
      after,
    )
    return tx
      .insertInto('redemptions')
      .values({
        user_id: userId,
        redemption_type_id: typeRow.id,
        amount: input.amountPaise,
        fee: type.feePaise,
        status: 'pending',
        destination,
        hold_transaction_id: hold.transactionId,
        created_at_ms: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}

/** Where this type pays to: the bank account (masked) or the active UPI id. */
async function destinationFor(tx: Tx, userId: number, type: RedemptionTypeRule): Promise<string> {
  if (type.code === 'upi') {
    const upi = await findActiveUpi(tx, userId)
    if (!upi) throw new AppError('NOT_VERIFIED', 'Add and activate a UPI id before withdrawing by UPI')
    return upi.upi_str
  }
  const bank = await findBankDetails(tx, userId)
  if (!bank) throw new AppError('NOT_VERIFIED', 'Add your bank details before withdrawing to a bank account')
  return `${bank.ifsc} ${maskAccountNumber(bank.account_number)}`
}

/** What the user asked to withdraw by this type since midnight IST (game clock), rejections aside. */
async function usedToday(tx: Tx, userId: number, typeId: number, nowMs: number): Promise<number> {
  const row = await tx
    .selectFrom('redemptions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('redemption_type_id', '=', typeId)
    .where('status', '!=', 'rejected')
    .where('created_at_ms', '>=', istDayStart(nowMs))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

const holdsAccount = (tx: Tx, nowMs: number) => systemAccountId(tx, REDEMPTION_HOLDS_ACCOUNT, 'INR', nowMs)

/**
 * The request, once its user is locked (the order every writer locks in): of two decisions
 * at once, the second waits and then finds it decided. 404, or 409 when already decided.
 */
async function lockPendingRedemption(tx: Tx, id: number): Promise<RedemptionRow> {
  const owner = await tx.selectFrom('redemptions').select('user_id').where('id', '=', id).executeTakeFirst()
  if (!owner) throw notFound('Redemption')
  await lockRows(tx, 'users', owner.user_id)
  const row = await tx
    .selectFrom('redemptions')
    .selectAll()
    .where('id', '=', id)
    .$call(forUpdate(tx))
    .executeTakeFirst()
  if (!row) throw notFound('Redemption')
  if (row.status !== 'pending') throw conflict(`This withdrawal is already ${row.status}`)
  return row
}

/** The hold (amount + fee) out to payouts and the house's fee, or back to the user's winnings. */
async function settlementLines(tx: Tx, row: RedemptionRow, approve: boolean, now: number) {
  const amount = Number(row.amount)
  const fee = Number(row.fee)
  const holds = await holdsAccount(tx, now)
  return approve
    ? [
        { accountId: holds, amount: -(amount + fee) },
        { accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.payouts.code, 'INR', now), amount },
        ...(fee > 0
          ? [{ accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.house.code, 'INR', now), amount: fee }]
          : []),
      ]
    : [
        { accountId: holds, amount: -(amount + fee) },
        { accountId: await userAccountId(tx, row.user_id, 'winnings'), amount: amount + fee },
      ]
}

/** Admin decision on a pending request: approve pays it out, reject returns the hold to winnings. */
export async function decideRedemption(
  deps: Deps,
  adminId: number,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<RedemptionRow> {
  return withTx(deps, async (tx, after) => {
    const now = deps.clock.now()
    const row = await lockPendingRedemption(tx, id)
    const amount = Number(row.amount)
    const fee = Number(row.fee)
    const lines = await settlementLines(tx, row, decision.approve, now)
    const settled = await post(
      tx,
      {
        kind: decision.approve ? 'redemption_payout' : 'redemption_return',
        idempotencyKey: `redemption:${row.id}:${decision.approve ? 'payout' : 'return'}`,
        memo: decision.approve
          ? `Withdrawal #${row.id} paid out`
          : `Withdrawal #${row.id} rejected: returned`,
        meta: { redemption_id: row.id, by: adminId },
        lines,
        nowMs: now,
      },
      after,
    )
    const shown = `₹${paiseToRupees(amount).toLocaleString('en-IN')}`
    await notify(
      tx,
      after,
      row.user_id,
      decision.approve
        ? {
            kind: 'redemption_paid',
            body: `Your withdrawal of ${shown} to ${row.destination} is paid.`,
            // The payout leaves the hold, not the winnings: the passbook row is the hold's.
            data: { transaction_id: Number(row.hold_transaction_id), compartment: 'winnings' },
          }
        : {
            kind: 'redemption_rejected',
            body: `Your withdrawal of ${shown} was rejected (${decision.reason}); ₹${paiseToRupees(amount + fee).toLocaleString('en-IN')} is back in your winnings.`,
            data: { transaction_id: settled.transactionId, compartment: 'winnings' },
          },
      now,
    )
    return tx
      .updateTable('redemptions')
      .set({ ...decidedColumns(decision, adminId, now), settle_transaction_id: settled.transactionId })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}
