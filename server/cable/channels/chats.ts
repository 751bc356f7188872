import { chatsStream, groupStream, memberGroupUuids, visibleGroup } from '../../areas/groups'
import type { BusMessage } from '../../lib/bus'
import type { ChannelDefinition } from '../types'

/**
 * The signed-in user's list of conversations, live (docs/channels.md, "ChatsChannel").
 * Identifier `{"channel":"ChatsChannel"}`, no params (any are rejected): always the
 * connection's own user. It follows the user's `chats:user:<id>` stream (a conversation made
 * with them, or they were added, joined, came back) and watches the stream of every
 * conversation they are a current member of, and tells the client which conversation changed
 * and how — `{type:'chat', group_uuid_id, change}` with `change` one of `added`, `message`,
 * `read` (my own read marker moved: my unread count), `members` (someone joined or left) and
 * `left` (I was removed or left: the row goes). Only uuids and the kind of change travel; the
 * client reads `GET /api/groups` again. A conversation the user is not (or no longer) in
 * sends nothing.
 */
export const ChatsChannel: ChannelDefinition = {
  name: 'ChatsChannel',
  async subscribed(ctx) {
    if (Object.keys(ctx.params).length > 0) return ctx.reject()
    const me = ctx.user.id
    /** Conversations I am in now: only these are told. */
    const current = new Set<string>()
    /** Streams watched (a watcher lasts as long as the subscription; leaving only drops `current`). */
    const watched = new Set<string>()
    const tell = (uuid: string, change: string) => ctx.transmit({ type: 'chat', group_uuid_id: uuid, change })
    const follow = (uuid: string) => {
      current.add(uuid)
      if (watched.has(uuid)) return
      watched.add(uuid)
      ctx.onStream(groupStream(uuid), (message) => {
        if (!current.has(uuid)) return
        const change = changeOf(message, me, ctx.user.slug)
        if (change === 'left') {
          current.delete(uuid)
          // On a shared bus my `added` (another stream) may overtake an older `removed`: a
          // member again by now is followed again.
          void visibleGroup(ctx.deps.db, uuid, me).then(
            () => current.add(uuid),
            () => undefined,
          )
        }
        if (change) tell(uuid, change)
      })
    }
    // The own stream first, then the list: a conversation added in between is in one or both.
    ctx.onStream(chatsStream(me), (message) => {
      const uuid = message.group_uuid_id
      if (message.type !== 'added' || typeof uuid !== 'string') return
      follow(uuid)
      tell(uuid, 'added')
    })
    for (const uuid of await memberGroupUuids(ctx.deps.db, me)) follow(uuid)
    ctx.transmit({ type: 'snapshot', group_count: current.size })
  },
}

function changeOf(message: BusMessage, me: number, mySlug: string): string | null {
  switch (message.type) {
    case 'message':
      return 'message'
    case 'joined':
      // My own arrival came as `added` on my stream (which may overtake this one on a shared bus).
      return Array.isArray(message.user_ids) && message.user_ids.includes(me) ? null : 'members'
    case 'removed':
      return message.user_id === me ? 'left' : 'members'
    case 'read':
      // Someone else's marker does not change my unread count.
      return message.user_slug === mySlug ? 'read' : null
    default:
      return null
  }
}
