import type { Tx } from '../../server/db/tx'
import type { Around } from '../generators/calendar'
import { buildGroups } from '../generators/groups'
import type { SeedRandom } from '../generators/random'

export interface GroupsSummary {
  /** Groups and one-to-ones. */
  groups: number
  group_messages: number
}

/**
 * Writes the group plan (seeds/generators/groups.ts): groups with their members, messages and
 * `last_message_id`; each member's read marker (never before their own latest message, since
 * sending moves it); and, as the server's rule would have left it (docs/groups.md,
 * "Notifications and mute"), one unread `group_message` notification per unmuted member with
 * unread messages, about the first message they have not read.
 */
export async function writeGroups(
  tx: Tx,
  random: SeedRandom,
  a: Around,
  people: Array<{ username: string }>,
  userIds: Map<string, number>,
): Promise<GroupsSummary> {
  const plans = buildGroups(random, a, people)
  const id = (username: string) => userIds.get(username) as number
  const groupIds = await insertGroups(tx, plans, id)
  const { stored, count } = await insertMessages(tx, plans, groupIds, id)
  for (const [g, plan] of plans.entries())
    await writeMembers(tx, plan, groupIds[g] as number, stored[g] ?? [], id)
  return { groups: plans.length, group_messages: count }
}

type GroupPlan = ReturnType<typeof buildGroups>[number]
type IdOf = (username: string) => number
type Stored = { id: number; author: string; text: string; at: number }

/** The groups and one-to-ones, without their last message yet; returns their ids in plan order. */
async function insertGroups(tx: Tx, plans: GroupPlan[], id: IdOf): Promise<number[]> {
  const avatars = await tx.selectFrom('avatars').select('url').orderBy('sort').orderBy('id').execute()
  const groupIds: number[] = []
  for (const [n, plan] of plans.entries()) {
    const pair = plan.members.map(id).sort((x, y) => x - y)
    const row = await tx
      .insertInto('groups')
      .values({
        uuid: plan.uuid,
        name: plan.name,
        description: plan.description,
        image: plan.kind === 'group' ? (avatars[n % Math.max(1, avatars.length)]?.url ?? null) : null,
        kind: plan.kind,
        is_public: plan.isPublic ? 1 : 0,
        one_to_one_key: plan.kind === 'one_to_one' ? pair.join(':') : null,
        invite_code: plan.inviteCode,
        created_by_id: id(plan.creator),
        last_message_id: null,
        created_at_ms: plan.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    groupIds.push(Number(row.id))
  }
  return groupIds
}

/**
 * Messages of all conversations in time order, so ids follow time across groups too and
 * "latest conversation first" (ordered by last_message_id) is what it says. Returns each
 * group's stored history.
 */
async function insertMessages(
  tx: Tx,
  plans: GroupPlan[],
  groupIds: number[],
  id: IdOf,
): Promise<{ stored: Stored[][]; count: number }> {
  const all = plans
    .flatMap((plan, g) => plan.messages.map((m, i) => ({ ...m, g, key: `seed-${groupIds[g]}-${i + 1}` })))
    .sort((x, y) => x.at - y.at || x.g - y.g)
  const stored: Stored[][] = plans.map(() => [])
  for (const m of all) {
    const inserted = await tx
      .insertInto('group_messages')
      .values({
        group_id: groupIds[m.g] as number,
        user_id: id(m.author),
        identifier_key: m.key,
        message: m.text,
        message_type: 'text_message',
        card_id: null,
        created_at_ms: m.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    stored[m.g]?.push({ id: Number(inserted.id), author: m.author, text: m.text, at: m.at })
  }
  return { stored, count: all.length }
}

/** A group's last message, its members with their read markers, and their unread notifications. */
async function writeMembers(tx: Tx, plan: GroupPlan, groupId: number, history: Stored[], id: IdOf) {
  const last = history.at(-1)
  if (last)
    await tx.updateTable('groups').set({ last_message_id: last.id }).where('id', '=', groupId).execute()
  const notifications = []
  for (const username of plan.members) {
    const marker = readMarker(history, username, plan.unreadTail.get(username) ?? 0)
    const muted = plan.muted.has(username)
    await tx
      .insertInto('group_members')
      .values({
        group_id: groupId,
        user_id: id(username),
        role: plan.kind === 'group' && username === plan.creator ? 'admin' : 'member',
        is_muted: muted ? 1 : 0,
        last_read_message_id: marker,
        removed_at_ms: null,
        joined_at_ms: plan.createdAt,
      })
      .execute()
    const firstUnread = history.find((m) => m.id > marker && m.author !== username)
    if (firstUnread && !muted)
      notifications.push({
        user_id: id(username),
        kind: 'group_message',
        body: `${firstUnread.author}${plan.kind === 'group' ? ` in ${plan.name}` : ''}: ${firstUnread.text}`,
        data: JSON.stringify({
          group_uuid_id: plan.uuid,
          message_id: firstUnread.id,
          path: `/groups/${plan.uuid}`,
        }),
        read_at_ms: null,
        created_at_ms: firstUnread.at,
        group_key: `group:${plan.uuid}`,
      })
  }
  if (notifications.length > 0) await tx.insertInto('notifications').values(notifications).execute()
}

/**
 * The id up to which `username` has read: the last `tail` messages by others are left after
 * it, but it is never before their own latest message (sending moves the marker to it).
 */
function readMarker(stored: Array<{ id: number; author: string }>, username: string, tail: number): number {
  const latest = stored.at(-1)?.id ?? 0
  if (tail === 0) return latest
  const own = stored.filter((m) => m.author === username).at(-1)?.id ?? 0
  const others = stored.filter((m) => m.author !== username)
  const first = others[Math.max(0, others.length - tail)]
  if (!first) return latest
  const i = stored.findIndex((m) => m.id === first.id)
  return Math.max(own, i <= 0 ? 0 : (stored[i - 1]?.id ?? 0))
}
