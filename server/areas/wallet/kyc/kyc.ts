import type { Selectable } from 'kysely'
import type { Deps } from '../../../core/deps'
import { lockRows } from '../../../db/lock'
import type { PanCardsTable } from '../../../db/schema'
import { type Executor, withTx } from '../../../db/tx'
import { isAllowedToRedeem, type RedeemFacts } from '../../../domain/kyc-rules'
import { dobProblem } from '../../../domain/user-rules'
import { conflict, invalid, notFound } from '../../../http/errors'
import { notify } from '../../notifications'
import { decidedColumns } from '../common/queries'
import { attachmentJson, findOwnAttachment } from './attachments'
import { bankDetailsJson, findActiveUpi, findBankDetails, upiJson } from './payout-methods'

/**
 * PAN verification and the facts that decide `is_current_user_allowed_to_redeem`.
 * The latest PAN submission is the user's `pancard_status` (mirrored on `users`).
 */

export interface SavePanInput {
  name: string
  pan_number: string
  dob: string
  attachment_id: number
}

export async function savePan(deps: Deps, userId: number, input: SavePanInput) {
  const dob = dobProblem(input.dob, deps.clock.now())
  if (dob) throw invalid({ dob: [dob] })
  // Another user's upload is as unknown to you as one that does not exist.
  const attachment = await findOwnAttachment(deps.db, userId, input.attachment_id)
  if (!attachment) throw notFound('Attachment')
  return withTx(deps, async (tx) => {
    // Submissions of one user take turns (one pending submission at a time) and wait for a decision.
    await lockRows(tx, 'users', userId)
    const now = deps.clock.now()
    const latest = await latestPan(tx, userId)
    if (latest?.status === 'approved') throw conflict('Your PAN is already approved and cannot be changed')
    const values = {
      full_name: input.name,
      number: input.pan_number,
      dob: input.dob,
      attachment_id: attachment.id,
    }
    // A pending submission is corrected in place; after a rejection a new one starts.
    const row =
      latest?.status === 'pending'
        ? await tx
            .updateTable('pan_cards')
            .set({ ...values, created_at_ms: now })
            .where('id', '=', latest.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await tx
            .insertInto('pan_cards')
            .values({ ...values, user_id: userId, status: 'pending', created_at_ms: now })
            .returningAll()
            .executeTakeFirstOrThrow()
    await tx
      .updateTable('users')
      .set({ pancard_status: 'pending', updated_at_ms: now })
      .where('id', '=', userId)
      .execute()
    return row
  })
}

export async function latestPan(db: Executor, userId: number) {
  return db
    .selectFrom('pan_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

export type PanRow = Selectable<PanCardsTable>

export async function panCardJson(db: Executor, row: PanRow) {
  const attachment = row.attachment_id
    ? await db.selectFrom('attachments').selectAll().where('id', '=', row.attachment_id).executeTakeFirst()
    : undefined
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.full_name,
    pan_number: row.number,
    dob: row.dob,
    status: row.status,
    reason: row.reason,
    attachment: attachment ? attachmentJson(attachment) : null,
    created_at_in_millis: Number(row.created_at_ms),
    decided_at_in_millis: row.decided_at_ms === null ? null : Number(row.decided_at_ms),
  }
}

/** Admin review: only a pending submission can be decided, once. */
export async function decidePan(
  deps: Deps,
  adminId: number,
  panId: number,
  decision: { approve: true } | { approve: false; reason: string },
) {
  return withTx(deps, async (tx, after) => {
    const now = deps.clock.now()
    // The user first, as a submission locks it: a decision and a correction take turns, and of
    // two decisions the second finds the first.
    const owner = await tx
      .selectFrom('pan_cards')
      .select('user_id')
      .where('id', '=', panId)
      .executeTakeFirst()
    if (!owner) throw notFound('PAN submission')
    await lockRows(tx, 'users', owner.user_id)
    const row = await tx.selectFrom('pan_cards').selectAll().where('id', '=', panId).executeTakeFirst()
    if (!row) throw notFound('PAN submission')
    if (row.status !== 'pending') throw conflict(`This PAN submission is already ${row.status}`)
    const decided = decidedColumns(decision, adminId, now)
    const updated = await tx
      .updateTable('pan_cards')
      .set(decided)
      .where('id', '=', panId)
      .returningAll()
      .executeTakeFirstOrThrow()
    await tx
      .updateTable('users')
      .set({ pancard_status: decided.status, updated_at_ms: now })
      .where('id', '=', row.user_id)
      .execute()
    await notify(
      tx,
      after,
      row.user_id,
      decision.approve
        ? { kind: 'pan_approved', body: 'Your PAN is verified.' }
        : { kind: 'pan_rejected', body: `Your PAN was not verified: ${decision.reason}` },
      now,
    )
    return updated
  })
}

export async function listPanCards(db: Executor, filter: { status?: string; limit: number }) {
  let q = db.selectFrom('pan_cards').selectAll().orderBy('id', 'desc').limit(filter.limit)
  if (filter.status) q = q.where('status', '=', filter.status as PanRow['status'])
  return q.execute()
}

export async function redeemFacts(
  db: Executor,
  user: { id: number; mobile_approved: number; pancard_status: string },
): Promise<RedeemFacts> {
  return {
    mobileApproved: user.mobile_approved === 1,
    pancardStatus: user.pancard_status,
    hasBankDetails: (await findBankDetails(db, user.id)) !== undefined,
    hasActiveUpi: (await findActiveUpi(db, user.id)) !== undefined,
  }
}

/** The Me fields this area owns: `is_current_user_allowed_to_redeem`, `bhim_upi`, `bank_details`. */
export async function kycMeFields(
  db: Executor,
  user: { id: number; mobile_approved: number; pancard_status: string },
) {
  const bank = await findBankDetails(db, user.id)
  const upi = await findActiveUpi(db, user.id)
  return {
    is_current_user_allowed_to_redeem: isAllowedToRedeem({
      mobileApproved: user.mobile_approved === 1,
      pancardStatus: user.pancard_status,
      hasBankDetails: bank !== undefined,
      hasActiveUpi: upi !== undefined,
    }),
    bhim_upi: upi ? upiJson(upi) : null,
    bank_details: bank ? bankDetailsJson(bank) : null,
  }
}
