import { describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { rowsWhere } from '../../helpers/db'
import { upcomingMatch, validTeamBody } from '../../helpers/league'
import { transactionsOfKind } from '../../helpers/ledger'
import { apiWorld, fundedPlayer, postTeam } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })

type Contest = {
  id: number
  kind: string
  entry_fee: number
  members_limit: number
  prize_amount: number
  winner_count: number
}

const playerWith = (rupees: number, compartment?: 'unused' | 'winnings') =>
  fundedPlayer(ctx, rupees, compartment)

async function contestsOf(matchId: number): Promise<Contest[]> {
  return (await ctx.api.get(`/api/matches/${matchId}/contests?per_page=50`)).body.contests
}

const teamFor = (p: { token: string }, matchId: number, salt = 'x') => postTeam(ctx, p, matchId, salt)

describe('contest lists', () => {
  it('sorts by the spec’s keys in both directions and filters by filter_ids and game_id', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const key = (s: number, d: number) =>
      ctx.api
        .get(`/api/matches/${match.id}/contests?sort=${s}&direction=${d}`)
        .then((r) => r.body.contests as Contest[])
    const byPrize = await key(1, -1)
    expect(byPrize.map((c) => c.prize_amount)).toEqual(
      [...byPrize.map((c) => c.prize_amount)].sort((a, b) => b - a),
    )
    const bySpotsAsc = await key(2, 1)
    expect(bySpotsAsc.map((c) => c.members_limit)).toEqual(
      [...bySpotsAsc.map((c) => c.members_limit)].sort((a, b) => a - b),
    )
    const byFee = await key(4, -1)
    expect(byFee[0]!.entry_fee).toBe(Math.max(...byFee.map((c) => c.entry_fee)))
    const free = await ctx.api.get(`/api/matches/${match.id}/contests?filter_ids=1`)
    expect(free.body.contests.map((c: Contest) => c.entry_fee)).toEqual([0])
    const h2hOrSmall = await ctx.api.get(`/api/matches/${match.id}/contests?filter_ids=5,6`)
    expect(h2hOrSmall.body.contests.every((c: Contest) => c.members_limit <= 20)).toBe(true)
    const andGuaranteed = await ctx.api.get(`/api/matches/${match.id}/contests?filter_ids=5,6,9`)
    expect(andGuaranteed.body.contests).toEqual([])
    const games = (await ctx.api.get('/api/games')).body.games
    const pubg = games.find((g: { slug: string }) => g.slug === 'pubg')
    const pubgContests = (await ctx.api.get(`/api/contests?game_id=${pubg.id}&per_page=100`)).body.contests
    expect(pubgContests.length).toBeGreaterThan(0)
    expect(pubgContests.every((c: { sport_slug: string }) => c.sport_slug === 'pubg')).toBe(true)
  })

  it('refuses unknown filters, sort keys and directions with 422', async () => {
    expect((await ctx.api.get('/api/contests?filter_ids=99')).body.errors.filter_ids).toEqual([
      'has unknown filters: 99',
    ])
    expect((await ctx.api.get('/api/contests?sort=5')).status).toBe(422)
    expect((await ctx.api.get('/api/contests?direction=2')).body.errors.direction).toEqual([
      'must be 1 or -1',
    ])
    expect((await ctx.api.get('/api/contests?filter_ids=a,b')).status).toBe(422)
  })

  it('tags contests for the viewer and serves detail, prizes, info and overview', async () => {
    const me = await playerWith(200)
    const match = await upcomingMatch(ctx.world.deps)
    const mega = (await contestsOf(match.id)).find((c) => c.kind === 'mega')!
    const team = await teamFor(me, match.id)
    await ctx.api.post(`/api/contests/${mega.id}/join`, { team_id: team }, me.token)
    const detail = (await ctx.api.get(`/api/contests/${mega.id}.json`, me.token)).body.contest
    expect(detail).toMatchObject({
      joined_count: 1,
      joined_team_ids: [team],
      user_slug: me.slug,
      multiple_entries: true,
      guaranteed: true,
    })
    const prizes = await ctx.api.get(`/api/contests/${mega.id}/prizes`)
    expect(prizes.body.prizes[0]).toMatchObject({ rank_text: '1', from: 1, to: 1 })
    const paid = prizes.body.prizes.reduce(
      (sum: number, p: { from: number; to: number; amount: number }) => sum + p.amount * (p.to - p.from + 1),
      0,
    )
    expect(paid).toBeCloseTo(prizes.body.prize_amount, 2)
    expect((await ctx.api.get(`/api/contests/${mega.id}/info`)).body.info.rules.length).toBeGreaterThan(3)
    const overview = (await ctx.api.get(`/api/contests/${mega.id}/overview`, me.token)).body.overview
    expect(overview.sections.map((s: { key: string }) => s.key)).toEqual(['prizes', 'info', 'leaderboard'])
    expect(overview.sections[2].current_user_members).toHaveLength(1)
    expect((await ctx.api.get('/api/contests/999999')).status).toBe(404)
  })

  it('likes and unlikes, changing the count by one', async () => {
    const me = await ctx.api.player()
    const [c] = await contestsOf((await upcomingMatch(ctx.world.deps)).id)
    expect(
      (await ctx.api.post(`/api/contests/${c!.id}/like`, undefined, me.token)).body.contest,
    ).toMatchObject({
      is_liked_by_current_user: true,
      topic: { likes_count: 1 },
    })
    expect(
      (await ctx.api.post(`/api/contests/${c!.id}/like`, undefined, me.token)).body.contest.topic.likes_count,
    ).toBe(1)
    expect(
      (await ctx.api.post(`/api/contests/${c!.id}/unlike`, undefined, me.token)).body.contest.topic
        .likes_count,
    ).toBe(0)
    expect((await ctx.api.post(`/api/contests/${c!.id}/like`)).status).toBe(401)
  })
})

describe('joining', () => {
  it('answers each pre-flight popup: create_team, add_funds, join_league, already_joined, event_locked', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const h2h = (await contestsOf(match.id)).find((c) => c.kind === 'head_to_head' && c.entry_fee === 100)!
    const poor = await ctx.api.player()
    const pre = (p: { token: string }) =>
      ctx.api.post(`/api/contests/${h2h.id}/joining_confirmation`, undefined, p.token).then((r) => r.body)
    expect((await pre(poor)).popup).toBe('create_team')
    const team = await teamFor(poor, match.id)
    expect(await pre(poor)).toMatchObject({
      popup: 'add_funds',
      entry_fee: 100,
      current_balance: 0,
      shortfall: 100,
    })
    await ctx.api.post('/api/admin/wallet/credits', { user_id: poor.id, amount: 60 }, ctx.admin.token)
    await ctx.api.post(
      '/api/admin/wallet/credits',
      { user_id: poor.id, amount: 40, compartment: 'winnings' },
      ctx.admin.token,
    )
    expect(await pre(poor)).toMatchObject({
      popup: 'join_league',
      current_balance: 100,
      user_teams: [{ id: team, team_no: 1, joined: false }],
    })
    expect((await ctx.api.post(`/api/contests/${h2h.id}/join`, { team_id: team }, poor.token)).status).toBe(
      200,
    )
    // Unused first (₹60), then winnings (₹40).
    expect((await ctx.api.get('/api/me', poor.token)).body.user).toMatchObject({
      unused_balance: 0,
      winning_balance: 0,
    })
    expect(await pre(poor)).toMatchObject({
      popup: 'already_joined',
      user_teams: [{ id: team, joined: true }],
    })
    await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, ctx.admin.token)
    expect(await pre(poor)).toMatchObject({ popup: 'event_locked' })
  })

  it('refuses with 409 and changes nothing: too little balance, the same team twice, past the entry limit, after the start', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const contests = await contestsOf(match.id)
    const small = contests.find((c) => c.kind === 'small' && c.entry_fee === 10)!
    const me = await playerWith(5)
    const team = await teamFor(me, match.id, 'a')
    const short = await ctx.api.post(`/api/contests/${small.id}/join`, { team_id: team }, me.token)
    expect(short.status).toBe(409)
    expect(short.body.code).toBe('INSUFFICIENT_BALANCE')
    expect((await ctx.api.get(`/api/contests/${small.id}`)).body.contest.members_count).toBe(0)
    expect((await ctx.api.get('/api/me', me.token)).body.user.unused_balance).toBe(5)
    await ctx.api.post('/api/admin/wallet/credits', { user_id: me.id, amount: 100 }, ctx.admin.token)
    expect((await ctx.api.post(`/api/contests/${small.id}/join`, { team_id: team }, me.token)).status).toBe(
      200,
    )
    const twice = await ctx.api.post(`/api/contests/${small.id}/join`, { team_id: team }, me.token)
    expect(twice.body.code).toBe('ALREADY_JOINED')
    const second = await teamFor(me, match.id, 'b')
    const limit = await ctx.api.post(`/api/contests/${small.id}/join`, { team_id: second }, me.token)
    expect(limit.status).toBe(409)
    expect(limit.body.code).toBe('ENTRY_LIMIT')
    await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, ctx.admin.token)
    const mega = contests.find((c) => c.kind === 'mega')!
    const late = await ctx.api.post(`/api/contests/${mega.id}/join`, { team_id: second }, me.token)
    expect(late.body.code).toBe('EVENT_LOCKED')
    // The small league did not fill, so the start cancelled it and refunded the ₹10: 5 + 100 − 10 + 10.
    expect((await ctx.api.get('/api/me', me.token)).body.user.unused_balance).toBe(105)
    expect((await ctx.api.get(`/api/contests/${small.id}`)).body.contest).toMatchObject({
      contest_status: 'cancelled',
    })
  })

  it('refuses another user’s team (404) and a team of another match (422)', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const mega = (await contestsOf(match.id)).find((c) => c.kind === 'mega')!
    const owner = await playerWith(100)
    const thief = await playerWith(100)
    const team = await teamFor(owner, match.id)
    const stolen = await ctx.api.post(`/api/contests/${mega.id}/join`, { team_id: team }, thief.token)
    expect(stolen.status).toBe(404)
    const other = await upcomingMatch(ctx.world.deps, 'football')
    const fTeam = await ctx.api.post(
      `/api/matches/${other.id}/user_teams`,
      await validTeamBody(ctx.world.deps, other.id, 'football'),
      owner.token,
    )
    const wrong = await ctx.api.post(
      `/api/contests/${mega.id}/join`,
      { team_id: fTeam.body.user_team.id },
      owner.token,
    )
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors.team_id).toEqual(['is for another match'])
    expect(
      (await ctx.api.post(`/api/contests/${mega.id}/join`, {}, owner.token)).body.errors.team_id,
    ).toEqual(['is required'])
  })

  it('lets exactly 10 of 50 simultaneous joins take the last 10 seats, with exactly 10 debits', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const league = (await contestsOf(match.id)).find((c) => c.kind === 'guaranteed')!
    // Fill all but 10 of the 100 seats directly, then race 50 players for the rest.
    await ctx.world.deps.db
      .updateTable('contests')
      .set({ members_count: league.members_limit - 10 })
      .where('id', '=', league.id)
      .execute()
    const racers = await Promise.all(Array.from({ length: 50 }, () => playerWith(100)))
    const teams = await Promise.all(racers.map((p, i) => teamFor(p, match.id, `r${i}`)))
    const results = await Promise.all(
      racers.map((p, i) => ctx.api.post(`/api/contests/${league.id}/join`, { team_id: teams[i] }, p.token)),
    )
    const ok = results.filter((r) => r.status === 200)
    expect(ok).toHaveLength(10)
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'CONTEST_FULL')).toBe(true)
    const members = await rowsWhere(ctx.world.deps.db, 'contest_members', { contest_id: league.id }, 'id')
    expect(members).toHaveLength(10)
    const debits = await transactionsOfKind(ctx.world.deps.db, 'contest_entry')
    expect(debits).toHaveLength(10)
    expect((await ctx.api.get(`/api/contests/${league.id}`)).body.contest).toMatchObject({
      members_count: league.members_limit,
      spots_left: 0,
    })
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })
})

describe('my contests and contest history', () => {
  it('lists joined contests per type, and keeps upcoming ones private', async () => {
    const me = await playerWith(100)
    const other = await ctx.api.player()
    const match = await upcomingMatch(ctx.world.deps)
    const mega = (await contestsOf(match.id)).find((c) => c.kind === 'mega')!
    await ctx.api.post(`/api/contests/${mega.id}/join`, { team_id: await teamFor(me, match.id) }, me.token)
    const upcoming = await ctx.api.get('/api/my_contests?type=upcoming', me.token)
    expect(upcoming.body.my_contests.map((c: Contest) => c.id)).toEqual([mega.id])
    expect(upcoming.body.my_contests[0]).toMatchObject({ filter: 'upcoming', user_slug: me.slug })
    expect((await ctx.api.get('/api/my_contests?type=live', me.token)).body.my_contests).toEqual([])
    expect(
      (await ctx.api.get(`/api/users/${me.slug}/contests?type=upcoming`, me.token)).body.contests,
    ).toHaveLength(1)
    expect((await ctx.api.get(`/api/users/${me.slug}/contests?type=upcoming`, other.token)).status).toBe(403)
    await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, ctx.admin.token)
    const live = await ctx.api.get(`/api/users/${me.slug}/contests?type=live&filter=recent`, other.token)
    expect(live.body.contests.map((c: Contest & { filter: string }) => [c.id, c.filter])).toEqual([
      [mega.id, 'recent'],
    ])
    expect(live.body.meta.per_page).toBe(30)
    expect((await ctx.api.get('/api/my_contests')).status).toBe(401)
  })
})
