import type { Selectable } from 'kysely'
import type { Deps } from '../../../core/deps'
import { lockRows } from '../../../db/lock'
import type { BankDetailsTable, BhimUpisTable } from '../../../db/schema'
import { type Executor, withTx } from '../../../db/tx'
import { maskAccountNumber } from '../../../domain/kyc-rules'
import { notFound } from '../../../http/errors'

/**
 * Where withdrawals go: one bank account per user (saving again replaces it) and any
 * number of UPI ids, of which at most one is active. The first UPI id is activated at
 * once, so a user with one UPI id never has to press "activate".
 */

type BankRow = Selectable<BankDetailsTable>
type UpiRow = Selectable<BhimUpisTable>

export function bankDetailsJson(row: BankRow) {
  return {
    id: row.id,
    account_holder: row.account_holder,
    account_number: maskAccountNumber(row.account_number),
    ifsc: row.ifsc,
    bank_name: row.bank_name,
    verified: true,
    updated_at_in_millis: Number(row.updated_at_ms),
  }
}

export function upiJson(row: UpiRow) {
  return {
    id: row.id,
    upi_str: row.upi_str,
    active: row.active === 1,
    created_at_in_millis: Number(row.created_at_ms),
  }
}

export function findBankDetails(db: Executor, userId: number) {
  return db.selectFrom('bank_details').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** The user's UPI ids (every query of them starts here: nobody reads another user's). */
function upisOf(db: Executor, userId: number) {
  return db.selectFrom('bhim_upis').selectAll().where('user_id', '=', userId)
}

export function findActiveUpi(db: Executor, userId: number) {
  return upisOf(db, userId).where('active', '=', 1).executeTakeFirst()
}

export interface BankInput {
  account_holder: string
  account_number: string
  ifsc: string
  bank_name?: string
}

export async function saveBankDetails(deps: Deps, userId: number, input: BankInput): Promise<BankRow> {
  const now = deps.clock.now()
  const values = {
    account_holder: input.account_holder,
    account_number: input.account_number,
    ifsc: input.ifsc,
    bank_name: input.bank_name ?? null,
    updated_at_ms: now,
  }
  return withTx(deps, (tx) =>
    tx
      .insertInto('bank_details')
      .values({ ...values, user_id: userId, created_at_ms: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow(),
  )
}

export function listUpis(db: Executor, userId: number) {
  return upisOf(db, userId).orderBy('id').execute()
}

/** Adds a UPI id; one the user already has is answered as it is (`created: false`). */
export async function addUpi(deps: Deps, userId: number, upi: string) {
  return withTx(deps, async (tx) => {
    // A user's UPI changes take turns: one active id, and the same id added once.
    await lockRows(tx, 'users', userId)
    const existing = await upisOf(tx, userId).where('upi_str', '=', upi).executeTakeFirst()
    if (existing) return { row: existing, created: false }
    const active = (await findActiveUpi(tx, userId)) ? 0 : 1
    const row = await tx
      .insertInto('bhim_upis')
      .values({ user_id: userId, upi_str: upi, active, created_at_ms: deps.clock.now() })
      .returningAll()
      .executeTakeFirstOrThrow()
    return { row, created: true }
  })
}

/** Makes one of the user's UPI ids the active one (and every other inactive). */
export async function activateUpi(deps: Deps, userId: number, upiId: number): Promise<UpiRow> {
  return withTx(deps, async (tx) => {
    await lockRows(tx, 'users', userId)
    const row = await upisOf(tx, userId).where('id', '=', upiId).executeTakeFirst()
    if (!row) throw notFound('UPI id')
    await tx
      .updateTable('bhim_upis')
      .set({ active: 0 })
      .where('user_id', '=', userId)
      .where('id', '!=', upiId)
      .execute()
    return tx
      .updateTable('bhim_upis')
      .set({ active: 1 })
      .where('id', '=', upiId)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}
