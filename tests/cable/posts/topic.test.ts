import { describe, expect, it } from 'vitest'
import { cableServer, jsonCaller, NOTIFICATIONS, signedInCable, signedInUser } from '../../helpers/cable'

// TopicChannel (docs/channels.md): new comments and like counts of a topic, live; and the
// feed's `feed_item` on NotificationsChannel.

const ctx = cableServer({ admin: true })

const json = jsonCaller(() => ctx.server)
const call = (path: string, token: string, body?: unknown) => json('POST', path, token, body)

const topic = (id: unknown) => JSON.stringify({ channel: 'TopicChannel', topic_id: id })

const connect = (token: string) => signedInCable(ctx.server, token)

describe('TopicChannel', () => {
  it('streams new comments and like counts to every viewer of the topic', async () => {
    const author = await signedInUser(ctx.server)
    const viewer = await signedInUser(ctx.server)
    const post = (await call('/api/posts', author.token, { content: 'Live?' })).body.post
    const cable = await connect(viewer.token)
    cable.subscribe(topic(post.topic_id))
    const snapshot = await cable.take()
    // seq 1 is the post itself, published when it was written.
    expect(snapshot.message).toEqual({ type: 'snapshot', seq: 1, topic_id: post.topic_id })
    expect((await cable.take()).type).toBe('confirm_subscription')

    const comment = (await call(`/api/posts/${post.id}/comments`, author.token, { content: 'First comment' }))
      .body.comment
    const frame = await cable.take()
    expect(frame.message).toMatchObject({
      type: 'comment',
      seq: 2,
      post_id: post.id,
      comment: { id: comment.id, content: 'First comment' },
    })

    await call(`/api/posts/${post.id}/like`, viewer.token)
    expect((await cable.take()).message).toEqual({
      type: 'likes',
      seq: 3,
      subject: 'post',
      id: post.id,
      likes_count: 1,
      by_user_id: viewer.id,
      liked: true,
    })
    // A second like changes nothing and broadcasts nothing.
    await call(`/api/posts/${post.id}/like`, viewer.token)
    await call(`/api/comments/${comment.id}/like`, viewer.token)
    expect((await cable.take()).message).toEqual({
      type: 'likes',
      seq: 4,
      subject: 'comment',
      id: comment.id,
      likes_count: 1,
      by_user_id: viewer.id,
      liked: true,
    })
    await cable.expectSilence(150)
    await cable.close()
  })

  it('tells open pages when a moderator hides a comment or the post', async () => {
    const author = await signedInUser(ctx.server)
    const reporter = await signedInUser(ctx.server)
    const post = (await call('/api/posts', author.token, { content: 'rude words' })).body.post
    const comment = (await call(`/api/posts/${post.id}/comments`, author.token, { content: 'mean' })).body
      .comment
    const cable = await connect(reporter.token)
    cable.subscribe(topic(post.topic_id))
    expect((await cable.take()).message).toMatchObject({ type: 'snapshot' })
    expect((await cable.take()).type).toBe('confirm_subscription')

    const resolve = async (path: string) => {
      const report = (await call(path, reporter.token, { reason: 'hate', text: 'x' })).body.report
      const done = await call(`/api/admin/reports/${report.id}/resolve`, ctx.admin.token, {
        resolution: 'Hidden',
        hide: true,
      })
      expect(done.body.report).toMatchObject({ hid_subject: true })
    }
    await resolve(`/api/comments/${comment.id}/report`)
    expect((await cable.take()).message).toMatchObject({
      type: 'comment_removed',
      post_id: post.id,
      comment_id: comment.id,
    })
    await resolve(`/api/posts/${post.id}/report`)
    expect((await cable.take()).message).toMatchObject({ type: 'post_removed', post_id: post.id })
    await cable.expectSilence(150)
    await cable.close()
  })

  it('rejects unknown and malformed topic ids', async () => {
    const viewer = await signedInUser(ctx.server)
    const cable = await connect(viewer.token)
    for (const id of [2147483647, 'abc', -1, null]) {
      cable.subscribe(topic(id))
      expect((await cable.take()).type).toBe('reject_subscription')
    }
    await cable.close()
  })
})

describe('feed_item on NotificationsChannel', () => {
  it('tells followers (and the author) of a new post, not strangers', async () => {
    const author = await signedInUser(ctx.server)
    const follower = await signedInUser(ctx.server)
    const stranger = await signedInUser(ctx.server)
    await ctx.server.deps.db
      .insertInto('follows')
      .values({
        follower_id: follower.id,
        followee_id: author.id,
        created_at_ms: ctx.server.deps.clock.now(),
      })
      .execute()
    const watch = async (token: string) => {
      const cable = await connect(token)
      cable.subscribe(NOTIFICATIONS)
      await cable.take((f) => f.type === 'confirm_subscription')
      return cable
    }
    const f = await watch(follower.token)
    const s = await watch(stranger.token)
    const post = (await call('/api/posts', author.token, { content: 'News' })).body.post
    const frame = await f.take((x) => x.message?.type === 'feed_item')
    expect(frame.message).toMatchObject({ type: 'feed_item', post_id: post.id, user: { id: author.id } })
    await s.expectSilence(150)
    await f.close()
    await s.close()
  })
})
