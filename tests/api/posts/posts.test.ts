import { describe, expect, it } from 'vitest'
import { visibleTopic } from '../../../server/areas/posts/visibility'
import { POST_MAX_CHARS } from '../../../server/domain/social-text'
import { race, statuses } from '../../helpers/concurrency'
import { contestRow, memberRow } from '../../helpers/contest-rows'
import { rowById, rowsWhere } from '../../helpers/db'
import { disableUser } from '../../helpers/deps'
import { apiWorld } from '../../helpers/world'

// Posts, comments, likes and mentions (docs/social.md, "Posts, comments and likes").

const ctx = apiWorld({ league: true, per: 'file' })

const patch = (path: string, body: unknown, token: string) => ctx.api.call('PATCH', path, { body, token })
const del = (path: string, token: string) => ctx.api.call('DELETE', path, { token })

async function wallPost(token: string, content = 'Big match tonight!') {
  const res = await ctx.api.post('/api/posts', { content }, token)
  expect(res.status).toBe(201)
  return res.body.post as { id: number; topic_id: number }
}

async function notificationsOf(userId: number) {
  return ctx.world.deps.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
}

describe('posts on walls and contests', () => {
  it('posts on my wall; the wall lists it newest first with the text as typed', async () => {
    const p = await ctx.api.player()
    await wallPost(p.token, 'first')
    const second = await wallPost(p.token, '<b>second</b> & "quoted"')
    const wall = await ctx.api.get(`/api/users/${p.slug}/posts`)
    expect(wall.status).toBe(200)
    expect(wall.body.topic).toMatchObject({ owner_slug: p.slug, contest_id: null })
    expect(wall.body.posts.map((x: { content: string }) => x.content)).toEqual([
      '<b>second</b> & "quoted"',
      'first',
    ])
    expect(wall.body.posts[0]).toMatchObject({
      id: second.id,
      likes_count: 0,
      comments_count: 0,
      comments: [],
      is_liked_by_current_user: false,
      user: { id: p.id, slug: p.slug },
      contest: null,
    })
  })

  it('pages a wall with before_id', async () => {
    const p = await ctx.api.player()
    const ids: number[] = []
    for (let i = 0; i < 5; i++) ids.push((await wallPost(p.token, `post ${i}`)).id)
    const first = await ctx.api.get(`/api/users/${p.slug}/posts?per_page=2`)
    expect(first.body.posts.map((x: { id: number }) => x.id)).toEqual([ids[4], ids[3]])
    const next = await ctx.api.get(
      `/api/users/${p.slug}/posts?per_page=2&before_id=${first.body.next_before_id}`,
    )
    expect(next.body.posts.map((x: { id: number }) => x.id)).toEqual([ids[2], ids[1]])
    const last = await ctx.api.get(
      `/api/users/${p.slug}/posts?per_page=2&before_id=${next.body.next_before_id}`,
    )
    expect(last.body.posts.map((x: { id: number }) => x.id)).toEqual([ids[0]])
    expect(last.body.next_before_id).toBeNull()
  })

  it('every contest has a topic; posting on it shows the contest and its likes', async () => {
    const p = await ctx.api.player()
    const contestId = await contestRow(ctx.world.deps, { name: 'Topic cup' })
    // Reading writes nothing: before the first post the topic has no id yet.
    const empty = await ctx.api.get(`/api/contests/${contestId}/posts`)
    expect(empty.body).toMatchObject({ topic: { id: null, contest_id: contestId }, posts: [] })
    expect(
      await ctx.world.deps.db.selectFrom('topics').select('id').where('contest_id', '=', contestId).execute(),
    ).toEqual([])
    const res = await ctx.api.post(
      `/api/contests/${contestId}/posts`,
      { content: 'Join my contest' },
      p.token,
    )
    expect(res.status).toBe(201)
    expect(res.body.post.contest).toEqual({ id: contestId, name: 'Topic cup' })
    await ctx.api.post(`/api/contests/${contestId}/like`, undefined, p.token)
    const list = await ctx.api.get(`/api/contests/${contestId}/posts`)
    expect(list.body.topic).toMatchObject({
      id: res.body.post.topic_id,
      contest_id: contestId,
      likes_count: 1,
    })
    expect(list.body.posts).toHaveLength(1)
  })

  it('a private contest’s posts are 404 to outsiders and open to members', async () => {
    const owner = await ctx.api.player()
    const outsider = await ctx.api.player()
    const contestId = await contestRow(ctx.world.deps, { isPrivate: true, createdById: owner.id })
    const mine = await ctx.api.post(`/api/contests/${contestId}/posts`, { content: 'hi' }, owner.token)
    expect(mine.status).toBe(201)
    // TopicChannel asks the same question: the outsider may not follow the topic either.
    const outsiderView = { id: outsider.id, role: 'player' as const }
    await expect(visibleTopic(ctx.world.deps.db, mine.body.post.topic_id, outsiderView)).rejects.toThrow(
      /not found/,
    )
    expect((await ctx.api.get(`/api/posts/${mine.body.post.id}`, outsider.token)).status).toBe(404)
    const hidden = await ctx.api.get(`/api/contests/${contestId}/posts`, outsider.token)
    expect(hidden.status).toBe(404)
    expect(
      (await ctx.api.post(`/api/contests/${contestId}/posts`, { content: 'hi' }, outsider.token)).status,
    ).toBe(404)
    await memberRow(ctx.world.deps, contestId, outsider.id)
    expect((await ctx.api.get(`/api/contests/${contestId}/posts`, outsider.token)).status).toBe(200)
    expect((await visibleTopic(ctx.world.deps.db, mine.body.post.topic_id, outsiderView)).contest_id).toBe(
      contestId,
    )
  })

  it('an outsider reporting, liking or replying to a private contest’s post or comment gets the 404 of a missing one, and nothing is written', async () => {
    const owner = await ctx.api.player()
    const outsider = await ctx.api.player()
    const contestId = await contestRow(ctx.world.deps, { isPrivate: true, createdById: owner.id })
    const post = (
      await ctx.api.post(`/api/contests/${contestId}/posts`, { content: 'Code is QWERTY12' }, owner.token)
    ).body.post
    const comment = (
      await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'See you at 8' }, owner.token)
    ).body.comment
    const reports = () => ctx.world.deps.db.selectFrom('reports').select('id').execute()
    const before = (await reports()).length
    const missing = 2_000_000_000
    for (const [path, body] of [
      ['/api/posts/{id}/report', { reason: 'spam', text: 'Spam' }],
      ['/api/comments/{id}/report', { reason: 'spam', text: 'Spam' }],
      ['/api/posts/{id}/like', undefined],
      ['/api/comments/{id}/like', undefined],
      ['/api/posts/{id}/comments', { content: 'me too' }],
    ] as const) {
      const id = path.startsWith('/api/posts') ? post.id : comment.id
      const hidden = await ctx.api.post(path.replace('{id}', String(id)), body, outsider.token)
      const none = await ctx.api.post(path.replace('{id}', String(missing)), body, outsider.token)
      expect([hidden.status, hidden.body.code, hidden.body.error], path).toEqual([
        404,
        'NOT_FOUND',
        none.body.error,
      ])
      expect(JSON.stringify(hidden.body)).not.toMatch(/QWERTY12|See you/)
    }
    // A reply naming the hidden comment from a post the outsider may see: as a missing parent.
    const open = await wallPost(outsider.token)
    const reply = await ctx.api.post(
      `/api/posts/${open.id}/comments`,
      { content: 'x', parent_id: comment.id },
      outsider.token,
    )
    expect([reply.status, reply.body.error]).toEqual([404, 'Comment not found'])
    expect((await reports()).length).toBe(before)
    const counts = await ctx.world.deps.db
      .selectFrom('posts')
      .select(['likes_count', 'comments_count'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow()
    expect(counts).toEqual({ likes_count: 0, comments_count: 1 })
    // A member still reports it, and the queue names it.
    await memberRow(ctx.world.deps, contestId, outsider.id)
    const reported = await ctx.api.post(
      `/api/posts/${post.id}/report`,
      { reason: 'spam', text: 'Spam' },
      outsider.token,
    )
    expect(reported.status).toBe(201)
    expect(reported.body.report.subject_label).toBe('Code is QWERTY12')
  })

  it('empty, blank and over-long posts are 422 and store nothing', async () => {
    const p = await ctx.api.player()
    const before = await ctx.world.deps.db.selectFrom('posts').select('id').execute()
    for (const content of ['', '   \n ', 'x'.repeat(POST_MAX_CHARS + 1)]) {
      const res = await ctx.api.post('/api/posts', { content }, p.token)
      expect(res.status).toBe(422)
      expect(res.body.code).toBe('VALIDATION_FAILED')
      expect(res.body.errors.content).toBeDefined()
    }
    expect((await ctx.api.post('/api/posts', {}, p.token)).status).toBe(422)
    expect((await ctx.api.post('/api/posts', { content: 'ok', extra: 1 }, p.token)).status).toBe(422)
    expect(await ctx.world.deps.db.selectFrom('posts').select('id').execute()).toHaveLength(before.length)
    expect((await ctx.api.post('/api/posts', { content: 'x'.repeat(POST_MAX_CHARS) }, p.token)).status).toBe(
      201,
    )
  })

  it('answers spec §7 style paths: `.json` suffix, and `?fields=` on reads', async () => {
    const p = await ctx.api.player()
    const post = await wallPost(p.token, 'fields')
    const res = await ctx.api.post(`/api/posts/${post.id}/comments.json`, { content: 'c' }, p.token)
    expect(res.status).toBe(201)
    const one = await ctx.api.get(`/api/posts/${post.id}.json?fields=id,likes_count,comments_count`)
    expect(one.body).toEqual({ post: { id: post.id, likes_count: 0, comments_count: 1 } })
  })

  it('selects the answer of a write too: `fields` in a comment’s body or on the query', async () => {
    const p = await ctx.api.player()
    const post = await wallPost(p.token, 'fields on writes')
    const inBody = await ctx.api.post(
      `/api/posts/${post.id}/comments`,
      { content: 'a', fields: 'id,content' },
      p.token,
    )
    expect(inBody.status).toBe(201)
    expect(inBody.body).toEqual({ comment: { id: expect.any(Number), content: 'a' } })
    const onQuery = await ctx.api.post(
      `/api/posts/${post.id}/comments?fields=content,user{slug}`,
      { content: 'b' },
      p.token,
    )
    expect(onQuery.body).toEqual({ comment: { content: 'b', user: { slug: p.slug } } })
    // A bad selection is a 422 on `fields`, and nothing is written.
    const bad = await ctx.api.post(
      `/api/posts/${post.id}/comments`,
      { content: 'c', fields: 'id{{' },
      p.token,
    )
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toHaveProperty('fields')
    const badQuery = await ctx.api.post(
      `/api/posts/${post.id}/comments?fields=${'x{'.repeat(20)}`,
      { content: 'd' },
      p.token,
    )
    expect(badQuery.status).toBe(422)
    const count = await rowsWhere(ctx.world.deps.db, 'comments', { post_id: post.id }, 'content')
    expect(count.map((r) => r.content)).toEqual(['a', 'b'])
  })

  it('posting needs a sign-in', async () => {
    expect((await ctx.api.post('/api/posts', { content: 'hi' })).status).toBe(401)
  })

  it('posting faster than the limit is 429 with Retry-After', async () => {
    const p = await ctx.api.player()
    const { limit } = ctx.world.deps.config.rateLimits.posting
    // A refused post does not count.
    expect((await ctx.api.post('/api/posts', { content: '' }, p.token)).status).toBe(422)
    for (let i = 0; i < limit; i++)
      expect((await ctx.api.post('/api/posts', { content: `p${i}` }, p.token)).status).toBe(201)
    const over = await ctx.api.post('/api/posts', { content: 'one more' }, p.token)
    expect(over.status).toBe(429)
    expect(over.body.code).toBe('RATE_LIMITED')
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    const post = (
      await ctx.world.deps.db.selectFrom('posts').select('id').where('user_id', '=', p.id).execute()
    ).length
    expect(post).toBe(limit)
    // Comments count against the same limit; refused requests cost nothing; others are not affected.
    const someone = await ctx.api.player()
    const theirs = await wallPost(someone.token)
    expect((await ctx.api.post(`/api/posts/${theirs.id}/comments`, { content: 'hi' }, p.token)).status).toBe(
      429,
    )
    const other = await ctx.api.player()
    expect((await ctx.api.post('/api/posts', { content: 'mine' }, other.token)).status).toBe(201)
  })
})

describe('edit and delete', () => {
  it('edits and deletes my own post; another user’s is 404 and unchanged', async () => {
    const author = await ctx.api.player()
    const other = await ctx.api.player()
    const post = await wallPost(author.token, 'original')
    expect((await patch(`/api/posts/${post.id}`, { content: 'hacked' }, other.token)).status).toBe(404)
    expect((await del(`/api/posts/${post.id}`, other.token)).status).toBe(404)
    expect((await ctx.api.get(`/api/posts/${post.id}`)).body.post.content).toBe('original')
    const edited = await patch(`/api/posts/${post.id}`, { content: 'fixed typo' }, author.token)
    expect(edited.status).toBe(200)
    expect(edited.body.post).toMatchObject({ content: 'fixed typo' })
    expect((await patch(`/api/posts/${post.id}`, { content: '' }, author.token)).status).toBe(422)
    await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'nice' }, other.token)
    await ctx.api.post(`/api/posts/${post.id}/like`, undefined, other.token)
    expect((await del(`/api/posts/${post.id}`, author.token)).status).toBe(200)
    expect((await ctx.api.get(`/api/posts/${post.id}`)).status).toBe(404)
    expect((await del(`/api/posts/${post.id}`, author.token)).status).toBe(404)
  })

  it('edits and deletes my own comment; another user’s is 404', async () => {
    const author = await ctx.api.player()
    const other = await ctx.api.player()
    const post = await wallPost(author.token)
    const c = (await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'mine' }, author.token)).body
      .comment
    await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'reply', parent_id: c.id }, other.token)
    expect((await patch(`/api/comments/${c.id}`, { content: 'x' }, other.token)).status).toBe(404)
    expect((await del(`/api/comments/${c.id}`, other.token)).status).toBe(404)
    expect(
      (await patch(`/api/comments/${c.id}`, { content: 'edited' }, author.token)).body.comment,
    ).toMatchObject({
      content: 'edited',
    })
    expect((await ctx.api.get(`/api/posts/${post.id}`)).body.post.comments_count).toBe(2)
    expect((await del(`/api/comments/${c.id}`, author.token)).status).toBe(200)
    // The reply went with it.
    expect((await ctx.api.get(`/api/posts/${post.id}`)).body.post.comments_count).toBe(0)
    expect((await ctx.api.get(`/api/posts/${post.id}/comments`)).body.comments).toEqual([])
  })
})

describe('comments and replies', () => {
  it('comments and replies; a reply to a reply answers the thread', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const post = await wallPost(a.token)
    const top = await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'first!' }, b.token)
    expect(top.status).toBe(201)
    expect(top.body.comment).toMatchObject({
      post_id: post.id,
      parent_id: null,
      content: 'first!',
      likes_count: 0,
    })
    const reply = await ctx.api.post(
      `/api/posts/${post.id}/comments`,
      { content: 'thanks', parent_id: top.body.comment.id },
      a.token,
    )
    expect(reply.body.comment.parent_id).toBe(top.body.comment.id)
    const deeper = await ctx.api.post(
      `/api/posts/${post.id}/comments`,
      { content: 'np', parent_id: reply.body.comment.id },
      b.token,
    )
    expect(deeper.body.comment.parent_id).toBe(top.body.comment.id)
    const list = await ctx.api.get(`/api/posts/${post.id}/comments`)
    expect(list.body.comments.map((x: { content: string }) => x.content)).toEqual(['first!', 'thanks', 'np'])
    const one = await ctx.api.get(`/api/posts/${post.id}`)
    expect(one.body.post.comments_count).toBe(3)
    expect(one.body.post.comments.map((x: { content: string }) => x.content)).toEqual([
      'first!',
      'thanks',
      'np',
    ])
  })

  it('a reply to a comment on another post is 422 and stores nothing', async () => {
    const a = await ctx.api.player()
    const one = await wallPost(a.token)
    const two = await wallPost(a.token)
    const c = (await ctx.api.post(`/api/posts/${one.id}/comments`, { content: 'here' }, a.token)).body.comment
    const res = await ctx.api.post(
      `/api/posts/${two.id}/comments`,
      { content: 'there', parent_id: c.id },
      a.token,
    )
    expect(res.status).toBe(422)
    expect(res.body.errors.parent_id).toBeDefined()
    expect((await ctx.api.get(`/api/posts/${two.id}`)).body.post.comments_count).toBe(0)
    expect(
      (await ctx.api.post(`/api/posts/${two.id}/comments`, { content: 'x', parent_id: 999999 }, a.token))
        .status,
    ).toBe(404)
  })

  it('empty and over-long comments are 422', async () => {
    const a = await ctx.api.player()
    const post = await wallPost(a.token)
    expect((await ctx.api.post(`/api/posts/${post.id}/comments`, { content: '' }, a.token)).status).toBe(422)
    expect(
      (await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'y'.repeat(1001) }, a.token)).status,
    ).toBe(422)
    expect(
      (await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'ok', parent_id: 'abc' }, a.token))
        .status,
    ).toBe(422)
    expect((await ctx.api.get(`/api/posts/${post.id}`)).body.post.comments_count).toBe(0)
  })

  it('commenting on a missing post is 404', async () => {
    const a = await ctx.api.player()
    expect((await ctx.api.post('/api/posts/2147483647/comments', { content: 'x' }, a.token)).status).toBe(404)
  })
})

describe('likes', () => {
  it('likes a post once: liking twice is 200 and the count stays; unlike twice too', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const post = await wallPost(a.token)
    const first = await ctx.api.post(`/api/posts/${post.id}/like`, undefined, b.token)
    expect(first.status).toBe(200)
    expect(first.body.post).toMatchObject({ likes_count: 1, is_liked_by_current_user: true })
    const again = await ctx.api.post(`/api/posts/${post.id}/like`, undefined, b.token)
    expect(again.status).toBe(200)
    expect(again.body.post.likes_count).toBe(1)
    expect((await ctx.api.post(`/api/posts/${post.id}/unlike`, undefined, b.token)).body.post).toMatchObject({
      likes_count: 0,
      is_liked_by_current_user: false,
    })
    expect(
      (await ctx.api.post(`/api/posts/${post.id}/unlike`, undefined, b.token)).body.post.likes_count,
    ).toBe(0)
  })

  it('likes a comment once', async () => {
    const a = await ctx.api.player()
    const post = await wallPost(a.token)
    const c = (await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'c' }, a.token)).body.comment
    expect(
      (await ctx.api.post(`/api/comments/${c.id}/like`, undefined, a.token)).body.comment.likes_count,
    ).toBe(1)
    expect(
      (await ctx.api.post(`/api/comments/${c.id}/like`, undefined, a.token)).body.comment.likes_count,
    ).toBe(1)
    expect(
      (await ctx.api.post(`/api/comments/${c.id}/unlike`, undefined, a.token)).body.comment.likes_count,
    ).toBe(0)
  })

  it('20 users like one post, one comment and one contest at once: exactly 20 each', async () => {
    const author = await ctx.api.player()
    const post = await wallPost(author.token)
    const c = (await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'c' }, author.token)).body
      .comment
    const contestId = await contestRow(ctx.world.deps)
    const likers = await Promise.all(Array.from({ length: 20 }, () => ctx.api.player()))
    expect(
      statuses(
        await race(20, (i) => ctx.api.post(`/api/posts/${post.id}/like`, undefined, likers[i]?.token)),
      ),
    ).toEqual({ 200: 20 })
    expect(
      statuses(
        await race(20, (i) => ctx.api.post(`/api/comments/${c.id}/like`, undefined, likers[i]?.token)),
      ),
    ).toEqual({ 200: 20 })
    expect(
      statuses(
        await race(20, (i) => ctx.api.post(`/api/contests/${contestId}/like`, undefined, likers[i]?.token)),
      ),
    ).toEqual({ 200: 20 })
    // Each again at once: idempotent, nothing moves.
    await race(20, (i) => ctx.api.post(`/api/posts/${post.id}/like`, undefined, likers[i]?.token))
    expect((await ctx.api.get(`/api/posts/${post.id}`)).body.post.likes_count).toBe(20)
    const row = await rowById(ctx.world.deps.db, 'comments', c.id, 'likes_count')
    expect(row.likes_count).toBe(20)
    expect((await ctx.api.get(`/api/contests/${contestId}`)).body.contest.topic.likes_count).toBe(20)
    // The author hears of it as one grouped notification.
    const liked = (await notificationsOf(author.id)).filter((n) => n.kind === 'post_liked')
    expect(liked).toHaveLength(1)
    expect(liked[0]?.body).toMatch(/^\w+ and 19 others liked your post$/)
    expect(JSON.parse(liked[0]?.data ?? '{}')).toMatchObject({ post_id: post.id, path: `/posts/${post.id}` })
  })
})

describe('mentions and notifications', () => {
  it('stores @mentions of real users, links them and tells them once', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const res = await ctx.api.post(
      '/api/posts',
      { content: `Hey @${b.username} and @nobody_here, mail x@${b.username}` },
      a.token,
    )
    expect(res.body.post.mentions).toEqual([{ slug: b.slug, username: b.username }])
    const told = (await notificationsOf(b.id)).filter((n) => n.kind === 'mention')
    expect(told).toHaveLength(1)
    expect(JSON.parse(told[0]?.data ?? '{}')).toMatchObject({
      post_id: res.body.post.id,
      path: `/posts/${res.body.post.id}`,
    })
    // Editing keeps the mention without telling again.
    await patch(`/api/posts/${res.body.post.id}`, { content: `Still @${b.username}` }, a.token)
    expect((await notificationsOf(b.id)).filter((n) => n.kind === 'mention')).toHaveLength(1)
    const c = await ctx.api.post(
      `/api/posts/${res.body.post.id}/comments`,
      { content: `@${b.username.toUpperCase()} look` },
      a.token,
    )
    expect(c.body.comment.mentions).toEqual([{ slug: b.slug, username: b.username }])
    const inComment = (await notificationsOf(b.id)).filter((n) => n.kind === 'mention')
    expect(JSON.parse(inComment.at(-1)?.data ?? '{}')).toMatchObject({ comment_id: c.body.comment.id })
  })

  it('mentions only accounts anyone may see, and tells only those who may see the post', async () => {
    const owner = await ctx.api.player()
    const member = await ctx.api.player()
    const outsider = await ctx.api.player()
    const off = await ctx.api.player()
    await disableUser(ctx.world.deps, off.id)
    const contestId = await contestRow(ctx.world.deps, { isPrivate: true, createdById: owner.id })
    await memberRow(ctx.world.deps, contestId, member.id)
    const res = await ctx.api.post(
      `/api/contests/${contestId}/posts`,
      { content: `@${member.username} @${outsider.username} @${off.username} tonight` },
      owner.token,
    )
    expect(res.status).toBe(201)
    // A disabled account's name stays plain text: no link, as a name nobody has.
    expect(res.body.post.mentions.map((m: { slug: string }) => m.slug).sort()).toEqual(
      [member.slug, outsider.slug].sort(),
    )
    const told = async (userId: number) =>
      (await notificationsOf(userId)).filter((n) => n.kind === 'mention').length
    expect(await told(member.id)).toBe(1)
    // The outsider is not told of a post they would get a 404 for.
    expect(await told(outsider.id)).toBe(0)
    expect(await told(off.id)).toBe(0)
  })

  it('comments notify the post’s author (grouped) and replies the comment’s author', async () => {
    const author = await ctx.api.player()
    const b = await ctx.api.player()
    const c = await ctx.api.player()
    const post = await wallPost(author.token)
    const first = (await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'one' }, b.token)).body
      .comment
    await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'two' }, c.token)
    const grouped = (await notificationsOf(author.id)).filter((n) => n.kind === 'post_commented')
    expect(grouped).toHaveLength(1)
    expect(grouped[0]?.body).toBe(`${c.username} and 1 other commented on your post`)
    await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'reply', parent_id: first.id }, c.token)
    const reply = (await notificationsOf(b.id)).filter((n) => n.kind === 'comment_reply')
    expect(reply).toHaveLength(1)
    expect(JSON.parse(reply[0]?.data ?? '{}').path).toMatch(new RegExp(`^/posts/${post.id}#comment-\\d+$`))
  })

  it('a read group starts a new notification', async () => {
    const author = await ctx.api.player()
    const b = await ctx.api.player()
    const c = await ctx.api.player()
    const post = await wallPost(author.token)
    await ctx.api.post(`/api/posts/${post.id}/like`, undefined, b.token)
    await ctx.api.post('/api/notifications/mark_all_read', undefined, author.token)
    await ctx.world.deps.db
      .updateTable('notifications')
      .set({ read_at_ms: 1 })
      .where('user_id', '=', author.id)
      .execute()
    await ctx.api.post(`/api/posts/${post.id}/like`, undefined, c.token)
    const liked = (await notificationsOf(author.id)).filter((n) => n.kind === 'post_liked')
    expect(liked.map((n) => n.body)).toEqual([
      `${b.username} liked your post`,
      `${c.username} and 1 other liked your post`,
    ])
  })
})
