import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import type { GroupMessageType } from '../../db/schema'
import type { Executor, Tx } from '../../db/tx'
import { withTx } from '../../db/tx'
import { AppError, invalid } from '../../http/errors'
import { visibleContest } from '../contests'
import { visibleGang } from '../gangs'
import { checkRegisteredCard } from './cards'
import { notifyManyGrouped } from './notify'
import {
  caughtUpMembers,
  insertMessage,
  recentSends,
  setLastMessage,
  setReadMarker,
  storedKey,
} from './queries'
import { groupStream } from './streams'
import { type MessageJson, messageJson, messagePageJson, messagesJson } from './views'
import { type Membership, visibleGroup, visibleMessage } from './visibility'

/**
 * Messages (docs/groups.md, "Messages"). One service for the POST and GroupChannel's `speak`:
 * membership checked under the group's lock, then the sender's retry looked up by
 * `identifier_key` (a retry answers the stored message and changes nothing), then the
 * sending-rate limit, then the insert, the group's `last_message_id`, notifications for the
 * unmuted members, and the `message` broadcast after the commit.
 */

export const MESSAGE_MAX_CHARS = 2000
export const IDENTIFIER_KEY_MAX = 64

export interface NewMessage {
  identifier_key: string
  message: string
  message_type: GroupMessageType
  card_id?: number | null | undefined
}

export async function sendMessage(
  deps: Deps,
  senderId: number,
  uuid: string,
  input: NewMessage,
  options: { invite?: boolean } = {},
): Promise<{ message: MessageJson; created: boolean }> {
  const now = deps.clock.now()
  const result = await withTx(deps, async (tx, after) => {
    const m = await visibleGroup(tx, uuid, senderId, true)
    await lockRows(tx, 'users', senderId)
    const retry = await storedKey(tx, { groupId: m.group.id, userId: senderId, key: input.identifier_key })
    if (retry) return { id: Number(retry.id), created: false }
    await checkCard(tx, senderId, input)
    // An invite the server posts for the sender (an auction made from the group) is not the
    // sender typing: it does not count against their sending limit.
    if (!options.invite) await assertChatRate(deps, tx, senderId, now)
    const row = await insertMessage(tx, {
      groupId: m.group.id,
      userId: senderId,
      key: input.identifier_key,
      message: input.message,
      type: input.message_type,
      cardId: input.message_type === 'text_message' ? null : (input.card_id ?? null),
      now,
    })
    if (!row) throw new Error('group message insert returned no id')
    const id = Number(row.id)
    await setLastMessage(tx, { groupId: m.group.id, messageId: id })
    // The sender has seen their own message.
    await setReadMarker(tx, { groupId: m.group.id, userId: senderId, messageId: id })
    const json = await messageJson(tx, id)
    after.publish(groupStream(uuid), { type: 'message', message: json })
    await notifyMembers(tx, after, m, senderId, json as MessageJson, now)
    return { id, created: true, json }
  })
  const [message] = 'json' in result ? [result.json] : await messagesJson(deps.db, [result.id])
  return { message: message as MessageJson, created: result.created }
}

/**
 * A card points at a contest, an auction or a gang the sender may see, through that kind's
 * visibility rule: one they may not see answers exactly as one that does not exist — 404
 * `Contest not found` (`Auction`, `Gang`) — so a card is no way to learn that a private one
 * exists (docs/visibility.md, "Ids in a body").
 */
async function checkCard(db: Executor, senderId: number, input: NewMessage) {
  if (input.message_type === 'text_message') return
  if (input.card_id === undefined || input.card_id === null)
    throw invalid({ card_id: [`is required for a ${input.message_type}`] })
  const sender = await db
    .selectFrom('users')
    .select('role')
    .where('id', '=', senderId)
    .executeTakeFirstOrThrow()
  if (input.message_type === 'contest_card')
    await visibleContest(db, 'contest', input.card_id, { id: senderId, role: sender.role })
  else if (input.message_type === 'auction_invite')
    await checkRegisteredCard(db, 'auction_invite', input.card_id, senderId, 'Auction')
  else await visibleGang(db, input.card_id, senderId)
}

/**
 * At most `rateLimits.chat.limit` messages per sender in any `windowMs` over all their
 * conversations, counted from their own rows under their user lock (as the posting limit):
 * a refused send writes nothing, and concurrent sends take turns.
 */
async function assertChatRate(deps: Deps, tx: Tx, userId: number, nowMs: number) {
  const { limit, windowMs } = deps.config.rateLimits.chat
  const recent = await recentSends(tx, { userId, since: nowMs - windowMs, limit })
  if (recent.length < limit) return
  const oldest = Math.min(...recent.map((r) => Number(r.created_at_ms)))
  throw new AppError(
    'RATE_LIMITED',
    'You are sending messages too fast; wait a moment and try again',
    undefined,
    {
      'Retry-After': String(Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000))),
    },
  )
}

/**
 * One grouped notification per unmuted member and conversation (`group:<uuid>`); muted: none.
 * Only members who had read everything before this message are told: someone with unread
 * messages here was told when the first of them arrived, and is told again once they have
 * caught up (docs/groups.md, "Notifications and mute"). So a busy group costs nothing per
 * message for members who are away, however many there are.
 */
async function notifyMembers(
  tx: Tx,
  after: Parameters<Parameters<typeof withTx>[1]>[1],
  m: Membership,
  senderId: number,
  message: MessageJson,
  now: number,
) {
  const previous = m.group.last_message_id === null ? 0 : Number(m.group.last_message_id)
  const members = await caughtUpMembers(tx, { groupId: m.group.id, senderId, previous })
  const where = m.group.kind === 'one_to_one' ? '' : ` in ${m.group.name}`
  const text = message.message.length > 80 ? `${message.message.slice(0, 80)}..` : message.message
  await notifyManyGrouped(
    tx,
    after,
    members.map((m) => m.user_id),
    `group:${m.group.uuid}`,
    {
      kind: 'group_message',
      body: `${message.user.username}${where}: ${text}`,
      data: { group_uuid_id: m.group.uuid, message_id: message.id, path: `/groups/${m.group.uuid}` },
    },
    now,
  )
}

/** Newest last; `before_id` pages backwards (the previous page's `next_before_id`). */
export async function listMessages(
  deps: Deps,
  userId: number,
  uuid: string,
  q: { before_id?: number | undefined; per_page: number },
) {
  const m = await visibleGroup(deps.db, uuid, userId)
  const { messages, ids } = await messagePageJson(deps.db, m.group.id, q)
  return { messages, next_before_id: ids.length === q.per_page ? (ids.at(-1) ?? null) : null }
}

/** Moves my read marker forward to `messageId` (never back); broadcasts `read`. */
export async function markRead(deps: Deps, userId: number, uuid: string, messageId: number): Promise<void> {
  await withTx(deps, async (tx, after) => {
    const m = await visibleGroup(tx, uuid, userId)
    await visibleMessage(tx, m, messageId)
    const moved = await tx
      .updateTable('group_members')
      .set({ last_read_message_id: messageId })
      .where('group_id', '=', m.group.id)
      .where('user_id', '=', userId)
      .where('last_read_message_id', '<', messageId)
      .returning('user_id')
      .executeTakeFirst()
    if (!moved) return
    const me = await tx.selectFrom('users').select('slug').where('id', '=', userId).executeTakeFirstOrThrow()
    after.publish(groupStream(uuid), { type: 'read', user_slug: me.slug, message_id: messageId })
  })
}
