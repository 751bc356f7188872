import { type Param, prepared, preparedFirst } from '../../db/prepared'
import type { Executor } from '../../db/tx'
import type { Page } from '../../http/paging'
import { groupColumns } from './views'

/**
 * The statements of a send (and of every membership check), built and compiled once
 * (server/db/prepared.ts): building a Kysely query costs more than SQLite running it, and a
 * send runs nine of them. The chat benchmark's second load (docs/groups.md, "Performance")
 * measures exactly this path against the same SQL run raw.
 */

export const groupRow = preparedFirst((db, $: Param<{ uuid: string }>) =>
  db.selectFrom('groups as g').select(groupColumns).where('g.uuid', '=', $('uuid')),
)

export const currentMember = preparedFirst((db, $: Param<{ groupId: number; userId: number }>) =>
  db
    .selectFrom('group_members')
    .select(['role', 'is_muted'])
    .where('group_id', '=', $('groupId'))
    .where('user_id', '=', $('userId'))
    .where('removed_at_ms', 'is', null),
)

export const storedKey = preparedFirst((db, $: Param<{ groupId: number; userId: number; key: string }>) =>
  db
    .selectFrom('group_messages')
    .select('id')
    .where('group_id', '=', $('groupId'))
    .where('user_id', '=', $('userId'))
    .where('identifier_key', '=', $('key')),
)

export const recentSends = prepared((db, $: Param<{ userId: number; since: number; limit: number }>) =>
  db
    .selectFrom('group_messages')
    .select('created_at_ms')
    .where('user_id', '=', $('userId'))
    .where('created_at_ms', '>', $('since'))
    .orderBy('created_at_ms', 'desc')
    .limit($('limit')),
)

export const insertMessage = preparedFirst(
  (
    db,
    $: Param<{
      groupId: number
      userId: number
      key: string
      message: string
      type: 'text_message' | 'contest_card' | 'auction_invite' | 'gang_card'
      cardId: number | null
      now: number
    }>,
  ) =>
    db
      .insertInto('group_messages')
      .values({
        group_id: $('groupId'),
        user_id: $('userId'),
        identifier_key: $('key'),
        message: $('message'),
        message_type: $('type'),
        card_id: $('cardId'),
        created_at_ms: $('now'),
      })
      .returning('id'),
)

export const setLastMessage = prepared((db, $: Param<{ groupId: number; messageId: number }>) =>
  db
    .updateTable('groups')
    .set({ last_message_id: $('messageId') })
    .where('id', '=', $('groupId')),
)

export const setReadMarker = prepared(
  (db, $: Param<{ groupId: number; userId: number; messageId: number }>) =>
    db
      .updateTable('group_members')
      .set({ last_read_message_id: $('messageId') })
      .where('group_id', '=', $('groupId'))
      .where('user_id', '=', $('userId')),
)

/** Unmuted current members other than the sender who had read up to `previous`. */
export const caughtUpMembers = prepared(
  (db, $: Param<{ groupId: number; senderId: number; previous: number }>) =>
    db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', $('groupId'))
      .where('removed_at_ms', 'is', null)
      .where('is_muted', '=', 0)
      .where('user_id', '!=', $('senderId'))
      .where('last_read_message_id', '>=', $('previous'))
      .orderBy('user_id'),
)

/** The groups and one-to-ones a user is in, latest conversation first. */
const memberGroupsPage = prepared((db, $: Param<{ userId: number; limit: number; offset: number }>) =>
  db
    .selectFrom('groups as g')
    .innerJoin('group_members as gm', 'gm.group_id', 'g.id')
    .select(groupColumns)
    .where('gm.user_id', '=', $('userId'))
    .where('gm.removed_at_ms', 'is', null)
    .orderBy((eb) => eb.fn.coalesce('g.last_message_id', eb.lit(0)), 'desc')
    .orderBy('g.id', 'desc')
    .limit($('limit'))
    .offset($('offset')),
)

export async function groupsOfMember(db: Executor, userId: number, page: Page) {
  const rows = await memberGroupsPage(db, { userId, limit: page.per_page, offset: page.offset })
  return rows.map((r) => ({ ...r, id: Number(r.id) }))
}

/** The uuids of every conversation the user is a current member of (ChatsChannel follows them). */
export async function memberGroupUuids(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('groups as g')
    .innerJoin('group_members as gm', 'gm.group_id', 'g.id')
    .select('g.uuid')
    .where('gm.user_id', '=', userId)
    .where('gm.removed_at_ms', 'is', null)
    .execute()
  return rows.map((r) => r.uuid)
}

/** Public groups whose name contains `text` (any case; `%` and `_` are literal), newest first. */
export async function publicGroupsNamed(db: Executor, text: string, page: Page) {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)
  const rows = await db
    .selectFrom('groups as g')
    .select(groupColumns)
    .where('g.kind', '=', 'group')
    .where('g.is_public', '=', 1)
    .where((eb) => eb(eb.fn('lower', ['g.name']), 'like', `%${escaped}%`))
    .orderBy('g.id', 'desc')
    .limit(page.per_page)
    .offset(page.offset)
    .execute()
  return rows.map((r) => ({ ...r, id: Number(r.id) }))
}
