import { describe, expect, it } from 'vitest'
import { countQueries } from '../../helpers/query-count'
import { apiWorld } from '../../helpers/world'

// A page of posts costs a fixed number of queries, whatever it holds (docs/performance.md,
// "Reads on a miss"): comments, mentions and likes are read for the whole page at once.

const ctx = apiWorld({ config: { answerCache: false } })

type Person = { id: number; username: string }

/** A post on `author`'s wall with `comments` comments, each mentioning and liked by `fan`. */
async function postWith(author: Person, fan: Person, comments: number): Promise<number> {
  const db = ctx.deps.db
  const now = ctx.deps.clock.now()
  const wall =
    (await db.selectFrom('topics').select('id').where('owner_id', '=', author.id).executeTakeFirst()) ??
    (await db
      .insertInto('topics')
      .values({ contest_id: null, owner_id: author.id, created_at_ms: now })
      .returning('id')
      .executeTakeFirstOrThrow())
  const post = await db
    .insertInto('posts')
    .values({
      topic_id: Number(wall.id),
      user_id: author.id,
      content: `hello @${fan.username}`,
      likes_count: 1,
      comments_count: comments,
      created_at_ms: now,
      updated_at_ms: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const postId = Number(post.id)
  await db.insertInto('post_likes').values({ post_id: postId, user_id: fan.id, created_at_ms: now }).execute()
  await db
    .insertInto('mentions')
    .values({ user_id: fan.id, post_id: postId, comment_id: null, created_at_ms: now })
    .execute()
  for (let k = 0; k < comments; k++) {
    const comment = await db
      .insertInto('comments')
      .values({
        post_id: postId,
        parent_id: null,
        user_id: fan.id,
        content: `${k} @${fan.username}`,
        likes_count: 1,
        created_at_ms: now,
        updated_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const commentId = Number(comment.id)
    await db
      .insertInto('mentions')
      .values({ user_id: fan.id, post_id: postId, comment_id: commentId, created_at_ms: now })
      .execute()
    await db
      .insertInto('comment_likes')
      .values({ comment_id: commentId, user_id: fan.id, created_at_ms: now })
      .execute()
  }
  return postId
}

describe('GET /api/feeds and GET /api/posts/:id', () => {
  it('read a page of 20 posts of 5 comments with as many queries as a page of one', async () => {
    const me = await ctx.api.player()
    const friend = await ctx.api.player()
    await ctx.deps.db
      .insertInto('follows')
      .values({ follower_id: me.id, followee_id: friend.id, created_at_ms: ctx.deps.clock.now() })
      .execute()
    const first = await postWith(friend, me, 5)
    const one = await countQueries(() => ctx.api.get('/api/feeds', me.token))
    const onePost = await countQueries(() => ctx.api.get(`/api/posts/${first}`, me.token))
    for (let p = 1; p < 20; p++) await postWith(friend, me, 5)
    const twenty = await countQueries(() => ctx.api.get('/api/feeds', me.token))
    const again = await countQueries(() => ctx.api.get(`/api/posts/${first}`, me.token))

    expect(twenty.result.body.items).toHaveLength(20)
    expect(twenty.queries).toBe(one.queries)
    expect(again.queries).toBe(onePost.queries)
    // And the page is whole: three latest comments a post, oldest first, each with its mention
    // and the viewer's like.
    const item = twenty.result.body.items[19].post
    expect(item).toMatchObject({ id: first, is_liked_by_current_user: true, mentions: [{ slug: me.slug }] })
    expect(item.comments.map((c: { content: string }) => c.content)).toEqual([
      `2 @${me.username}`,
      `3 @${me.username}`,
      `4 @${me.username}`,
    ])
    for (const c of item.comments)
      expect(c).toMatchObject({ is_liked_by_current_user: true, mentions: [{ slug: me.slug }] })
  })
})
