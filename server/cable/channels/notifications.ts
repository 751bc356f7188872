import { markAllRead, notificationStream, unreadCount } from '../../areas/notifications'
import type { ChannelDefinition } from '../types'

/**
 * The signed-in user's own notifications, live. Identifier `{"channel":"NotificationsChannel"}`
 * with no params: the stream is always the connection's user, so nobody can follow anyone
 * else's (an identifier carrying params is rejected rather than silently narrowed).
 *
 * Sends `{type:'unread', unread_count}` on subscribe and after `mark_all_read`; the stream
 * carries `{type:'notification', seq, notification}` for each one created after commit.
 */
export const NotificationsChannel: ChannelDefinition = {
  name: 'NotificationsChannel',
  async subscribed(ctx) {
    if (Object.keys(ctx.params).length > 0) return ctx.reject()
    ctx.streamFrom(notificationStream(ctx.user.id))
    ctx.transmit({ type: 'unread', unread_count: await unreadCount(ctx.deps.db, ctx.user.id) })
  },
  actions: {
    async mark_all_read(ctx) {
      await markAllRead(ctx.deps.db, ctx.user.id, ctx.deps.clock.now())
      ctx.transmit({ type: 'unread', unread_count: await unreadCount(ctx.deps.db, ctx.user.id) })
    },
  },
}
