import { beforeAll, describe, expect, it } from 'vitest'
import { userBalances } from '../../../server/areas/ledger/service'
import { MAX_TEAMS_PER_MATCH } from '../../../server/areas/teams/service'
import { codes, expectLedgerBalanced, race, statuses } from '../../helpers/concurrency'
import { upcomingMatch, validTeamBody } from '../../helpers/league'
import { notificationsOf } from '../../helpers/notifications'
import { apiWorld, fundedPlayer } from '../../helpers/world'

// Simultaneous requests against one rule each (docs/architecture.md, "Writes that check, then
// write"). They matter on PostgreSQL, where the requests really run at once: the Postgres leg
// of `npm test` runs this file there too.

const ctx = apiWorld({ league: true, admin: true, per: 'file' })
let matchId: number
beforeAll(async () => {
  matchId = (await upcomingMatch(ctx.world.deps)).id
})

type Player = Awaited<ReturnType<typeof ctx.api.player>>

const playerWith = (rupees: number): Promise<Player> => fundedPlayer(ctx, rupees)

async function teamsOf(p: Player, n: number): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < n; i++) {
    const res = await ctx.api.post(
      `/api/matches/${matchId}/user_teams`,
      await validTeamBody(ctx.world.deps, matchId, 'cricket', `${p.id}:${i}`),
      p.token,
    )
    expect(res.status).toBe(201)
    ids.push(res.body.user_team.id)
  }
  return ids
}

const used: number[] = [0]
/** A contest of the match no test used yet, with its limits set for the test and a ₹10 fee. */
async function contestWith(limits: { members_limit: number; max_entries: number }): Promise<number> {
  const { id } = await ctx.world.deps.db
    .selectFrom('contests')
    .select('id')
    .where('match_id', '=', matchId)
    .where('status', '=', 'open')
    .where('members_count', '=', 0)
    .where('id', 'not in', used)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  used.push(id)
  await ctx.world.deps.db
    .updateTable('contests')
    .set({ ...limits, entry_fee_paise: 1000 })
    .where('id', '=', id)
    .execute()
  return id
}

const contestRow = (id: number) =>
  ctx.world.deps.db
    .selectFrom('contests')
    .select(['members_count', 'members_limit'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const memberRows = (id: number) =>
  ctx.world.deps.db.selectFrom('contest_members').select(['user_id']).where('contest_id', '=', id).execute()

describe('POST /api/contests/{id}/join at once', () => {
  it('lets a player in with at most max_entries teams, paying only for those', async () => {
    const contest = await contestWith({ members_limit: 100, max_entries: 2 })
    const me = await playerWith(100)
    const teams = await teamsOf(me, 4)
    const answers = await race(4, (i) =>
      ctx.api.post(`/api/contests/${contest}/join`, { team_id: teams[i] }, me.token),
    )
    expect(statuses(answers)).toEqual({ 200: 2, 409: 2 })
    expect(codes(answers)).toEqual(['ENTRY_LIMIT', 'ENTRY_LIMIT'])
    expect(await memberRows(contest)).toHaveLength(2)
    expect((await contestRow(contest)).members_count).toBe(2)
    expect((await userBalances(ctx.world.deps.db, me.id)).unused).toBe(100_00 - 2 * 10_00)
    await expectLedgerBalanced(ctx.world.deps)
  })

  it('never seats more players than members_limit, and charges only those seated', async () => {
    const contest = await contestWith({ members_limit: 3, max_entries: 1 })
    const players = await Promise.all(Array.from({ length: 6 }, () => playerWith(50)))
    const teams = await Promise.all(players.map(async (p) => (await teamsOf(p, 1))[0] as number))
    const answers = await race(6, (i) =>
      ctx.api.post(`/api/contests/${contest}/join`, { team_id: teams[i] }, (players[i] as Player).token),
    )
    expect(statuses(answers)).toEqual({ 200: 3, 409: 3 })
    expect(codes(answers)).toEqual(['CONTEST_FULL', 'CONTEST_FULL', 'CONTEST_FULL'])
    expect(await contestRow(contest)).toEqual({ members_count: 3, members_limit: 3 })
    const seated = new Set((await memberRows(contest)).map((m) => m.user_id))
    for (const p of players)
      expect((await userBalances(ctx.world.deps.db, p.id)).unused).toBe(seated.has(p.id) ? 40_00 : 50_00)
    await expectLedgerBalanced(ctx.world.deps)
  })

  it('takes one fee when the same team joins several times at once', async () => {
    const contest = await contestWith({ members_limit: 100, max_entries: 4 })
    const me = await playerWith(100)
    const [team] = await teamsOf(me, 1)
    const answers = await race(4, () =>
      ctx.api.post(`/api/contests/${contest}/join`, { team_id: team }, me.token),
    )
    expect(statuses(answers)).toEqual({ 200: 1, 409: 3 })
    expect(codes(answers)).toEqual(['ALREADY_JOINED', 'ALREADY_JOINED', 'ALREADY_JOINED'])
    expect((await userBalances(ctx.world.deps.db, me.id)).unused).toBe(90_00)
    await expectLedgerBalanced(ctx.world.deps)
  })

  it('spends a balance once: joins that together cost more than it holds are refused', async () => {
    const contests = [
      await contestWith({ members_limit: 100, max_entries: 1 }),
      await contestWith({ members_limit: 100, max_entries: 1 }),
      await contestWith({ members_limit: 100, max_entries: 1 }),
    ]
    const me = await playerWith(25)
    const [team] = await teamsOf(me, 1)
    const answers = await race(3, (i) =>
      ctx.api.post(`/api/contests/${contests[i]}/join`, { team_id: team }, me.token),
    )
    expect(statuses(answers)).toEqual({ 200: 2, 409: 1 })
    expect(codes(answers)).toEqual(['INSUFFICIENT_BALANCE'])
    expect((await userBalances(ctx.world.deps.db, me.id)).unused).toBe(5_00)
    await expectLedgerBalanced(ctx.world.deps)
  })
})

describe('POST /api/matches/{id}/user_teams at once', () => {
  it(`keeps a player to ${MAX_TEAMS_PER_MATCH} teams per match, numbered 1 to ${MAX_TEAMS_PER_MATCH}`, async () => {
    const me = await ctx.api.player()
    const bodies = await Promise.all(
      Array.from({ length: 7 }, (_, i) => validTeamBody(ctx.world.deps, matchId, 'cricket', `race:${i}`)),
    )
    const answers = await race(7, (i) =>
      ctx.api.post(`/api/matches/${matchId}/user_teams`, bodies[i], me.token),
    )
    expect(statuses(answers)).toEqual({ 201: MAX_TEAMS_PER_MATCH, 409: 7 - MAX_TEAMS_PER_MATCH })
    expect(new Set(codes(answers))).toEqual(new Set(['TEAM_LIMIT']))
    const rows = await ctx.world.deps.db
      .selectFrom('user_teams')
      .select('team_no')
      .where('user_id', '=', me.id)
      .where('match_id', '=', matchId)
      .orderBy('team_no')
      .execute()
    expect(rows.map((r) => r.team_no)).toEqual([1, 2, 3, 4])
  })
})

describe('likes and follows at once', () => {
  it('counts a like once however many arrive together', async () => {
    const contest = await contestWith({ members_limit: 100, max_entries: 1 })
    const me = await ctx.api.player()
    const answers = await race(5, () => ctx.api.post(`/api/contests/${contest}/like`, undefined, me.token))
    expect(statuses(answers)).toEqual({ 200: 5 })
    expect((await ctx.api.get(`/api/contests/${contest}`, me.token)).body.contest.topic.likes_count).toBe(1)
  })

  it('follows once and tells the followed person once', async () => {
    const [a, b] = await Promise.all([ctx.api.player(), ctx.api.player()])
    const answers = await race(5, () => ctx.api.post(`/api/users/${b.slug}/follow`, undefined, a.token))
    expect(statuses(answers)).toEqual({ 200: 5 })
    expect((await ctx.api.get(`/api/users/${b.slug}`, a.token)).body.user.follower_count).toBe(1)
    const notes = await notificationsOf(ctx.world.deps.db, b.id, 'follow')
    expect(notes).toHaveLength(1)
  })
})
