import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { TEST_START_MS } from '../../helpers/deps'
import { asDemoPlayer, seededLeague } from '../../helpers/world'

// The social side of the demo league (seeds/generators/social.ts): a long-tailed follow graph,
// posts, threads, mentions, likes, ratings and XP history, every counter equal to its rows.

const seeded = seededLeague({ users: 80 })

const count = async (query: string) =>
  Number((await sql<{ n: number }>`${sql.raw(query)}`.execute(seeded.deps.db)).rows[0]?.n ?? -1)

describe('the seeded social graph', () => {
  it('has a long tail: a few popular players, most following 3–15', async () => {
    const players = await seeded.deps.db
      .selectFrom('users')
      .select(['username', 'follower_count', 'following_count'])
      .where('role', '=', 'player')
      .orderBy('id')
      .execute()
    expect(players).toHaveLength(81)
    // Everyone but the demo player (who follows six) follows 3–15.
    expect(players[0]?.following_count).toBe(6)
    for (const p of players.slice(1)) {
      expect(p.following_count, p.username).toBeGreaterThanOrEqual(3)
      expect(p.following_count, p.username).toBeLessThanOrEqual(15)
    }
    const followers = players.map((p) => p.follower_count).sort((a, b) => b - a)
    const median = followers[Math.floor(followers.length / 2)] as number
    // The top three hold far more than their share, the median player a handful.
    expect(followers[0]).toBeGreaterThan(4 * Math.max(1, median))
    expect(followers.slice(0, 3).reduce((a, b) => a + b, 0)).toBeGreaterThan(seeded.summary.follows / 5)
    expect(median).toBeLessThanOrEqual(6)
  })

  it('keeps every stored counter equal to its rows', async () => {
    const drift = async (query: string) => expect(await count(query), query).toBe(0)
    await drift(`select count(*) as n from users u where follower_count <>
      (select count(*) from follows f where f.followee_id = u.id)
      or following_count <> (select count(*) from follows f where f.follower_id = u.id)`)
    await drift(`select count(*) as n from posts p where likes_count <>
      (select count(*) from post_likes l where l.post_id = p.id)
      or comments_count <> (select count(*) from comments c where c.post_id = p.id and c.hidden = 0)`)
    await drift(`select count(*) as n from comments c where likes_count <>
      (select count(*) from comment_likes l where l.comment_id = c.id)`)
    await drift(`select count(*) as n from users u where xp_points <>
      coalesce((select sum(points) from xp_awards x where x.user_id = u.id), 0) and role = 'player'`)
    expect(await count('select count(*) as n from posts')).toBe(seeded.summary.posts)
    expect(await count('select count(*) as n from comments')).toBe(seeded.summary.comments)
    expect(
      (await count('select count(*) as n from post_likes')) +
        (await count('select count(*) as n from comment_likes')) +
        (await count('select count(*) as n from contest_likes')),
    ).toBe(seeded.summary.likes)
    expect(await count('select count(*) as n from user_ratings')).toBe(seeded.summary.ratings)
    expect(seeded.summary.posts).toBeGreaterThan(50)
    expect(seeded.summary.comments).toBeGreaterThan(50)
    expect(seeded.summary.ratings).toBeGreaterThan(20)
  })

  it('has threads one level deep, mentions that are in the text, and nothing in the future', async () => {
    await expect(
      count(`select count(*) as n from comments r join comments t on t.id = r.parent_id
        where t.parent_id is not null or t.post_id <> r.post_id`),
    ).resolves.toBe(0)
    expect(await count('select count(*) as n from comments where parent_id is not null')).toBeGreaterThan(10)
    const mentions = await seeded.deps.db
      .selectFrom('mentions as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('posts as p', 'p.id', 'm.post_id')
      .leftJoin('comments as c', 'c.id', 'm.comment_id')
      .select(['u.username', 'p.content as post', 'c.content as comment'])
      .execute()
    expect(mentions.length).toBeGreaterThan(10)
    for (const m of mentions) expect(m.comment ?? m.post).toContain(`@${m.username}`)
    for (const table of ['posts', 'comments', 'post_likes', 'comment_likes', 'contest_likes', 'xp_awards'])
      expect(await count(`select count(*) as n from ${table} where created_at_ms > ${TEST_START_MS}`)).toBe(0)
    // Nobody starts inside the posting-rate window: no post or comment in the last five minutes.
    for (const table of ['posts', 'comments'])
      expect(
        await count(`select count(*) as n from ${table} where created_at_ms > ${TEST_START_MS - 5 * 60_000}`),
        table,
      ).toBe(0)
    // Nobody likes their own post or rates themself.
    expect(
      await count(
        'select count(*) as n from post_likes l join posts p on p.id = l.post_id where p.user_id = l.user_id',
      ),
    ).toBe(0)
    expect(await count('select count(*) as n from user_ratings where rater_id = user_id')).toBe(0)
  })

  it('fills the feed, the weekly and all-time boards and discover through the API', async () => {
    const { api, token } = await asDemoPlayer(seeded.deps)
    const feed = await api.get('/api/feeds', token)
    expect(feed.status).toBe(200)
    expect(feed.body.items.length).toBeGreaterThan(0)
    for (const id of ['weekly', 'all-time']) {
      const board = await api.get(`/api/leaderboards/${id}`, token)
      expect(board.status).toBe(200)
      expect(board.body.rows.length, id).toBeGreaterThan(5)
      expect(board.body.current_user_row.user.username).toBe(seeded.deps.config.demo.username)
    }
    const discover = await api.get('/api/discover', token)
    expect(discover.status).toBe(200)
    expect(discover.body.posts.length).toBeGreaterThan(0)
    const ratings = await api.get(`/api/users/${feed.body.items[0].post.user.slug}/ratings`)
    expect(ratings.status).toBe(200)
  })
})
