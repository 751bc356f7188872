import { describe, expect, it } from 'vitest'
import { answerCacheStats } from '../../../server/http/answer-cache'
import { heardSoFar, whileUnchanged } from '../../helpers/changes'
import { contestRow, memberRow } from '../../helpers/contest-rows'
import { notificationsOf } from '../../helpers/notifications'
import { apiWorld } from '../../helpers/world'

// Feeds, discover, and reports of users, posts and comments (docs/social.md).

const ctx = apiWorld({ league: true, per: 'file' })

const followRow = (followerId: number, followeeId: number) =>
  ctx.world.deps.db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at_ms: ctx.world.deps.clock.now() })
    .execute()

const postIds = (body: { items: Array<{ post: { id: number } }> }) => body.items.map((i) => i.post.id)

describe('GET /api/feeds', () => {
  it('is kept per viewer between reads, and shows every post, like, comment and unfollow at once', async () => {
    const me = await ctx.api.player()
    const friend = await ctx.api.player()
    await followRow(me.id, friend.id)
    const first = (await ctx.api.post('/api/posts', { content: 'one' }, friend.token)).body.post.id
    const read = async () => (await ctx.api.get('/api/feeds', me.token)).body
    // PostgreSQL: the setup's own commits are heard before the cache is filled and hit (a late
    // notification would rightly empty it between the two reads).
    await heardSoFar(ctx.world.deps)
    const { again, hits } = await whileUnchanged(ctx.world.deps, async () => {
      expect(postIds(await read())).toEqual([first])
      const before = answerCacheStats(ctx.world.deps).hits
      return { again: await read(), hits: answerCacheStats(ctx.world.deps).hits - before }
    })
    expect(postIds(again)).toEqual([first])
    expect(hits).toBe(1)
    // Someone else's feed is their own.
    expect(postIds((await ctx.api.get('/api/feeds', friend.token)).body)).toEqual([first])
    const second = (await ctx.api.post('/api/posts', { content: 'two' }, friend.token)).body.post.id
    expect(postIds(await read())).toEqual([second, first])
    const onePost = async () => (await ctx.api.get(`/api/posts/${first}`, me.token)).body.post
    expect(await onePost()).toMatchObject({ likes_count: 0, comments_count: 0 })
    await ctx.api.post(`/api/posts/${first}/like`, {}, me.token)
    await ctx.api.post(`/api/posts/${first}/comments`, { content: 'nice' }, me.token)
    expect((await read()).items[1].post).toMatchObject({ id: first, likes_count: 1, comments_count: 1 })
    expect(await onePost()).toMatchObject({ likes_count: 1, comments_count: 1 })
    await ctx.world.deps.db.updateTable('posts').set({ hidden: 1 }).where('id', '=', second).execute()
    expect((await ctx.api.get(`/api/posts/${second}`, me.token)).status).toBe(404)
    expect(postIds(await read())).toEqual([first])
    await ctx.api.post(`/api/users/${friend.slug}/unfollow`, {}, me.token)
    expect(postIds(await read())).toEqual([])
  })

  it('shows posts of people I follow and mine, newest first, cursor-paged; not strangers’', async () => {
    const me = await ctx.api.player()
    const friend = await ctx.api.player()
    const stranger = await ctx.api.player()
    await followRow(me.id, friend.id)
    const ids: number[] = []
    ids.push((await ctx.api.post('/api/posts', { content: 'friend 1' }, friend.token)).body.post.id)
    await ctx.api.post('/api/posts', { content: 'stranger' }, stranger.token)
    ids.push((await ctx.api.post('/api/posts', { content: 'mine' }, me.token)).body.post.id)
    const contestId = await contestRow(ctx.world.deps, { name: 'Shared' })
    ids.push(
      (await ctx.api.post(`/api/contests/${contestId}/posts`, { content: 'join!' }, friend.token)).body.post
        .id,
    )
    const page1 = await ctx.api.get('/api/feeds?per_page=2', me.token)
    expect(page1.status).toBe(200)
    expect(postIds(page1.body)).toEqual([ids[2], ids[1]])
    expect(page1.body.items[0]).toMatchObject({ kind: 'contest_share', post: { contest: { id: contestId } } })
    const page2 = await ctx.api.get(`/api/feeds?per_page=2&before_id=${page1.body.next_before_id}`, me.token)
    expect(postIds(page2.body)).toEqual([ids[0]])
    expect(page2.body.items[0].kind).toBe('post')
    expect(page2.body.next_before_id).toBeNull()
  })

  it('leaves out posts on private contests of others, and hidden posts', async () => {
    const me = await ctx.api.player()
    const friend = await ctx.api.player()
    await followRow(me.id, friend.id)
    const privateId = await contestRow(ctx.world.deps, { isPrivate: true, createdById: friend.id })
    await ctx.api.post(`/api/contests/${privateId}/posts`, { content: 'secret' }, friend.token)
    const visible = (await ctx.api.post('/api/posts', { content: 'public' }, friend.token)).body.post.id
    const hidden = (await ctx.api.post('/api/posts', { content: 'bad' }, friend.token)).body.post.id
    await ctx.world.deps.db.updateTable('posts').set({ hidden: 1 }).where('id', '=', hidden).execute()
    expect(postIds((await ctx.api.get('/api/feeds', me.token)).body)).toEqual([visible])
  })

  it('carries prizes won by people I follow and me, once each, in time order with the posts', async () => {
    const me = await ctx.api.player()
    const friend = await ctx.api.player()
    const stranger = await ctx.api.player()
    await followRow(me.id, friend.id)
    const tick = () => ctx.world.deps.clock.set({ advance_ms: 60_000 })
    /** A settled contest in which these users won these prizes (paise) with these ranks. */
    const settled = async (
      wins: Array<[userId: number, rank: number, prizePaise: number]>,
      isPrivate = false,
    ) => {
      const id = await contestRow(ctx.world.deps, {
        status: 'completed',
        isPrivate,
        name: `Won ${wins.length}`,
      })
      for (const [userId] of wins) await memberRow(ctx.world.deps, id, userId)
      await ctx.world.deps.db
        .updateTable('contests')
        .set({ settled_at_ms: ctx.world.deps.clock.now(), members_count: 10 })
        .where('id', '=', id)
        .execute()
      for (const [userId, rank, prize] of wins)
        await ctx.world.deps.db
          .updateTable('contest_members')
          .set({ rank, prize_paise: prize })
          .where('contest_id', '=', id)
          .where('user_id', '=', userId)
          .execute()
      return id
    }
    const first = (await ctx.api.post('/api/posts', { content: 'before' }, friend.token)).body.post.id
    tick()
    const won = await settled([
      [friend.id, 2, 50_000],
      [stranger.id, 1, 90_000],
    ])
    await settled([[friend.id, 1, 10_000]], true) // private: the friend's own business
    const mine = await settled([[me.id, 3, 2_500]], true) // private, but mine
    tick()
    const last = (await ctx.api.post('/api/posts', { content: 'after' }, me.token)).body.post.id

    const kinds = (body: {
      items: Array<{ kind: string; post?: { id: number }; result?: { contest: { id: number } } }>
    }) => body.items.map((i) => (i.post ? `post:${i.post.id}` : `result:${i.result?.contest.id}`))
    const all = await ctx.api.get('/api/feeds', me.token)
    expect(kinds(all.body)).toEqual([`post:${last}`, `result:${mine}`, `result:${won}`, `post:${first}`])
    const result = all.body.items.find(
      (i: { result?: { contest: { id: number } } }) => i.result?.contest.id === won,
    )
    expect(result).toMatchObject({
      kind: 'contest_result',
      result: { user: { slug: friend.slug }, rank: 2, winnings: 500, members_count: 10 },
    })
    // One post a page: the results come exactly once, on the page whose span holds them.
    const seen: string[] = []
    let cursor: number | null | undefined
    do {
      const page = await ctx.api.get(`/api/feeds?per_page=1${cursor ? `&before_id=${cursor}` : ''}`, me.token)
      expect(page.status).toBe(200)
      seen.push(...kinds(page.body))
      cursor = page.body.next_before_id
    } while (cursor)
    expect(seen).toEqual(kinds(all.body))
  })

  it('needs a sign-in and a valid cursor', async () => {
    expect((await ctx.api.get('/api/feeds')).status).toBe(401)
    const me = await ctx.api.player()
    expect((await ctx.api.get('/api/feeds?before_id=abc', me.token)).status).toBe(422)
    expect((await ctx.api.get('/api/feeds?per_page=0', me.token)).status).toBe(422)
  })
})

describe('discover', () => {
  it('lists contests by type; friends’ are those my followees created', async () => {
    const me = await ctx.api.player()
    const friend = await ctx.api.player()
    await followRow(me.id, friend.id)
    const friendsContest = await contestRow(ctx.world.deps, { createdById: friend.id, name: 'Friendly' })
    const liked = await contestRow(ctx.world.deps, { name: 'Loved' })
    const fan = await ctx.api.player()
    await ctx.api.post(`/api/contests/${liked}/like`, undefined, fan.token)
    await ctx.api.post(`/api/contests/${liked}/like`, undefined, me.token)
    const friends = await ctx.api.get('/api/discover/contests?type=friends', me.token)
    expect(friends.status).toBe(200)
    expect(friends.body.contests.map((c: { id: number }) => c.id)).toEqual([friendsContest])
    const trending = await ctx.api.get('/api/discover/contests?type=trending', me.token)
    expect(trending.body.contests[0]).toMatchObject({
      id: liked,
      is_liked_by_current_user: true,
      topic: { likes_count: 2 },
    })
    const fresh = await ctx.api.get('/api/discover/contests?type=new')
    expect(fresh.body.contests.length).toBeGreaterThan(0)
    expect((await ctx.api.get('/api/discover/contests?type=big_prizes')).status).toBe(200)
    expect((await ctx.api.get('/api/discover/contests?type=cheap')).status).toBe(422)
    expect((await ctx.api.get('/api/discover/contests?type=friends')).body.contests).toEqual([])
    const page = await ctx.api.get('/api/discover', me.token)
    expect(page.status).toBe(200)
    expect(page.body.trending[0].id).toBe(liked)
  })

  it('searches users, contests and series case-insensitively, exact matches first', async () => {
    const exact = await ctx.api.player('Zebra')
    const longer = await ctx.api.player('Zebra_fan')
    const contestId = await contestRow(ctx.world.deps, { name: 'zebra crossing cup' })
    const res = await ctx.api.get('/api/discover/search?q=ZEBRA')
    expect(res.status).toBe(200)
    expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([exact.id, longer.id])
    expect(res.body.contests.map((c: { id: number }) => c.id)).toContain(contestId)
    const series = await ctx.world.deps.db.selectFrom('series').select(['name']).executeTakeFirstOrThrow()
    const found = await ctx.api.get(
      `/api/discover/search?q=${encodeURIComponent(series.name.slice(0, 4).toLowerCase())}`,
    )
    expect(found.body.series.length).toBeGreaterThan(0)
    // `%` and `_` are literal.
    expect((await ctx.api.get('/api/discover/search?q=%25')).body.users).toEqual([])
  })

  it('finds the exact match first however many names merely contain the query, with avatars', async () => {
    for (let i = 0; i < 12; i++) await ctx.api.player(`aaquokka${i}`)
    const exact = await ctx.api.player('Quokka')
    const avatar = await ctx.world.deps.db
      .selectFrom('avatars')
      .select(['id', 'url'])
      .executeTakeFirstOrThrow()
    await ctx.world.deps.db
      .updateTable('users')
      .set({ avatar_id: avatar.id })
      .where('id', '=', exact.id)
      .execute()
    const res = await ctx.api.get('/api/discover/search?q=quokka&per_page=3')
    expect(res.body.users).toHaveLength(3)
    expect(res.body.users[0]).toMatchObject({ id: exact.id, image_url: avatar.url })
    // The same picture on what they write.
    const post = await ctx.api.post('/api/posts', { content: 'hello' }, exact.token)
    expect(post.body.post.user.image_url).toBe(avatar.url)
  })

  it('a 10 KB or empty query is 422', async () => {
    expect((await ctx.api.get(`/api/discover/search?q=${'a'.repeat(10_240)}`)).status).toBe(422)
    expect((await ctx.api.get('/api/discover/search?q=')).status).toBe(422)
    expect((await ctx.api.get('/api/discover/search')).status).toBe(422)
  })
})

describe('reports of users, posts and comments', () => {
  it('go into the one queue; resolving with hide hides the post (404 everywhere, gone from the count)', async () => {
    const author = await ctx.api.player()
    const reporter = await ctx.api.player()
    const admin = await ctx.api.admin()
    const post = (await ctx.api.post('/api/posts', { content: 'rude words' }, author.token)).body.post
    const comment = (await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'ruder' }, author.token))
      .body.comment
    const r = await ctx.api.post(
      `/api/posts/${post.id}/report`,
      { reason: 'hate', text: 'Offensive' },
      reporter.token,
    )
    expect(r.status).toBe(201)
    expect(r.body.report).toMatchObject({
      subject_type: 'post',
      subject_id: post.id,
      subject_label: 'rude words',
      reason_label: 'Hate or offensive content',
      status: 'open',
    })
    expect(
      (await ctx.api.post(`/api/posts/${post.id}/report`, { reason: 'spam', text: 'again' }, reporter.token))
        .status,
    ).toBe(409)
    const rc = await ctx.api.post(
      `/api/comments/${comment.id}/report`,
      { reason: 'harassment', text: 'mean' },
      reporter.token,
    )
    expect(rc.status).toBe(201)
    const ru = await ctx.api.post(
      `/api/users/${author.slug}/report`,
      { reason: 'impersonation', text: 'fake' },
      reporter.token,
    )
    expect(ru.body.report).toMatchObject({ subject_type: 'user', subject_label: author.username })
    const queue = await ctx.api.get('/api/admin/reports', admin.token)
    const mine = queue.body.reports.filter((x: { reporter: { id: number } }) => x.reporter.id === reporter.id)
    expect(mine.map((x: { subject_type: string }) => x.subject_type)).toEqual(['post', 'comment', 'user'])

    // Hiding a user is not a thing: 422, the report stays open.
    const bad = await ctx.api.post(
      `/api/admin/reports/${ru.body.report.id}/resolve`,
      { resolution: 'x', hide: true },
      admin.token,
    )
    expect(bad.status).toBe(422)
    expect(
      (await ctx.api.get('/api/admin/reports', admin.token)).body.reports.some(
        (x: { id: number }) => x.id === ru.body.report.id,
      ),
    ).toBe(true)

    const hideComment = await ctx.api.post(
      `/api/admin/reports/${rc.body.report.id}/resolve`,
      { resolution: 'Removed', hide: true },
      admin.token,
    )
    expect(hideComment.body.report).toMatchObject({ status: 'resolved', hid_subject: true })
    expect((await ctx.api.get(`/api/posts/${post.id}`)).body.post.comments_count).toBe(0)
    expect((await ctx.api.post(`/api/comments/${comment.id}/like`, undefined, reporter.token)).status).toBe(
      404,
    )
    expect(
      (
        await ctx.api.post(
          `/api/posts/${post.id}/comments`,
          { content: 'x', parent_id: comment.id },
          reporter.token,
        )
      ).status,
    ).toBe(404)

    const hidePost = await ctx.api.post(
      `/api/admin/reports/${r.body.report.id}/resolve`,
      { resolution: 'Hidden', hide: true },
      admin.token,
    )
    expect(hidePost.status).toBe(200)
    expect((await ctx.api.get(`/api/posts/${post.id}`)).status).toBe(404)
    expect(
      (await ctx.api.post(`/api/posts/${post.id}/comments`, { content: 'still here?' }, reporter.token))
        .status,
    ).toBe(404)
    expect((await ctx.api.post(`/api/posts/${post.id}/like`, undefined, reporter.token)).status).toBe(404)
    expect(
      (await ctx.api.call('PATCH', `/api/posts/${post.id}`, { body: { content: 'x' }, token: author.token }))
        .status,
    ).toBe(404)
    expect((await ctx.api.get(`/api/users/${author.slug}/posts`)).body.posts).toEqual([])
    const told = await notificationsOf(ctx.world.deps.db, reporter.id, 'report_resolved')
    expect(told.map((n) => n.body)).toContain('Your report on rude words was resolved: Hidden')
  })

  it('refuses reporting myself (422), unknown subjects (404) and bad reasons (422)', async () => {
    const me = await ctx.api.player()
    expect(
      (await ctx.api.post(`/api/users/${me.slug}/report`, { reason: 'spam', text: 'x' }, me.token)).status,
    ).toBe(422)
    expect(
      (await ctx.api.post('/api/users/nobody-at-all/report', { reason: 'spam', text: 'x' }, me.token)).status,
    ).toBe(404)
    expect(
      (await ctx.api.post('/api/posts/2147483647/report', { reason: 'spam', text: 'x' }, me.token)).status,
    ).toBe(404)
    const post = (await ctx.api.post('/api/posts', { content: 'p' }, me.token)).body.post
    expect(
      (await ctx.api.post(`/api/posts/${post.id}/report`, { reason: 'wrong_prizes', text: 'x' }, me.token))
        .status,
    ).toBe(422)
    expect(
      (await ctx.api.post(`/api/posts/${post.id}/report`, { reason: 'spam', text: '' }, me.token)).status,
    ).toBe(422)
    expect((await ctx.api.post(`/api/posts/${post.id}/report`, { reason: 'spam', text: 'x' })).status).toBe(
      401,
    )
  })
})
