import { describe, expect, it } from 'vitest'
import { awardXp, type XpAward } from '../../../server/areas/users/xp'
import { withTx } from '../../../server/db/tx'
import { XP_DAY_MS, XP_RULES } from '../../../server/domain/levels'
import { rowById } from '../../helpers/db'
import { upcomingMatch, validTeamBody } from '../../helpers/league'
import { notificationsOf } from '../../helpers/notifications'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true })

const give = (awards: XpAward[]) =>
  withTx(ctx.world.deps, (tx, after) =>
    awardXp(tx, after, awards, ctx.world.deps.clock.now(), ctx.world.deps.dbHandle.kind === 'postgres'),
  )
const xpOf = async (id: number) => (await rowById(ctx.world.deps.db, 'users', id, 'xp_points')).xp_points

describe('XP and levels', () => {
  it('gives join XP once per contest, shows cricket_level and next_level on Me, and notifies a level-up', async () => {
    const admin = await ctx.api.admin()
    const me = await ctx.api.player()
    await ctx.api.post(
      '/api/admin/wallet/credits',
      { user_id: me.id, amount: 500, compartment: 'unused' },
      admin.token,
    )
    const matchId = (await upcomingMatch(ctx.world.deps)).id
    const contests = await ctx.world.deps.db
      .selectFrom('contests')
      .select('id')
      .where('match_id', '=', matchId)
      .where('status', '=', 'open')
      .where('max_entries', '>', 1)
      .orderBy('id')
      .limit(1)
      .execute()
    const contestId = contests[0]?.id as number
    const teams: number[] = []
    for (const salt of ['a', 'b']) {
      const res = await ctx.api.post(
        `/api/matches/${matchId}/user_teams`,
        await validTeamBody(ctx.world.deps, matchId, 'cricket', `${me.id}:${salt}`),
        me.token,
      )
      teams.push(res.body.user_team.id)
    }
    for (const team of teams)
      expect(
        (await ctx.api.post(`/api/contests/${contestId}/join`, { team_id: team }, me.token)).status,
      ).toBe(200)
    expect(await xpOf(me.id)).toBe(XP_RULES.join)

    // 90 more XP (a win and a repeated one that counts once) crosses level 2 at 100 XP.
    await give([{ userId: me.id, reason: 'win', source: 'contest:999' }])
    await give([{ userId: me.id, reason: 'win', source: 'contest:999' }])
    await give([{ userId: me.id, reason: 'streak', source: 'day:1' }])
    expect(await xpOf(me.id)).toBe(XP_RULES.join + XP_RULES.win + XP_RULES.streak)
    const user = (await ctx.api.get('/api/me', me.token)).body.user
    expect(user.cricket_level).toMatchObject({ level: 1, xp_points: 85, min_xp: 0 })
    expect(user.next_level).toMatchObject({ level: 2, min_xp: 100 })
    await give([{ userId: me.id, reason: 'win', source: 'contest:1000' }])
    expect((await ctx.api.get('/api/me', me.token)).body.user.cricket_level).toMatchObject({
      level: 2,
      xp_points: 135,
    })
    const notes = await notificationsOf(ctx.world.deps.db, me.id, 'level_up')
    expect(notes).toHaveLength(1)
    expect(JSON.parse(String(notes[0]?.data))).toMatchObject({ level: 2 })
  })

  it('awards a streak day after two days in a row with joins', async () => {
    const me = await ctx.api.player()
    const now = ctx.world.deps.clock.now()
    const day = Math.floor(now / XP_DAY_MS)
    await ctx.world.deps.db
      .insertInto('xp_awards')
      .values([
        {
          user_id: me.id,
          reason: 'join',
          source: 'contest:-1',
          points: 0,
          created_at_ms: (day - 1) * XP_DAY_MS + 5,
        },
        {
          user_id: me.id,
          reason: 'join',
          source: 'contest:-2',
          points: 0,
          created_at_ms: (day - 2) * XP_DAY_MS + 5,
        },
      ])
      .execute()
    const { joinAwards } = await import('../../../server/areas/users/xp')
    const awards = await joinAwards(ctx.world.deps.db, me.id, 77, now)
    expect(awards.map((a) => a.reason)).toEqual(['join', 'streak'])
    const other = await ctx.api.player()
    expect((await joinAwards(ctx.world.deps.db, other.id, 77, now)).map((a) => a.reason)).toEqual(['join'])
  })
})

describe('leaderboards', () => {
  it('lists weekly, all-time and series boards and always shows the caller’s row', async () => {
    const list = await ctx.api.get('/api/leaderboards')
    expect(list.status).toBe(200)
    const ids = list.body.leaderboards.map((b: { id: string }) => b.id)
    expect(ids.slice(0, 2)).toEqual(['weekly', 'all-time'])

    const me = await ctx.api.player()
    const others = await Promise.all([ctx.api.player(), ctx.api.player(), ctx.api.player()])
    await give(others.map((o, i) => ({ userId: o.id, reason: 'win' as const, source: `contest:${i}` })))
    await give([{ userId: others[0]?.id as number, reason: 'join', source: 'contest:5' }])
    const allTime = await ctx.api.get('/api/leaderboards/all-time?per_page=3', me.token)
    expect(allTime.status).toBe(200)
    expect(allTime.body.rows).toHaveLength(3)
    const scores = allTime.body.rows.map((r: { score: number }) => r.score)
    expect([...scores].sort((a, b) => b - a)).toEqual(scores)
    // Off the board (no XP): still shown, after everyone who scored.
    expect(allTime.body.current_user_row).toMatchObject({
      rank: allTime.body.meta.total + 1,
      score: 0,
      user: { slug: me.slug },
    })

    await give([{ userId: me.id, reason: 'win', source: 'contest:1' }])
    const weekly = await ctx.api.get('/api/leaderboards/weekly', me.token)
    expect(weekly.body.current_user_row).toMatchObject({ score: XP_RULES.win, user: { id: me.id } })
    expect(weekly.body.rows.some((r: { user: { id: number } }) => r.user.id === me.id)).toBe(true)

    expect((await ctx.api.get('/api/leaderboards/nope')).status).toBe(404)
    expect((await ctx.api.get('/api/leaderboards/series-99999999')).status).toBe(404)
    const series = ids.find((id: string) => id.startsWith('series-'))
    if (series)
      expect(
        (await ctx.api.get(`/api/leaderboards/${series}`, me.token)).body.current_user_row,
      ).not.toBeNull()
  })
})
