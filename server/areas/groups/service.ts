import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import type { AfterCommit, Executor, Tx } from '../../db/tx'
import { withTx } from '../../db/tx'
import { hashString } from '../../domain/rng'
import { AppError, forbidden, invalid } from '../../http/errors'
import { drawInviteCode } from '../contests'
import { visibleUsersBySlugs } from '../users'
import { announceJoined } from './streams'
import { visibleGroup } from './visibility'

/**
 * Groups and one-to-one conversations (docs/groups.md). Only current members see a group:
 * anyone else — strangers and removed members alike — gets the 404 a missing group gets.
 * Every write that checks membership locks the group row first (PostgreSQL; SQLite's
 * BEGIN IMMEDIATE already serialises writers), the one order all group writers use.
 */

export { groupStream } from './streams'
/** Length of a group's invite code (as contest codes, the same alphabet). */
export const GROUP_CODE_LENGTH = 10
/** Contest creation's invite-code alphabet (no 0/O, 1/I/L). */

/** A v4-shaped UUID from `deps.rng` mixed with who asks and when (two processes share a seed). */
function freshUuid(deps: Deps, userId: number, nowMs: number): string {
  const stream = deps.rng.stream('group-uuids')
  const words = [0, 1, 2, 3].map((i) =>
    (hashString(`${stream.uint32()}:${userId}:${nowMs}:${i}`) >>> 0).toString(16).padStart(8, '0'),
  )
  const hex = words.join('')
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

function freshInviteCode(deps: Deps, db: Executor, userId: number, nowMs: number): Promise<string> {
  return drawInviteCode(
    deps,
    { stream: 'group-invite-codes', seedText: `${userId}:${nowMs}`, length: GROUP_CODE_LENGTH, reseedAt: 5 },
    async (code) =>
      (await db.selectFrom('groups').select('id').where('invite_code', '=', code).executeTakeFirst()) !==
      undefined,
    () => new Error('no free group invite code after 20 draws'),
  )
}

async function insertGroup(
  deps: Deps,
  tx: Tx,
  after: AfterCommit,
  creatorId: number,
  values: {
    name: string
    description: string
    image: string | null
    kind: 'group' | 'one_to_one'
    is_public: number
    one_to_one_key: string | null
  },
  memberIds: number[],
  nowMs: number,
): Promise<string> {
  const uuid = freshUuid(deps, creatorId, nowMs)
  const row = await tx
    .insertInto('groups')
    .values({
      ...values,
      uuid,
      invite_code: await freshInviteCode(deps, tx, creatorId, nowMs),
      created_by_id: creatorId,
      last_message_id: null,
      created_at_ms: nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const admin = values.kind === 'group' ? 'admin' : 'member'
  const everyone = [creatorId, ...memberIds.filter((id) => id !== creatorId)]
  for (const userId of everyone)
    await tx
      .insertInto('group_members')
      .values({
        group_id: Number(row.id),
        user_id: userId,
        role: userId === creatorId ? admin : 'member',
        removed_at_ms: null,
        joined_at_ms: nowMs,
      })
      .execute()
  // The creator's other tabs too: every member's chat list shows the new conversation.
  announceJoined(after, uuid, everyone)
  return uuid
}

/** Users by slug; an unknown slug, or one of an account nobody may see, is a 422 on `field`. */
export async function usersBySlugs(db: Executor, slugs: string[], field: string): Promise<number[]> {
  const wanted = [...new Set(slugs.map((s) => s.toLowerCase()))]
  const rows = await visibleUsersBySlugs(db, wanted)
  const missing = wanted.filter((s) => !rows.some((r) => r.slug === s))
  if (missing.length > 0) throw invalid({ [field]: [`no such user: ${missing.join(', ')}`] })
  return rows.map((r) => r.id)
}

export interface NewGroup {
  name: string
  description?: string | undefined
  image?: string | null | undefined
  is_public?: boolean | undefined
  member_slugs?: string[] | undefined
}

/** The image must be one of the avatar set's URLs (GET /api/avatars). */
async function checkImage(db: Executor, image: string | null | undefined) {
  if (image === null || image === undefined) return
  const avatar = await db.selectFrom('avatars').select('id').where('url', '=', image).executeTakeFirst()
  if (!avatar) throw invalid({ image: ['must be one of the avatars (GET /api/avatars)'] })
}

export async function createGroup(deps: Deps, creatorId: number, input: NewGroup): Promise<string> {
  const now = deps.clock.now()
  await checkImage(deps.db, input.image)
  const members = await usersBySlugs(deps.db, input.member_slugs ?? [], 'member_slugs')
  return withTx(deps, (tx, after) =>
    insertGroup(
      deps,
      tx,
      after,
      creatorId,
      {
        name: input.name,
        description: input.description ?? '',
        image: input.image ?? null,
        kind: 'group',
        is_public: input.is_public ? 1 : 0,
        one_to_one_key: null,
      },
      members,
      now,
    ),
  )
}

export async function updateGroup(
  deps: Deps,
  userId: number,
  uuid: string,
  input: {
    name?: string | undefined
    description?: string | undefined
    image?: string | null | undefined
    is_public?: boolean | undefined
  },
): Promise<void> {
  await checkImage(deps.db, input.image)
  await withTx(deps, async (tx) => {
    const m = await visibleGroup(tx, uuid, userId, true)
    if (m.group.kind === 'one_to_one')
      throw new AppError('CONFLICT', 'A one-to-one conversation has no settings')
    if (m.role !== 'admin') throw forbidden('Only the group’s admins change it')
    const set: Record<string, unknown> = {}
    if (input.name !== undefined) set.name = input.name
    if (input.description !== undefined) set.description = input.description
    if (input.image !== undefined) set.image = input.image
    if (input.is_public !== undefined) set.is_public = input.is_public ? 1 : 0
    if (Object.keys(set).length > 0)
      await tx.updateTable('groups').set(set).where('id', '=', m.group.id).execute()
  })
}

/** The one conversation of two people: found if it exists, made otherwise (races: the unique key). */
export async function oneToOne(deps: Deps, userId: number, otherSlug: string): Promise<string> {
  const [otherId] = await usersBySlugs(deps.db, [otherSlug], 'user_slug')
  if (otherId === userId) throw invalid({ user_slug: ['is you: a one-to-one needs someone else'] })
  const key = `${Math.min(userId, otherId as number)}:${Math.max(userId, otherId as number)}`
  const now = deps.clock.now()
  return withTx(deps, async (tx, after) => {
    await lockRows(tx, 'users', [userId, otherId as number])
    const existing = await tx
      .selectFrom('groups')
      .select(['id', 'uuid'])
      .where('one_to_one_key', '=', key)
      .executeTakeFirst()
    if (existing) {
      // Someone who left their one-to-one is back in it when they open it again.
      const back = await tx
        .updateTable('group_members')
        .set({ removed_at_ms: null, removed_by_id: null })
        .where('group_id', '=', Number(existing.id))
        .where('user_id', '=', userId)
        .where('removed_at_ms', 'is not', null)
        .returning('user_id')
        .executeTakeFirst()
      if (back) announceJoined(after, existing.uuid, [userId])
      return existing.uuid
    }
    return insertGroup(
      deps,
      tx,
      after,
      userId,
      { name: '', description: '', image: null, kind: 'one_to_one', is_public: 0, one_to_one_key: key },
      [otherId as number],
      now,
    )
  })
}

/**
 * A fresh invite code for the group (admins only): the old code stops working at once (a join
 * with it is 404), so an admin can withdraw a link that went too far.
 */
export async function resetInviteCode(deps: Deps, userId: number, uuid: string): Promise<string> {
  const now = deps.clock.now()
  return withTx(deps, async (tx) => {
    const m = await visibleGroup(tx, uuid, userId, true)
    if (m.group.kind === 'one_to_one')
      throw new AppError('CONFLICT', 'A one-to-one conversation has no invite')
    if (m.role !== 'admin') throw forbidden('Only the group’s admins reset its invite')
    const code = await freshInviteCode(deps, tx, userId, now)
    await tx.updateTable('groups').set({ invite_code: code }).where('id', '=', m.group.id).execute()
    return code
  })
}
