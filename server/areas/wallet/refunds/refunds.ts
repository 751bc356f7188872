import type { Selectable } from 'kysely'
import type { Deps } from '../../../core/deps'
import { lockRows } from '../../../db/lock'
import { newestRows, rowWhere } from '../../../db/query'
import type { ClaimRefundsTable } from '../../../db/schema'
import { type AfterCommit, type Executor, type Tx, withTx } from '../../../db/tx'
import { paiseToRupees } from '../../../domain/money'
import { strSmall } from '../../../domain/redemption-rules'
import { conflict, invalid, notFound } from '../../../http/errors'
import { paidToUser, post } from '../../ledger'
import { notify } from '../../notifications'

/**
 * Refund claims from the help pages (`/help/claim-refund`, `/help/refund-status`). A claim
 * is a request for a person to look at; it moves no money by itself. It may name one of the
 * user's deposits (the claimed amount is that deposit's) or a contest the user joined.
 *
 * An admin decides it once (`refunds-admin.routes.ts`): `refunded` credits the user's unused
 * balance from the house account through one ledger posting (key `claim_refund:<id>`) and
 * `amount` becomes the amount refunded; `rejected` moves nothing. Either way `resolution`
 * holds the admin's words and the user is notified.
 */

type ClaimRow = Selectable<ClaimRefundsTable>

export function claimRefundJson(row: ClaimRow) {
  return {
    id: row.id,
    reason: row.reason,
    status: row.status,
    resolution: row.resolution,
    user_credit_id: row.user_credit_id,
    contest_id: row.contest_id,
    amount: row.amount === null ? null : paiseToRupees(Number(row.amount)),
    created_at_in_millis: Number(row.created_at_ms),
    created_at_str_small: strSmall(Number(row.created_at_ms)),
    updated_at_in_millis: Number(row.updated_at_ms),
    decided_at_in_millis: row.status === 'pending' ? null : Number(row.updated_at_ms),
  }
}

export interface ClaimInput {
  reason: string
  user_credit_id?: number
  contest_id?: number
}

export async function createClaim(deps: Deps, userId: number, input: ClaimInput): Promise<ClaimRow> {
  return withTx(deps, async (tx) => {
    // One open claim per deposit or contest: a user's claims take turns.
    await lockRows(tx, 'users', userId)
    let amount: number | null = null
    if (input.user_credit_id !== undefined) {
      const credit = await rowWhere(tx, 'user_credits', { id: input.user_credit_id, user_id: userId })
      if (!credit) throw notFound('Deposit')
      amount = Number(credit.amount)
    }
    if (input.contest_id !== undefined) {
      const member = await rowWhere(tx, 'contest_members', { contest_id: input.contest_id, user_id: userId })
      if (!member) throw notFound('Contest')
    }
    if (input.user_credit_id !== undefined || input.contest_id !== undefined) {
      let open = tx
        .selectFrom('claim_refunds')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
      if (input.user_credit_id !== undefined) open = open.where('user_credit_id', '=', input.user_credit_id)
      if (input.contest_id !== undefined) open = open.where('contest_id', '=', input.contest_id)
      const existing = await open.executeTakeFirst()
      if (existing) throw conflict(`You already have an open refund claim (#${existing.id}) for this`)
    }
    const now = deps.clock.now()
    return tx
      .insertInto('claim_refunds')
      .values({
        user_id: userId,
        user_credit_id: input.user_credit_id ?? null,
        contest_id: input.contest_id ?? null,
        amount,
        reason: input.reason,
        status: 'pending',
        created_at_ms: now,
        updated_at_ms: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}

export function listClaims(db: Executor, userId: number) {
  return newestRows(db, 'claim_refunds', { user_id: userId }, 100)
}

export async function findClaim(db: Executor, userId: number, id: number): Promise<ClaimRow> {
  const row = await rowWhere(db, 'claim_refunds', { id, user_id: userId })
  if (!row) throw notFound('Refund claim')
  return row
}

export const CLAIM_STATUSES = ['pending', 'refunded', 'rejected'] as const
export type ClaimStatus = (typeof CLAIM_STATUSES)[number]

/** The most one claim may refund: ₹10,000. */
export const MAX_CLAIM_REFUND_PAISE = 1_000_000

/** The ledger posting of a refunded claim (one per claim, ever). */
export const claimRefundKey = (id: number) => `claim_refund:${id}`

export function listAllClaims(db: Executor, filter: { status?: ClaimStatus; limit: number }) {
  let query = db.selectFrom('claim_refunds').selectAll().orderBy('id', 'desc').limit(filter.limit)
  if (filter.status) query = query.where('status', '=', filter.status)
  return query.execute()
}

/**
 * The most this claim may still refund, in paise: ₹10,000, and for a claim about a deposit
 * no more than what is left of that deposit after the claims about it already refunded.
 */
export async function refundCeiling(db: Executor, row: ClaimRow): Promise<number> {
  if (row.user_credit_id === null) return MAX_CLAIM_REFUND_PAISE
  const [credit, done] = await Promise.all([
    db.selectFrom('user_credits').select('amount').where('id', '=', row.user_credit_id).executeTakeFirst(),
    db
      .selectFrom('claim_refunds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('user_credit_id', '=', row.user_credit_id)
      .where('status', '=', 'refunded')
      .where('id', '!=', row.id)
      .executeTakeFirstOrThrow(),
  ])
  const left = Number(credit?.amount ?? 0) - Number(done.total)
  return Math.max(0, Math.min(MAX_CLAIM_REFUND_PAISE, left))
}

const rupeesShown = (paise: number) =>
  `₹${paiseToRupees(paise).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/**
 * Decides a pending claim, in one write transaction: the status flips first (a claim
 * already decided → 409, also for a racing second decision), then the refund posting and
 * the notification. Anything refused rolls the whole of it back.
 */
export async function decideClaim(
  deps: Deps,
  adminId: number,
  id: number,
  decision: { refund: true; amountPaise: number; note?: string } | { refund: false; reason: string },
): Promise<{ claim: ClaimRow; transactionId: number | null }> {
  return withTx(deps, async (tx, after) => {
    const now = deps.clock.now()
    const row = await lockPendingClaim(tx, id)
    if (decision.refund) await checkCeiling(tx, row, decision.amountPaise)
    const resolution = decision.refund
      ? (decision.note ?? `Refunded ${rupeesShown(decision.amountPaise)} to your unused balance.`)
      : decision.reason
    // Guarded on the status, so of two decisions racing only one changes the row.
    const claim = await tx
      .updateTable('claim_refunds')
      .set({
        status: decision.refund ? 'refunded' : 'rejected',
        resolution,
        ...(decision.refund ? { amount: decision.amountPaise } : {}),
        updated_at_ms: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst()
    if (!claim) throw conflict('This refund claim was decided meanwhile')
    const transactionId = decision.refund
      ? await payRefund(tx, after, row, { adminId, amountPaise: decision.amountPaise, now })
      : null
    await notify(
      tx,
      after,
      row.user_id,
      decision.refund
        ? {
            kind: 'claim_refund_refunded',
            body: `${rupeesShown(decision.amountPaise)} from your refund claim #${id} is in your unused balance.`,
            data: { claim_refund_id: id, transaction_id: transactionId ?? undefined, compartment: 'unused' },
          }
        : {
            kind: 'claim_refund_rejected',
            body: `Your refund claim #${id} was not accepted: ${decision.reason}`,
            data: { claim_refund_id: id },
          },
      now,
    )
    return { claim, transactionId }
  })
}

/**
 * The claim, once its claimant is locked: decisions on their claims take turns, so what is
 * left of a deposit (the ceiling) counts every refund decided before. 404, or 409 when decided.
 */
async function lockPendingClaim(tx: Executor, id: number): Promise<ClaimRow> {
  const owner = await tx.selectFrom('claim_refunds').select('user_id').where('id', '=', id).executeTakeFirst()
  if (!owner) throw notFound('Refund claim')
  await lockRows(tx, 'users', owner.user_id)
  const row = await tx.selectFrom('claim_refunds').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('Refund claim')
  if (row.status !== 'pending') throw conflict(`This refund claim is already ${row.status}`)
  return row
}

async function checkCeiling(tx: Executor, row: ClaimRow, amountPaise: number): Promise<void> {
  const ceiling = await refundCeiling(tx, row)
  if (amountPaise > ceiling)
    throw invalid({
      amount:
        row.user_credit_id === null
          ? [`must be at most ${rupeesShown(ceiling)}`]
          : [`must be at most ${rupeesShown(ceiling)}, what is left of deposit #${row.user_credit_id}`],
    })
}

/** The refund from the house into the claimant's unused balance; 409 if it was already paid. */
async function payRefund(
  tx: Tx,
  after: AfterCommit,
  row: ClaimRow,
  refund: { adminId: number; amountPaise: number; now: number },
): Promise<number> {
  const { adminId, amountPaise, now } = refund
  const posted = await post(
    tx,
    {
      kind: 'claim_refund',
      idempotencyKey: claimRefundKey(row.id),
      memo: `Refund for claim #${row.id}`,
      meta: {
        claim_refund_id: row.id,
        user_credit_id: row.user_credit_id,
        contest_id: row.contest_id,
        by: adminId,
      },
      lines: await paidToUser(tx, 'house', { userId: row.user_id, compartment: 'unused' }, amountPaise, now),
      nowMs: now,
    },
    after,
  )
  if (posted.replayed) throw conflict('This refund claim was already paid')
  return posted.transactionId
}
