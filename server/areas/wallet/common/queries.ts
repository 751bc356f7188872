import { rowWhere } from '../../../db/query'
import type { UserRow } from '../../../db/schema'
import type { Executor } from '../../../db/tx'
import { normaliseEmail } from '../../../domain/user-rules'
import { notFound } from '../../../http/errors'
import type { Decision } from './decision-routes'

// The wallet reads the players it pays and credits itself, so that it never imports the users
// area (which shows wallet facts on /me and rewards referrals at sign-up: users → wallet).

export function findPlayer(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function requirePlayer(db: Executor, id: number): Promise<UserRow> {
  const user = await findPlayer(db, id)
  if (!user) throw notFound('User')
  return user
}

export function findPlayerByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst()
}

/** A referral code names its owner; codes are stored upper-case. */
export function findPlayerByReference(db: Executor, code: string): Promise<UserRow | undefined> {
  return rowWhere(db, 'users', { reference: code.trim().toUpperCase() })
}

export interface UserRefRow {
  id: number
  username: string
  email: string
  mobile_approved: number
}

/** The players an admin list names, by id (one query for a page of submissions). */
export async function userRefsById(db: Executor, ids: number[]): Promise<Map<number, UserRefRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'mobile_approved'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((u) => [u.id, u]))
}

/** A player's reference in an admin answer; an unknown id gives blanks rather than failing the list. */
export const userRef = (u: { id: number; username: string; email: string } | undefined, id = 0) =>
  u ? { id: u.id, username: u.username, email: u.email } : { id, username: '', email: '' }

/** What an admin's decision writes on the submission it decides: the outcome, a refusal's reason, who and when. */
export function decidedColumns(decision: Decision, adminId: number, nowMs: number) {
  return {
    status: decision.approve ? ('approved' as const) : ('rejected' as const),
    reason: decision.approve ? null : decision.reason,
    decided_by_id: adminId,
    decided_at_ms: nowMs,
  }
}
