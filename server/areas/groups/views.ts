import type { Kysely } from 'kysely'
import { type Param, prepared, preparedFirst } from '../../db/prepared'
import type { Database, GroupKind, GroupMessageType, GroupRole } from '../../db/schema'
import type { Executor } from '../../db/tx'

/** JSON of groups and messages (docs/groups.md, "Shapes"): spec §3 names plus our extras. */

export interface GroupRow {
  id: number
  uuid: string
  name: string
  description: string
  image: string | null
  kind: GroupKind
  is_public: number
  invite_code: string
  created_by_id: number
  last_message_id: number | null
}

export interface MessageJson {
  id: number
  group_uuid_id: string
  message: string
  message_type: GroupMessageType
  identifier_key: string
  card_id: number | null
  display_time: string
  created_at_in_millis: number
  user: { slug: string; username: string; image_url: string | null }
}

export interface MemberJson {
  slug: string
  username: string
  image_url: string | null
  role: GroupRole
  is_creator: boolean
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000

/**
 * "10:05 PM" in India time (the product's audience; IST has no daylight saving, so a fixed
 * offset is exact). A client's own unsent copy shows "Sending..." instead (spec §4).
 */
export function displayTime(ms: number): string {
  const d = new Date(ms + IST_OFFSET_MS)
  const h = d.getUTCHours()
  const m = String(d.getUTCMinutes()).padStart(2, '0')
  return `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'AM' : 'PM'}`
}

export const groupColumns = [
  'g.id',
  'g.uuid',
  'g.name',
  'g.description',
  'g.image',
  'g.kind',
  'g.is_public',
  'g.invite_code',
  'g.created_by_id',
  'g.last_message_id',
] as const

/** The columns of a message's JSON, for a list of ids or (prepared) one id. */
function messageQuery(db: Kysely<Database>) {
  return db
    .selectFrom('group_messages as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('avatars as av', 'av.id', 'u.avatar_id')
    .select((eb) => [
      'm.id',
      'g.uuid',
      'm.message',
      'm.message_type',
      'm.identifier_key',
      'm.card_id',
      'm.created_at_ms',
      'u.slug',
      'u.username',
      eb.fn.coalesce('u.image_url', 'av.url').as('image_url'),
    ])
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messageQuery>['executeTakeFirstOrThrow']>>

function toMessageJson(r: MessageRow): MessageJson {
  return {
    id: Number(r.id),
    group_uuid_id: r.uuid,
    message: r.message,
    message_type: r.message_type,
    identifier_key: r.identifier_key,
    card_id: r.card_id,
    display_time: displayTime(Number(r.created_at_ms)),
    created_at_in_millis: Number(r.created_at_ms),
    user: { slug: r.slug, username: r.username, image_url: r.image_url },
  }
}

const messagesByIds = prepared((db, $: Param<{ ids: number[] }>) =>
  messageQuery(db).where('m.id', 'in', $.list('ids')).orderBy('m.id'),
)

export async function messagesJson(db: Executor, ids: number[]): Promise<MessageJson[]> {
  if (ids.length === 0) return []
  return (await messagesByIds(db, { ids })).map(toMessageJson)
}

/** A page of a group's messages, newest first, older than `beforeId`: one query for ids and JSON. */
const messagePage = prepared((db, $: Param<{ groupId: number; beforeId: number; perPage: number }>) =>
  messageQuery(db)
    .where('m.group_id', '=', $('groupId'))
    .where('m.id', '<', $('beforeId'))
    .orderBy('m.id', 'desc')
    .limit($('perPage')),
)

/** No cursor: ids below every id there is (within a 32-bit integer, on both databases). */
const NO_CURSOR = 2_147_483_647

/** The page's messages oldest first, and the ids newest first (the cursor's order). */
export async function messagePageJson(
  db: Executor,
  groupId: number,
  q: { before_id?: number | undefined; per_page: number },
): Promise<{ messages: MessageJson[]; ids: number[] }> {
  const rows = await messagePage(db, { groupId, beforeId: q.before_id ?? NO_CURSOR, perPage: q.per_page })
  return { messages: rows.map(toMessageJson).reverse(), ids: rows.map((r) => Number(r.id)) }
}

const messageById = preparedFirst((db, $: Param<{ id: number }>) =>
  messageQuery(db).where('m.id', '=', $('id')),
)

/** One message's JSON (the send path's: one compiled statement). */
export async function messageJson(db: Executor, id: number): Promise<MessageJson | undefined> {
  const row = await messageById(db, { id })
  return row ? toMessageJson(row) : undefined
}

/** Current members (not removed) of each group, admins first, then by when they joined. */
const membersOf = prepared((db, $: Param<{ groupIds: number[] }>) =>
  db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .leftJoin('avatars as av', 'av.id', 'u.avatar_id')
    .select((eb) => [
      'gm.group_id',
      'u.id',
      'u.slug',
      'u.username',
      'gm.role',
      eb.fn.coalesce('u.image_url', 'av.url').as('image_url'),
    ])
    .where('gm.group_id', 'in', $.list('groupIds'))
    .where('gm.removed_at_ms', 'is', null)
    .orderBy('gm.group_id')
    .orderBy('gm.role')
    .orderBy('gm.joined_at_ms')
    .orderBy('gm.id'),
)

/** The members' JSON of each group, by group id (one query for them all). */
async function membersByGroup(db: Executor, groups: GroupRow[]): Promise<Map<number, MemberJson[]>> {
  const creators = new Map(groups.map((g) => [g.id, g.created_by_id]))
  const out = new Map<number, MemberJson[]>()
  for (const r of await membersOf(db, { groupIds: groups.map((g) => g.id) })) {
    const groupId = Number(r.group_id)
    const list = out.get(groupId) ?? []
    list.push({
      slug: r.slug,
      username: r.username,
      image_url: r.image_url,
      role: r.role,
      is_creator: r.id === creators.get(groupId),
    })
    out.set(groupId, list)
  }
  return out
}

/** Current members (not removed), admins first, then by when they joined. */
export async function membersJson(db: Executor, group: GroupRow): Promise<MemberJson[]> {
  return (await membersByGroup(db, [group])).get(group.id) ?? []
}

const viewerMemberships = prepared((db, $: Param<{ userId: number; groupIds: number[] }>) =>
  db
    .selectFrom('group_members')
    .select(['group_id', 'is_muted', 'last_read_message_id'])
    .where('user_id', '=', $('userId'))
    .where('group_id', 'in', $.list('groupIds')),
)

const unreadCounts = prepared((db, $: Param<{ userId: number; groupIds: number[] }>) =>
  db
    .selectFrom('group_messages as m')
    .innerJoin('group_members as gm', (j) =>
      j.onRef('gm.group_id', '=', 'm.group_id').on('gm.user_id', '=', $('userId')),
    )
    .select((eb) => ['m.group_id', eb.fn.countAll<number>().as('n')])
    .whereRef('m.id', '>', 'gm.last_read_message_id')
    .where('m.user_id', '!=', $('userId'))
    .where('m.group_id', 'in', $.list('groupIds'))
    .groupBy('m.group_id'),
)

const memberCounts = prepared((db, $: Param<{ groupIds: number[] }>) =>
  db
    .selectFrom('group_members')
    .select((eb) => ['group_id', eb.fn.countAll<number>().as('n')])
    .where('group_id', 'in', $.list('groupIds'))
    .where('removed_at_ms', 'is', null)
    .groupBy('group_id'),
)

/** The groups' JSON for one viewer, in the order given: the same few queries for one group or fifty. */
export async function groupsJson(db: Executor, groups: GroupRow[], viewerId: number) {
  if (groups.length === 0) return []
  const groupIds = groups.map((g) => g.id)
  const lastIds = groups.flatMap((g) => (g.last_message_id === null ? [] : [Number(g.last_message_id)]))
  const [mine, unread, counts, members, lastMessages] = await Promise.all([
    viewerMemberships(db, { userId: viewerId, groupIds }),
    unreadCounts(db, { userId: viewerId, groupIds }),
    memberCounts(db, { groupIds }),
    membersByGroup(db, groups),
    messagesJson(db, lastIds),
  ])
  const last = new Map(lastMessages.map((m) => [m.id, m]))
  return groups.map((g) => {
    const me = mine.find((m) => m.group_id === g.id)
    return {
      group_uuid_id: g.uuid,
      name: g.name,
      description: g.description,
      image: g.image,
      kind: g.kind,
      is_public: g.is_public === 1,
      is_muted: me?.is_muted === 1,
      unread_message_count: Number(unread.find((u) => u.group_id === g.id)?.n ?? 0),
      members_count: Number(counts.find((c) => c.group_id === g.id)?.n ?? 0),
      group_members: members.get(g.id) ?? [],
      last_message: g.last_message_id === null ? null : (last.get(Number(g.last_message_id)) ?? null),
    }
  })
}
