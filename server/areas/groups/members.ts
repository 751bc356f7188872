import { withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { AppError, forbidden, notFound } from '../../http/errors'
import { groupStream, membership } from './service'

/**
 * Members, mute, share and join (docs/groups.md). A removal (or a leave) sets
 * `removed_at_ms` and publishes `removed` on the group's stream after the commit; the
 * GroupChannel of that member ends its subscription when it sees it, so nothing later reaches
 * them (server/cable/channels/group.ts).
 */

export async function removeMember(deps: Deps, actorId: number, uuid: string, slug: string): Promise<void> {
  const now = deps.clock.now()
  await withTx(deps, async (tx, after) => {
    const m = await membership(tx, uuid, actorId, true)
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
    await tx.updateTable('group_members').set({ removed_at_ms: now }).where('id', '=', target.id).execute()
    after.publish(groupStream(uuid), { type: 'removed', user_slug: target.slug, user_id: target.user_id })
  })
}

export async function setMuted(deps: Deps, userId: number, uuid: string, muted: boolean): Promise<void> {
  await withTx(deps, async (tx) => {
    const m = await membership(tx, uuid, userId)
    await tx
      .updateTable('group_members')
      .set({ is_muted: muted ? 1 : 0 })
      .where('group_id', '=', m.group.id)
      .where('user_id', '=', userId)
      .execute()
  })
}

/** Joins by invite code (a wrong code: 404). Idempotent for a member; a removed member is back. */
export async function joinByCode(deps: Deps, userId: number, code: string): Promise<string> {
  const now = deps.clock.now()
  return withTx(deps, async (tx) => {
    const group = await tx
      .selectFrom('groups')
      .select(['id', 'uuid', 'kind'])
      .where('invite_code', '=', code.trim().toUpperCase())
      .executeTakeFirst()
    if (group?.kind !== 'group') throw notFound('Invite code')
    return admit(tx, Number(group.id), group.uuid, userId, now)
  })
}

type Tx = Parameters<Parameters<typeof withTx>[1]>[0]

async function admit(tx: Tx, groupId: number, uuid: string, userId: number, now: number): Promise<string> {
  await tx
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: userId, role: 'member', removed_at_ms: null, joined_at_ms: now })
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet({ removed_at_ms: null }))
    .execute()
  return uuid
}

/** Adds members by slug (any member of a group may; not in a one-to-one). */
export async function addMembers(
  deps: Deps,
  actorId: number,
  uuid: string,
  userIds: number[],
): Promise<void> {
  const now = deps.clock.now()
  await withTx(deps, async (tx) => {
    const m = await membership(tx, uuid, actorId, true)
    if (m.group.kind === 'one_to_one')
      throw new AppError('CONFLICT', 'A one-to-one conversation has two people')
    for (const id of userIds) await admit(tx, m.group.id, uuid, id, now)
  })
}
