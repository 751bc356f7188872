import type { Selectable } from 'kysely'
import type { ClaimRefundsTable } from '../../db/schema'
import { type Executor, withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { paiseToRupees } from '../../domain/money'
import { strSmall } from '../../domain/redemption-rules'
import { conflict, notFound } from '../../http/errors'

/**
 * Refund claims from the help pages (`/help/claim-refund`, `/help/refund-status`). A claim
 * is a request for a person to look at; it moves no money by itself. It may name one of the
 * user's deposits (the claimed amount is that deposit's) or a contest the user joined.
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
  }
}

export interface ClaimInput {
  reason: string
  user_credit_id?: number
  contest_id?: number
}

export async function createClaim(deps: Deps, userId: number, input: ClaimInput): Promise<ClaimRow> {
  return withTx(deps, async (tx) => {
    let amount: number | null = null
    if (input.user_credit_id !== undefined) {
      const credit = await tx
        .selectFrom('user_credits')
        .select(['id', 'amount'])
        .where('id', '=', input.user_credit_id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (!credit) throw notFound('Deposit')
      amount = Number(credit.amount)
    }
    if (input.contest_id !== undefined) {
      const member = await tx
        .selectFrom('contest_members')
        .select('id')
        .where('contest_id', '=', input.contest_id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
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
  return db
    .selectFrom('claim_refunds')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
}

export async function findClaim(db: Executor, userId: number, id: number): Promise<ClaimRow> {
  const row = await db
    .selectFrom('claim_refunds')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) throw notFound('Refund claim')
  return row
}
