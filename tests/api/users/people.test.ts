import { describe, expect, it } from 'vitest'
import { race, statuses } from '../../helpers/concurrency'
import { notificationsOf } from '../../helpers/notifications'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld()

const profile = async (slug: string, token?: string) =>
  (await ctx.api.get(`/api/users/${slug}`, token)).body.user
const counters = (id: number) =>
  ctx.world.deps.db
    .selectFrom('users')
    .select(['follower_count', 'following_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe('GET /api/users/{slug}', () => {
  it('never shows another user’s e-mail, mobile, balances or KYC, and honours ?fields', async () => {
    const [a, b] = await Promise.all([ctx.api.player(), ctx.api.player()])
    const res = await ctx.api.get(`/api/users/${b.slug}`, a.token)
    expect(res.status).toBe(200)
    const keys = Object.keys(res.body.user)
    for (const secret of [
      'email',
      'mobile_no',
      'current_balance',
      'unused_balance',
      'coin_balance',
      'pancard_status',
      'bank_details',
      'bhim_upi',
      'dob',
    ])
      expect(keys).not.toContain(secret)
    const picked = await ctx.api.get(`/api/users/${b.slug}?fields=slug,is_current_user_following`, a.token)
    expect(picked.body.user).toEqual({ slug: b.slug, is_current_user_following: false })
    expect((await ctx.api.get('/api/users/nobody-here', a.token)).status).toBe(404)
  })
})

describe('follow and unfollow', () => {
  it('keeps both counters exact, is idempotent, and lists both sides', async () => {
    const [a, b, c] = await Promise.all([ctx.api.player(), ctx.api.player(), ctx.api.player()])
    const first = await ctx.api.post(`/api/users/${b.slug}/follow`, undefined, a.token)
    expect(first.status).toBe(200)
    expect(first.body.user).toMatchObject({ follower_count: 1, is_current_user_following: true })
    const again = await ctx.api.post(`/api/users/${b.slug}/follow`, undefined, a.token)
    expect(again.status).toBe(200)
    expect(again.body.user.follower_count).toBe(1)
    await ctx.api.post(`/api/users/${b.slug}/follow`, undefined, c.token)
    expect(await counters(b.id)).toEqual({ follower_count: 2, following_count: 0 })
    expect(await counters(a.id)).toEqual({ follower_count: 0, following_count: 1 })

    const followers = await ctx.api.get(`/api/users/${b.slug}/followers?per_page=1`, a.token)
    expect(followers.status).toBe(200)
    expect(followers.body.meta).toMatchObject({ total: 2, total_pages: 2 })
    expect(followers.body.users).toHaveLength(1)
    const followings = await ctx.api.get(`/api/users/${a.slug}/followings`)
    expect(followings.body.users.map((u: { slug: string }) => u.slug)).toEqual([b.slug])

    const off = await ctx.api.post(`/api/users/${b.slug}/unfollow`, undefined, a.token)
    expect(off.body.user).toMatchObject({ follower_count: 1, is_current_user_following: false })
    const offAgain = await ctx.api.post(`/api/users/${b.slug}/unfollow`, undefined, a.token)
    expect(offAgain.status).toBe(200)
    expect(await counters(b.id)).toEqual({ follower_count: 1, following_count: 0 })
    expect(await counters(a.id)).toEqual({ follower_count: 0, following_count: 0 })
    expect((await ctx.api.get('/api/me', a.token)).body.user.following_count).toBe(0)
  })

  it('refuses to follow yourself with a 422 and changes nothing', async () => {
    const a = await ctx.api.player()
    const res = await ctx.api.post(`/api/users/${a.slug}/follow`, undefined, a.token)
    expect(res.status).toBe(422)
    expect(res.body.errors.user).toBeDefined()
    expect(await counters(a.id)).toEqual({ follower_count: 0, following_count: 0 })
    expect(await ctx.world.deps.db.selectFrom('follows').selectAll().execute()).toEqual([])
  })

  it('notifies the followed user with a link to the follower’s profile', async () => {
    const [a, b] = await Promise.all([ctx.api.player(), ctx.api.player()])
    await ctx.api.post(`/api/users/${b.slug}/follow`, undefined, a.token)
    const note = (await notificationsOf(ctx.world.deps.db, b.id, 'follow'))[0]!
    expect(JSON.parse(String(note.data))).toMatchObject({ user_slug: a.slug })
  })

  it('counts exactly when many follow and unfollow at once', async () => {
    const star = await ctx.api.player()
    const fans = await Promise.all(Array.from({ length: 12 }, () => ctx.api.player()))
    // Everyone follows at once, each twice; then half unfollow at once while the star follows them all.
    const follows = await race(24, (i) =>
      ctx.api.post(`/api/users/${star.slug}/follow`, undefined, fans[i % 12]?.token),
    )
    expect(statuses(follows)).toEqual({ 200: 24 })
    expect(await counters(star.id)).toEqual({ follower_count: 12, following_count: 0 })
    const mixed = await race(12, (i) =>
      i % 2 === 0
        ? ctx.api.post(`/api/users/${star.slug}/unfollow`, undefined, fans[i]?.token)
        : ctx.api.post(`/api/users/${fans[i]?.slug}/follow`, undefined, star.token),
    )
    expect(statuses(mixed)).toEqual({ 200: 12 })
    const rows = await ctx.world.deps.db.selectFrom('follows').selectAll().execute()
    const followersOfStar = rows.filter((r) => r.followee_id === star.id).length
    expect(followersOfStar).toBe(6)
    expect(await counters(star.id)).toEqual({ follower_count: 6, following_count: 6 })
    for (const [i, fan] of fans.entries())
      expect(await counters(fan.id)).toEqual({
        follower_count: i % 2 === 1 ? 1 : 0,
        following_count: i % 2 === 1 ? 1 : 0,
      })
  })
})

describe('GET /api/users/suggestions', () => {
  it('orders by followers and leaves out oneself and those already followed', async () => {
    const [me, popular, middling, quiet] = await Promise.all([
      ctx.api.player(),
      ctx.api.player(),
      ctx.api.player(),
      ctx.api.player(),
    ])
    const others = await Promise.all([ctx.api.player(), ctx.api.player()])
    for (const o of others) await ctx.api.post(`/api/users/${popular.slug}/follow`, undefined, o.token)
    await ctx.api.post(`/api/users/${middling.slug}/follow`, undefined, others[0]?.token)
    await ctx.api.post(`/api/users/${quiet.slug}/follow`, undefined, me.token)
    const res = await ctx.api.get('/api/users/suggestions?order=followers&per_page=50', me.token)
    const slugs = res.body.users.map((u: { slug: string }) => u.slug)
    expect(slugs.slice(0, 2)).toEqual([popular.slug, middling.slug])
    expect(slugs).not.toContain(me.slug)
    expect(slugs).not.toContain(quiet.slug)
  })
})

describe('GET /api/users/search', () => {
  it('matches username and name case-insensitively, exact before prefix before contains', async () => {
    const me = await ctx.api.player()
    await ctx.api.player('xbobby')
    await ctx.api.player('bobcat')
    await ctx.api.player('Bob')
    await ctx.world.deps.db
      .updateTable('users')
      .set({ full_name: 'Robert BOB Smith' })
      .where('username', '=', 'bobcat')
      .execute()
    const res = await ctx.api.get('/api/users/search?q=BOB', me.token)
    expect(res.status).toBe(200)
    expect(res.body.users.map((u: { username: string }) => u.username)).toEqual(['Bob', 'bobcat', 'xbobby'])
    const none = await ctx.api.get('/api/users/search?q=%25', me.token)
    expect(none.body.users).toEqual([])
  })

  it('refuses a 10 KB query with a 422', async () => {
    const res = await ctx.api.get(`/api/users/search?q=${'a'.repeat(10_240)}`)
    expect(res.status).toBe(422)
    expect(res.body.errors.q).toBeDefined()
    expect((await ctx.api.get('/api/users/search?q=')).status).toBe(422)
  })
})

describe('ratings', () => {
  it('keeps one editable rating per rater and shows the average', async () => {
    const [a, b, c] = await Promise.all([ctx.api.player(), ctx.api.player(), ctx.api.player()])
    const first = await ctx.api.post(
      `/api/users/${c.slug}/ratings`,
      { rating: 2, review: 'Slow to pay up' },
      a.token,
    )
    expect(first.status).toBe(200)
    const edited = await ctx.api.post(`/api/users/${c.slug}/ratings`, { rating: 4 }, a.token)
    expect(edited.body.rating).toMatchObject({ id: first.body.rating.id, rating: 4, review: null })
    await ctx.api.post(`/api/users/${c.slug}/ratings`, { rating: 5, review: 'Great captain picks' }, b.token)
    const list = await ctx.api.get(`/api/users/${c.slug}/ratings`)
    expect(list.body).toMatchObject({ average_rating: 4.5, ratings_count: 2 })
    expect(list.body.ratings[0]).toMatchObject({
      rating: 5,
      review: 'Great captain picks',
      rater: { slug: b.slug },
    })
    expect((await profile(c.slug)).average_rating).toBe(4.5)
  })

  it('refuses rating yourself and ratings outside 1–5 with a 422, saving nothing', async () => {
    const [a, b] = await Promise.all([ctx.api.player(), ctx.api.player()])
    expect((await ctx.api.post(`/api/users/${a.slug}/ratings`, { rating: 5 }, a.token)).status).toBe(422)
    for (const rating of [0, 6, 2.5, -1])
      expect((await ctx.api.post(`/api/users/${b.slug}/ratings`, { rating }, a.token)).status).toBe(422)
    expect(await ctx.world.deps.db.selectFrom('user_ratings').selectAll().execute()).toEqual([])
  })

  it('keeps one rating per rater when the same rater posts many at once', async () => {
    const [a, b] = await Promise.all([ctx.api.player(), ctx.api.player()])
    const answers = await race(8, (i) =>
      ctx.api.post(`/api/users/${b.slug}/ratings`, { rating: (i % 5) + 1 }, a.token),
    )
    expect(statuses(answers)).toEqual({ 200: 8 })
    const rows = await ctx.world.deps.db.selectFrom('user_ratings').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect((await profile(b.slug)).ratings_count).toBe(1)
  })
})
