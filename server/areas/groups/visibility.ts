import { forUpdate, isPostgres } from '../../db/lock'
import { rowWhere } from '../../db/query'
import type { Executor } from '../../db/tx'
import { notFound } from '../../http/errors'
import { currentMember, groupRow } from './queries'
import type { GroupRow } from './views'

/**
 * Who sees a group (or a one-to-one) and its messages (docs/visibility.md, docs/groups.md "Who
 * sees what"): its current members only. Anyone else — a stranger, a removed member, someone
 * who left — gets the 404 a missing group gets, for every read and write, GroupChannel, a
 * message's read marker and an auction made from the group. Every write that checks membership
 * locks the group row first (PostgreSQL; SQLite's BEGIN IMMEDIATE already serialises writers),
 * the one order all group writers use.
 */

export interface Membership {
  group: GroupRow
  role: 'admin' | 'member'
  is_muted: number
}

export async function groupByUuid(db: Executor, uuid: string): Promise<GroupRow | undefined> {
  const row = await groupRow(db, { uuid })
  return row ? { ...row, id: Number(row.id) } : undefined
}

/** The group with the caller's membership, if they are a current member of it; 404 otherwise. */
export async function visibleGroup(
  db: Executor,
  uuid: string,
  userId: number,
  lock = false,
): Promise<Membership> {
  const group = await groupByUuid(db, uuid)
  if (!group) throw notFound('Group')
  if (lock) await lockGroup(db, group.id)
  const member = await currentMember(db, { groupId: group.id, userId })
  if (!member) throw notFound('Group')
  return { group, role: member.role, is_muted: member.is_muted }
}

/** Whether the user is a current member of the group (by its id): who sees what the group was given. */
export async function isGroupMember(db: Executor, groupId: number, userId: number): Promise<boolean> {
  return (await currentMember(db, { groupId, userId })) !== undefined
}

/**
 * A message of a group the caller sees, or 404 `Message not found`: a message of another
 * group — one the caller is in or not — is as missing as one that never was.
 */
export async function visibleMessage(db: Executor, m: Membership, messageId: number) {
  const row = await rowWhere(db, 'group_messages', { id: messageId, group_id: m.group.id })
  if (!row) throw notFound('Message')
  return row
}

/**
 * PostgreSQL only, as `lockRows`: on SQLite the write transaction (BEGIN IMMEDIATE) already
 * holds the database's one write lock, so the select would lock nothing and cost a statement
 * on every send (docs/groups.md, "Performance").
 */
async function lockGroup(db: Executor, groupId: number) {
  if (!isPostgres(db)) return
  await db.selectFrom('groups').select('id').where('id', '=', groupId).$call(forUpdate(db)).execute()
}
