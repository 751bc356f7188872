import type { Deps } from '../../core/deps'
import { withTx } from '../../db/tx'
import { AppError, forbidden, notFound } from '../../http/errors'
import { announceJoined, groupStream } from './streams'
import { visibleGroup } from './visibility'

/**
 * Members, mute, share and join (docs/groups.md). A removal (or a leave) sets
 * `removed_at_ms` and publishes `removed` on the group's stream after the commit; the
 * GroupChannel of that member ends its subscription when it sees it, so nothing later reaches
 * them (server/cable/channels/group.ts).
 */

export async function removeMember(deps: Deps, actorId: number, uuid: string, slug: string): Promise<void> {
  const now = deps.clock.now()
  await withTx(deps, async (tx, after) => {
    const m = await visibleGroup(tx, uuid, actorId, true)
    const target = await tx
      .selectFrom('group_members as gm')
      .innerJoin('users as u', 'u.id', 'gm.user_id')
      .select(['gm.id', 'gm.user_id', 'u.slug'])
      .where('gm.group_id', '=', m.group.id)
      .where('u.slug', '=', slug.toLowerCase())
      .where('gm.removed_at_ms', 'is', null)
      .executeTakeFirst()
    if (!target) throw notFound('Member')
    const self = target.user_id === actorId
    if (!self) {
      if (m.group.kind === 'one_to_one')
        throw forbidden('Nobody removes anyone from a one-to-one; leave it instead')
      if (m.role !== 'admin' && m.group.created_by_id !== actorId)
        throw forbidden('Only the group’s creator and admins remove members')
      if (target.user_id === m.group.created_by_id) throw forbidden('The group’s creator cannot be removed')
    }
    await tx
      .updateTable('group_members')
      .set({ removed_at_ms: now, removed_by_id: actorId })
      .where('id', '=', target.id)
      .execute()
    after.publish(groupStream(uuid), { type: 'removed', user_slug: target.slug, user_id: target.user_id })
  })
}

export async function setMuted(deps: Deps, userId: number, uuid: string, muted: boolean): Promise<void> {
  await withTx(deps, async (tx) => {
    const m = await visibleGroup(tx, uuid, userId)
    await tx
      .updateTable('group_members')
      .set({ is_muted: muted ? 1 : 0 })
      .where('group_id', '=', m.group.id)
      .where('user_id', '=', userId)
      .execute()
  })
}

/**
 * Joins by invite code (a wrong or reset code: 404). Idempotent for a member; someone who left
 * is back; someone an admin removed is not (403): only an admin adds them back.
 */
export async function joinByCode(deps: Deps, userId: number, code: string): Promise<string> {
  const now = deps.clock.now()
  return withTx(deps, async (tx, after) => {
    const group = await tx
      .selectFrom('groups')
      .select(['id', 'uuid', 'kind'])
      .where('invite_code', '=', code.trim().toUpperCase())
      .executeTakeFirst()
    if (group?.kind !== 'group') throw notFound('Invite code')
    const removed = await removedByOthers(tx, Number(group.id), [userId])
    if (removed.length > 0)
      throw forbidden('An admin removed you from this group; only an admin can add you back')
    if (await admit(tx, Number(group.id), userId, now)) announceJoined(after, group.uuid, [userId])
    return group.uuid
  })
}

type Tx = Parameters<Parameters<typeof withTx>[1]>[0]

/** Makes the user a current member; answers whether they were not one before. */
async function admit(tx: Tx, groupId: number, userId: number, now: number): Promise<boolean> {
  const before = await tx
    .selectFrom('group_members')
    .select('removed_at_ms')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (before && before.removed_at_ms === null) return false
  await tx
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: userId, role: 'member', removed_at_ms: null, joined_at_ms: now })
    .onConflict((oc) =>
      oc.columns(['group_id', 'user_id']).doUpdateSet({ removed_at_ms: null, removed_by_id: null }),
    )
    .execute()
  return true
}

/** Of `userIds`, those someone else removed from the group (not those who left). */
async function removedByOthers(tx: Tx, groupId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return []
  const rows = await tx
    .selectFrom('group_members')
    .select(['user_id', 'removed_by_id'])
    .where('group_id', '=', groupId)
    .where('user_id', 'in', userIds)
    .where('removed_at_ms', 'is not', null)
    .execute()
  return rows.filter((r) => r.removed_by_id !== null && r.removed_by_id !== r.user_id).map((r) => r.user_id)
}

/**
 * Adds members by slug (any member of a group may; not in a one-to-one). Adding back someone
 * an admin removed takes an admin (403 otherwise), as joining by the code does.
 */
export async function addMembers(
  deps: Deps,
  actorId: number,
  uuid: string,
  userIds: number[],
): Promise<void> {
  const now = deps.clock.now()
  await withTx(deps, async (tx, after) => {
    const m = await visibleGroup(tx, uuid, actorId, true)
    if (m.group.kind === 'one_to_one')
      throw new AppError('CONFLICT', 'A one-to-one conversation has two people')
    if (m.role !== 'admin' && (await removedByOthers(tx, m.group.id, userIds)).length > 0)
      throw forbidden('An admin removed one of them; only an admin can add them back')
    const admitted: number[] = []
    for (const id of userIds) if (await admit(tx, m.group.id, id, now)) admitted.push(id)
    announceJoined(after, uuid, admitted)
  })
}
