import { topicStream, visibleTopic } from '../../areas/posts'
import type { ChannelDefinition } from '../types'

/**
 * A topic's posts, comments and like counts, live (docs/channels.md, "TopicChannel").
 * Identifier `{"channel":"TopicChannel","topic_id":7}` — the id comes with a contest's or a
 * wall's posts (`topic.id`). A contest's topic follows the contest's visibility (a private
 * contest: members, owner, admins); otherwise, and for unknown ids, the subscription is rejected.
 *
 * Sends `{type:'snapshot', seq, topic_id}` on subscribe (the stream's last seq: a later gap
 * means refetch), then `post`, `post_updated`, `post_removed`, `comment` (with the comment),
 * `comment_updated`, `comment_removed` and `likes` `{subject: post|comment|contest, id, likes_count}`.
 */
export const TopicChannel: ChannelDefinition = {
  name: 'TopicChannel',
  async subscribed(ctx) {
    const id = Number(ctx.params.topic_id)
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return ctx.reject()
    const topic = await visibleTopic(ctx.deps.db, id, ctx.user).catch(() => null)
    if (!topic) return ctx.reject()
    ctx.streamFrom(topicStream(id))
    ctx.transmit({ type: 'snapshot', seq: await ctx.deps.bus.lastSeq(topicStream(id)), topic_id: id })
  },
}
