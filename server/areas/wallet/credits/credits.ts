import type { Selectable } from 'kysely'
import type { Deps } from '../../../core/deps'
import { forUpdate } from '../../../db/lock'
import type { UserCreditsTable } from '../../../db/schema'
import { type Executor, withTx } from '../../../db/tx'
import { paiseToRupees, rupeesToPaise } from '../../../domain/money'
import { AppError, invalid, notFound } from '../../../http/errors'
import type { Page } from '../../../http/paging'
import { paidToUser, post } from '../../ledger'
import { notify } from '../../notifications'
import {
  GATEWAY_NAMES,
  type Gateway,
  gatewayAmount,
  gatewaySecret,
  MERCHANT_NAME,
  type Outcome,
  sign,
  signatureMatches,
  tagOf,
} from '../gateway/gateway'

/** Deposits (spec "User credit"): ₹10 to ₹10,000 through a simulated gateway. */
export const MIN_DEPOSIT_PAISE = 1_000
export const MAX_DEPOSIT_PAISE = 1_000_000
export const PRODUCT_INFO = 'Add cash to Fanspole wallet'

export type CreditRow = Selectable<UserCreditsTable>

/** `enter_amount` in rupees → paise, or a 422 with the field message. */
export function depositPaise(enterAmount: number | string): number {
  const paise = rupeesToPaise(enterAmount)
  if (paise === null) throw invalid({ enter_amount: ['must be rupees with at most 2 decimals'] })
  if (paise < MIN_DEPOSIT_PAISE || paise > MAX_DEPOSIT_PAISE)
    throw invalid({ enter_amount: ['must be between ₹10 and ₹10,000'] })
  return paise
}

export async function createCredit(
  deps: Deps,
  userId: number,
  input: { amountPaise: number; gateway: Gateway },
): Promise<CreditRow> {
  const secret = await gatewaySecret(deps.db, deps.clock.now())
  const now = deps.clock.now()
  return withTx(deps, async (tx) => {
    const row = await tx
      .insertInto('user_credits')
      .values({
        user_id: userId,
        amount: input.amountPaise,
        gateway: input.gateway,
        // Replaced below once the id is known (the column is unique and required).
        order_id: `new:${crypto.randomUUID()}`,
        created_at_ms: now,
        updated_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // FP + the id + a tag under the server secret: readable, unique, and not guessable.
    const orderId = `FP${String(row.id).padStart(6, '0')}${tagOf(secret, `order:${row.id}`)}`
    return tx
      .updateTable('user_credits')
      .set({ order_id: orderId })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}

export async function listCredits(db: Executor, userId: number, page: Page) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('user_credits')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(page.per_page)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('user_credits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** The caller's own credit; someone else's is "not found". `lock`: FOR UPDATE (in a write). */
export async function ownCredit(
  db: Executor,
  userId: number,
  where: { id: number } | { orderId: string },
  lock = false,
) {
  const row = await db
    .selectFrom('user_credits')
    .selectAll()
    .$call((q) => ('id' in where ? q.where('id', '=', where.id) : q.where('order_id', '=', where.orderId)))
    .$call((q) => (lock ? forUpdate(db)(q) : q))
    .executeTakeFirst()
  if (!row || row.user_id !== userId) throw notFound('Order')
  return row
}

/** A gateway callback as the verify calls receive it, in one shape for both gateways. */
export interface Callback {
  gateway: Gateway
  orderId: string
  txnId: string
  amount: string | number
  outcome: Outcome
  message: string | null
  signature: string
  /** Field names as this gateway spells them, for messages. */
  names: { order: string; amount: string; signature: string }
  /** The signed fields other than the amount, exactly as received. */
  signed: Record<string, string>
}

/**
 * Checks a callback and settles the credit, in one transaction: the order must be the
 * caller's and of this gateway, the amount the order's, the signature the gateway's, and
 * the credit still pending with a transaction id never used. A success posts gateway →
 * unused once (ledger key `user_credit:<id>`); a failure marks the credit failed. Anything
 * refused changes nothing.
 */
export async function verifyCallback(deps: Deps, userId: number, cb: Callback): Promise<CreditRow> {
  const secret = await gatewaySecret(deps.db, deps.clock.now())
  const now = deps.clock.now()
  return withTx(deps, async (tx, after) => {
    // Locked: of verifies racing with one callback, the rest wait and then find it settled.
    const credit = await ownCredit(tx, userId, { orderId: cb.orderId }, true)
    const paise = checkCallback(credit, cb, secret)
    const used = await tx
      .selectFrom('user_credits')
      .select('id')
      .where('gateway_txn_id', '=', cb.txnId)
      .executeTakeFirst()
    if (used) throw new AppError('PAYMENT_REPLAYED', 'This gateway transaction was already used')

    let ledgerTransactionId: number | null = null
    if (cb.outcome === 'success') {
      const result = await post(
        tx,
        {
          kind: 'deposit',
          idempotencyKey: `user_credit:${credit.id}`,
          memo: `Added cash via ${GATEWAY_NAMES[cb.gateway]} (order ${credit.order_id})`,
          meta: { user_credit_id: credit.id, gateway: cb.gateway, txn_id: cb.txnId },
          lines: await paidToUser(tx, 'gateway', { userId, compartment: 'unused' }, paise, now),
          nowMs: now,
        },
        after,
      )
      ledgerTransactionId = result.transactionId
      await notify(
        tx,
        after,
        userId,
        {
          kind: 'wallet_credit',
          body: `₹${paiseToRupees(paise).toLocaleString('en-IN')} added to your unused balance.`,
          data: { user_credit_id: credit.id, transaction_id: result.transactionId, compartment: 'unused' },
        },
        now,
      )
    }
    // `status = 'pending'` again here: exactly once even if two verifies raced this far.
    const settled = await tx
      .updateTable('user_credits')
      .set({
        status: cb.outcome === 'success' ? 'success' : 'failed',
        gateway_txn_id: cb.txnId,
        ledger_transaction_id: ledgerTransactionId,
        failure_reason: cb.outcome === 'failure' ? (cb.message ?? 'Payment failed') : null,
        updated_at_ms: now,
      })
      .where('id', '=', credit.id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst()
    if (!settled) throw new AppError('PAYMENT_REPLAYED', 'This payment was already verified')
    return settled
  })
}

/** The callback checked against its order: gateway, amount, signature, still pending. Returns the paise. */
function checkCallback(credit: CreditRow, cb: Callback, secret: string): number {
  if (credit.gateway !== cb.gateway)
    throw invalid({ [cb.names.order]: [`is not a ${GATEWAY_NAMES[cb.gateway]} order`] })
  const paise = rupeesToPaise(cb.amount)
  if (paise === null) throw invalid({ [cb.names.amount]: ['must be rupees with at most 2 decimals'] })
  if (paise !== Number(credit.amount))
    throw new AppError('AMOUNT_MISMATCH', 'The amount does not match the order', {
      [cb.names.amount]: [`does not match the order amount (${gatewayAmount(Number(credit.amount))})`],
    })
  const expected = sign(secret, cb.gateway, { ...cb.signed, [cb.names.amount]: gatewayAmount(paise) })
  if (!signatureMatches(expected, cb.signature))
    throw new AppError('INVALID_SIGNATURE', 'The payment signature is not valid', {
      [cb.names.signature]: ['does not match the payment details'],
    })
  if (credit.status !== 'pending')
    throw new AppError('PAYMENT_REPLAYED', `This payment was already verified (${credit.status})`)
  return paise
}

const SMALL_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
})

/** "22 Nov 2026" (India time), the spec's `created_at_str_small`. */
export function strSmall(ms: number): string {
  return SMALL_DATE.format(new Date(ms))
}

/** What the client needs to open the gateway page (only while the credit is pending). */
export function paymentData(row: CreditRow) {
  const gateway = row.gateway as Gateway
  return {
    url: `/gateway/${gateway}/${row.order_id}`,
    method: 'GET',
    gateway,
    merchant: MERCHANT_NAME,
    order_id: row.order_id,
    amount: gatewayAmount(Number(row.amount)),
    productinfo: PRODUCT_INFO,
    callback_urls:
      gateway === 'paytm'
        ? { success: '/paytm/payment', failure: '/paytm/payment' }
        : { success: '/payumoney/success', failure: '/payumoney/failure' },
  }
}

export function creditJson(row: CreditRow) {
  const rupees = paiseToRupees(Number(row.amount))
  return {
    id: row.id,
    service_provider: row.gateway as Gateway,
    amount: rupees,
    enter_amount: rupees,
    status: row.status,
    order_id: row.order_id,
    txn_id: row.gateway_txn_id,
    failure_reason: row.failure_reason,
    productinfo: PRODUCT_INFO,
    payment_data: row.status === 'pending' ? paymentData(row) : null,
    created_at_str_small: strSmall(Number(row.created_at_ms)),
    created_at_in_millis: Number(row.created_at_ms),
    updated_at_in_millis: Number(row.updated_at_ms),
  }
}
