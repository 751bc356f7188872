import { describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { resumeMatches } from '../../../server/areas/match-day/jobs'
import { ball, lineups } from '../../helpers/cricket-events'
import { rowsWhere } from '../../helpers/db'
import { squadOf, upcomingMatch, validTeamBody } from '../../helpers/league'
import { transactionsOfKind } from '../../helpers/ledger'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })

async function joined(matchId: number, kind: string, fee: number, salt: string) {
  const p = await ctx.api.player()
  await ctx.api.post('/api/admin/wallet/credits', { user_id: p.id, amount: 200 }, ctx.admin.token)
  const body = await validTeamBody(ctx.world.deps, matchId, 'cricket', salt)
  const team = (await ctx.api.post(`/api/matches/${matchId}/user_teams`, body, p.token)).body.user_team
  const contest = (await ctx.api.get(`/api/matches/${matchId}/contests?per_page=50`)).body.contests.find(
    (c: { kind: string; entry_fee: number }) => c.kind === kind && c.entry_fee === fee,
  )
  const res = await ctx.api.post(`/api/contests/${contest.id}/join`, { team_id: team.id }, p.token)
  expect(res.status).toBe(200)
  return { ...p, team, body, contestId: contest.id as number, memberId: res.body.member_id as number }
}

describe('POST /api/admin/matches/{id}/events', () => {
  it('refuses events before the start (409) and malformed events with the index of the bad one (422), storing nothing', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const squad = await squadOf(ctx.world.deps, match.id)
    const early = await ctx.api.post(
      `/api/admin/matches/${match.id}/events`,
      { events: lineups(squad) },
      ctx.admin.token,
    )
    expect(early.status).toBe(409)
    expect(early.body.code).toBe('MATCH_STATE')
    await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, ctx.admin.token)
    const [l1, l2] = lineups(squad)
    const bad = await ctx.api.post(
      `/api/admin/matches/${match.id}/events`,
      { events: [l1, l2, { ...ball(l1!.player_ids[0]!, l1!.player_ids[1]!, l2!.player_ids[0]!, 9) }] },
      ctx.admin.token,
    )
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['events.2.runs'])
    const stranger = await ctx.api.post(
      `/api/admin/matches/${match.id}/events`,
      { events: [l1, l2, ball(999_999, l1!.player_ids[1]!, l2!.player_ids[0]!, 1)] },
      ctx.admin.token,
    )
    expect(stranger.status).toBe(422)
    expect(stranger.body.errors['events.2.batter_id']).toBeDefined()
    const unknownType = await ctx.api.post(
      `/api/admin/matches/${match.id}/events`,
      { events: [{ type: 'goal' }] },
      ctx.admin.token,
    )
    expect(Object.keys(unknownType.body.errors)[0]).toMatch(/^events\.0/)
    const stored = await rowsWhere(ctx.world.deps.db, 'match_events', { match_id: match.id }, 'id')
    expect(stored).toEqual([])
    const player = await ctx.api.player()
    expect(
      (await ctx.api.post(`/api/admin/matches/${match.id}/events`, { events: [l1] }, player.token)).status,
    ).toBe(403)
  })

  it('re-scores the match when an event is replaced by its seq, flipping the ranks', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const a = await joined(match.id, 'mega', 49, 'a')
    let b = await joined(match.id, 'mega', 49, 'b')
    for (let i = 0; b.body.player_ids === a.body.player_ids; i++)
      b = await joined(match.id, 'mega', 49, `b${i}`)
    const squad = await squadOf(ctx.world.deps, match.id)
    const aIds = new Set(a.body.player_ids.split(',').map(Number))
    const bIds = new Set(b.body.player_ids.split(',').map(Number))
    const onlyA = squad.find((p) => aIds.has(p.id) && !bIds.has(p.id))!
    const onlyB = squad.find(
      (p) => bIds.has(p.id) && !aIds.has(p.id) && p.real_team_id === onlyA.real_team_id,
    )!
    const bowler = squad.find(
      (p) => p.real_team_id !== onlyA.real_team_id && !aIds.has(p.id) && !bIds.has(p.id),
    )!
    await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, ctx.admin.token)
    const events = [
      ...lineups(squad, [onlyA.id, onlyB.id, bowler.id]),
      ball(onlyA.id, onlyB.id, bowler.id, 6),
    ]
    const first = await ctx.api.post(`/api/admin/matches/${match.id}/events`, { events }, ctx.admin.token)
    expect(first.body).toMatchObject({ ingested: 3, last_seq: 3 })
    const ranks = async () =>
      Object.fromEntries(
        (await ctx.api.get(`/api/contests/${a.contestId}/members`)).body.members.map(
          (m: { id: number; rank: number }) => [m.id, m.rank],
        ),
      )
    expect(await ranks()).toMatchObject({ [a.memberId]: 1, [b.memberId]: 2 })
    // The six was actually hit by the other batter: replace seq 3.
    const fix = await ctx.api.post(
      `/api/admin/matches/${match.id}/events`,
      { events: [{ ...ball(onlyB.id, onlyA.id, bowler.id, 6), seq: 3 }] },
      ctx.admin.token,
    )
    expect(fix.body).toMatchObject({ ingested: 1, replaced: 1, last_seq: 3 })
    expect(await ranks()).toMatchObject({ [a.memberId]: 2, [b.memberId]: 1 })
    const scores = (await ctx.api.get(`/api/matches/${match.id}/player_scores`)).body.player_scores
    expect(scores.find((s: { player_id: number }) => s.player_id === onlyA.id)?.total_score ?? 0).toBe(0)
    expect(scores.find((s: { player_id: number }) => s.player_id === onlyB.id).total_score).toBe(14)
    const gap = await ctx.api.post(
      `/api/admin/matches/${match.id}/events`,
      { events: [{ ...ball(onlyA.id, onlyB.id, bowler.id, 1, 2), seq: 9 }] },
      ctx.admin.token,
    )
    expect(gap.status).toBe(422)
  })
})

describe('match lifecycle and settlement', () => {
  it('abandons a match: every contest cancelled and refunded to unused, even fees paid from winnings', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const p = await ctx.api.player()
    await ctx.api.post(
      '/api/admin/wallet/credits',
      { user_id: p.id, amount: 49, compartment: 'winnings' },
      ctx.admin.token,
    )
    const team = (
      await ctx.api.post(
        `/api/matches/${match.id}/user_teams`,
        await validTeamBody(ctx.world.deps, match.id),
        p.token,
      )
    ).body.user_team
    const mega = (await ctx.api.get(`/api/matches/${match.id}/contests`)).body.contests.find(
      (c: { kind: string }) => c.kind === 'mega',
    )
    await ctx.api.post(`/api/contests/${mega.id}/join`, { team_id: team.id }, p.token)
    expect((await ctx.api.get('/api/me', p.token)).body.user.winning_balance).toBe(0)
    await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, ctx.admin.token)
    const res = await ctx.api.post(
      `/api/admin/matches/${match.id}/abandon`,
      { reason: 'Rain' },
      ctx.admin.token,
    )
    expect(res.body.match).toMatchObject({ match_status: 'abandoned', result_text: 'Rain' })
    expect((await ctx.api.get(`/api/contests/${mega.id}`)).body.contest).toMatchObject({
      contest_status: 'cancelled',
      status_reason: 'Rain',
    })
    expect((await ctx.api.get('/api/me', p.token)).body.user).toMatchObject({
      unused_balance: 49,
      winning_balance: 0,
    })
    expect((await ctx.api.get('/api/notifications', p.token)).body.notifications[0].kind).toBe(
      'contest_cancelled',
    )
    expect((await ctx.api.post(`/api/admin/matches/${match.id}/abandon`, {}, ctx.admin.token)).status).toBe(
      409,
    )
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })

  it('pays a guaranteed contest with a single member, the house covering the prize', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const solo = await joined(match.id, 'guaranteed', 19, 'solo')
    const sim = await ctx.api.post(
      `/api/admin/matches/${match.id}/simulate`,
      { mode: 'instant' },
      ctx.admin.token,
    )
    expect(sim.status).toBe(200)
    expect(sim.body.match.match_status).toBe('completed')
    const first = (await ctx.api.get(`/api/contests/${solo.contestId}/prizes`)).body.prizes[0].amount
    const me = (await ctx.api.get('/api/me', solo.token)).body.user
    expect(me.winning_balance).toBe(first)
    expect(me.unused_balance).toBe(200 - 19)
    const report = await verifyLedger(ctx.world.deps.db)
    expect(report.problems).toEqual([])
    const pool = await ctx.world.deps.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('code', '=', `contest:${solo.contestId}:pool`)
      .executeTakeFirstOrThrow()
    expect(Number(pool.balance)).toBe(0)
  })

  it('simulates a whole match instantly: lineups, every player scored, ranks, the match completed', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const a = await joined(match.id, 'mega', 49, 'a')
    const b = await joined(match.id, 'mega', 49, 'b')
    await ctx.api.post(`/api/admin/matches/${match.id}/simulate`, { mode: 'instant' }, ctx.admin.token)
    const stats = (await ctx.api.get(`/api/matches/${match.id}/statistics`)).body.statistics
    expect(stats.match_status).toBe('completed')
    expect((await ctx.api.get(`/api/matches/${match.id}`)).body.match.result_text).toMatch(
      / won by \d+ (runs?|wickets?)$|^Match tied$/,
    )
    expect(stats.events_count).toBeGreaterThan(200)
    expect(stats.summary.innings.length).toBeGreaterThanOrEqual(2)
    const members = (await ctx.api.get(`/api/contests/${a.contestId}/members`)).body.members
    expect(members.map((m: { id: number }) => m.id).sort()).toEqual([a.memberId, b.memberId].sort())
    expect(
      members.every((m: { rank: number; points: number }) => m.rank >= 1 && Number.isFinite(m.points)),
    ).toBe(true)
    expect(members[0].points).toBeGreaterThanOrEqual(members[1].points)
    const lineup = await rowsWhere(
      ctx.world.deps.db,
      'match_players',
      { match_id: match.id, in_lineup: 1 },
      'player_id',
    )
    expect(lineup).toHaveLength(22)
  })

  it('locks a match when the clock passes its start: unfilled contests cancelled, full or guaranteed ones locked', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const p = await joined(match.id, 'small', 10, 'p')
    // As at boot: every upcoming match gets its lock job, then the scheduler runs.
    await resumeMatches(ctx.world.deps)
    ctx.world.deps.scheduler.start()
    await ctx.api.post('/api/admin/clock', { now_in_millis: match.event_time_ms + 1000 }, ctx.admin.token)
    expect((await ctx.api.get(`/api/matches/${match.id}`)).body.match).toMatchObject({
      match_status: 'live',
      locked_at_in_millis: match.event_time_ms,
    })
    expect((await ctx.api.get(`/api/contests/${p.contestId}`)).body.contest.contest_status).toBe('cancelled')
    const mega = (await ctx.api.get(`/api/matches/${match.id}/contests`)).body.contests.find(
      (c: { kind: string }) => c.kind === 'mega',
    )
    expect(mega.contest_status).toBe('locked')
    expect((await ctx.api.get('/api/me', p.token)).body.user.unused_balance).toBe(200)
  })

  it('finishes an interrupted settlement at the next start, and pays once', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const a = await joined(match.id, 'head_to_head', 25, 'a')
    await joined(match.id, 'head_to_head', 25, 'b')
    await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, ctx.admin.token)
    const squad = await squadOf(ctx.world.deps, match.id)
    const [l1, l2] = lineups(squad)
    await ctx.api.post(
      `/api/admin/matches/${match.id}/events`,
      { events: [l1, l2, ball(l1!.player_ids[0]!, l1!.player_ids[1]!, l2!.player_ids[0]!, 4)] },
      ctx.admin.token,
    )
    // A crash between "completed" and the payouts: the status is written, the contests still locked.
    await ctx.world.deps.db
      .updateTable('matches')
      .set({ status: 'completed' })
      .where('id', '=', match.id)
      .execute()
    expect((await ctx.api.get(`/api/contests/${a.contestId}`)).body.contest.contest_status).toBe('locked')
    // At a start the settlement is a job: it runs once the scheduler does (after the server listens).
    await resumeMatches(ctx.world.deps)
    expect((await ctx.api.get(`/api/contests/${a.contestId}`)).body.contest.contest_status).toBe('locked')
    await ctx.world.deps.scheduler.runDue()
    expect((await ctx.api.get(`/api/contests/${a.contestId}`)).body.contest.contest_status).toBe('completed')
    const paid = await transactionsOfKind(ctx.world.deps.db, 'contest_prizes')
    await resumeMatches(ctx.world.deps)
    await ctx.world.deps.scheduler.runDue()
    expect(await transactionsOfKind(ctx.world.deps.db, 'contest_prizes')).toEqual(paid)
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })
})

describe('GET /api/contests/{id}/compare', () => {
  it('compares two teams after the start, common and different players with multipliers; hidden before (403)', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const a = await joined(match.id, 'mega', 49, 'a')
    const b = await joined(match.id, 'mega', 49, 'b')
    const before = await ctx.api.get(`/api/contests/${a.contestId}/compare?member_id=${b.memberId}`, a.token)
    expect(before.status).toBe(403)
    await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, ctx.admin.token)
    const res = await ctx.api.get(`/api/contests/${a.contestId}/compare?member_id=${b.memberId}`, a.token)
    expect(res.status).toBe(200)
    const aIds = new Set(a.body.player_ids.split(',').map(Number))
    const bIds = new Set(b.body.player_ids.split(',').map(Number))
    const common = [...aIds].filter((id) => bIds.has(id))
    expect(res.body.common_players.map((c: { player: { id: number } }) => c.player.id).sort()).toEqual(
      common.sort(),
    )
    expect(res.body.diff_players.current_user).toHaveLength(11 - common.length)
    expect(res.body.diff_players.compare).toHaveLength(11 - common.length)
    expect(res.body.compare_members).toEqual([
      { member_id: b.memberId, member_name: expect.stringContaining('(T1)') },
    ])
    const stranger = await ctx.api.player()
    expect(
      (await ctx.api.get(`/api/contests/${a.contestId}/compare?member_id=${b.memberId}`, stranger.token))
        .status,
    ).toBe(403)
    expect((await ctx.api.get(`/api/contests/${a.contestId}/compare?member_id=999999`, a.token)).status).toBe(
      404,
    )
  })
})
