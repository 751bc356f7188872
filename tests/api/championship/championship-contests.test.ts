import { describe, expect, it } from 'vitest'
import { resumeChampionshipContests } from '../../../server/areas/championship-contests/jobs'
import { settlePhaseContests } from '../../../server/areas/championship-contests/service'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { classicBody, threeMatchPhase } from '../../helpers/championship'
import { codes, race, statuses } from '../../helpers/concurrency'
import { creationKit } from '../../helpers/contest-creation'
import { rowsWhere } from '../../helpers/db'
import { notificationsOf } from '../../helpers/notifications'
import { apiWorld, fundedPlayer } from '../../helpers/world'

/** Championship contests (docs/championship.md "Championship contests"): join, lock, settle, money. */
const ctx = apiWorld({ league: true, admin: true })

type Player = Awaited<ReturnType<typeof ctx.api.player>>

/** A cricket phase none of whose matches has started, its matches in start order. */
async function upcomingPhase() {
  const phases = await ctx.world.deps.db
    .selectFrom('series_phases as p')
    .innerJoin('series as se', 'se.id', 'p.series_id')
    .innerJoin('sports as s', 's.id', 'se.sport_id')
    .select(['p.id', 'p.series_id'])
    .where('s.slug', '=', 'cricket')
    .orderBy('p.id')
    .execute()
  for (const phase of phases) {
    const matches = await ctx.world.deps.db
      .selectFrom('matches')
      .select(['id', 'status', 'event_time_ms'])
      .where('phase_id', '=', phase.id)
      .orderBy('event_time_ms')
      .orderBy('id')
      .execute()
    if (
      matches.length >= 2 &&
      matches.every(
        (m) => m.status === 'upcoming' && Number(m.event_time_ms) > ctx.world.deps.clock.now() + 60_000,
      )
    )
      return { ...phase, matches: matches.map((m) => m.id) }
  }
  throw new Error('no upcoming cricket phase in the seeded league')
}

const playerWith = (rupees: number, compartment?: 'unused' | 'winnings') =>
  fundedPlayer(ctx, rupees, compartment)

/** A classic team row for the player in the phase (its players do not matter to contests). */
const classicTeam = (p: { id: number }, phaseId: number) =>
  creationKit(ctx.deps, ctx.api, ctx.admin).classicTeam(p, phaseId)

/** The phase's first match started, then every match of the phase abandoned (rain). */
async function startThenAbandon(phase: { id: number; matches: number[] }) {
  await ctx.api.post(`/api/admin/matches/${phase.matches[0]}/start`, undefined, ctx.admin.token)
  await ctx.world.deps.db
    .updateTable('matches')
    .set({ status: 'abandoned' })
    .where('phase_id', '=', phase.id)
    .execute()
}

async function createContest(phaseId: number, body: Record<string, unknown>) {
  return ctx.api.post(`/api/admin/series_phases/${phaseId}/contests`, body, ctx.admin.token)
}

const balances = async (p: Player) => {
  const u = (await ctx.api.get('/api/me', p.token)).body.user
  return { unused: u.unused_balance as number, winnings: u.winning_balance as number }
}

/** Ends the phase as its last match would: every match completed, the given phase totals. */
async function endPhase(
  phase: { id: number; matches: number[] },
  totals: Array<[teamId: number, score: number]>,
) {
  for (const [teamId, score] of totals)
    await ctx.world.deps.db
      .updateTable('classic_teams')
      .set({ score_x2: score * 2 })
      .where('id', '=', teamId)
      .execute()
  await ctx.world.deps.db
    .updateTable('matches')
    .set({ status: 'completed' })
    .where('phase_id', '=', phase.id)
    .execute()
}

describe('championship contests', () => {
  it('are created on a phase, listed with the series’ contests and joined with a classic team', async () => {
    const phase = await upcomingPhase()
    const made = await createContest(phase.id, { name: 'Phase League', entry_fee: 50, members_limit: 4 })
    expect(made.status).toBe(201)
    // 4 × ₹50 less 15% = ₹170, 30% of 4 spots → 1 winner.
    expect(made.body.contest).toMatchObject({
      type: 'championship',
      phase_id: phase.id,
      series_id: phase.series_id,
      contest_status: 'open',
      joinable: true,
      entry_fee: 50,
      prize_amount: 170,
      winner_count: 1,
      members_count: 0,
      my_entry: null,
    })
    const id = made.body.contest.id as number
    const me = await playerWith(100)
    const team = await classicTeam(me, phase.id)
    const joined = await ctx.api.post(`/api/championship/contests/${id}/join`, undefined, me.token)
    expect(joined.status).toBe(200)
    expect(joined.body.contest).toMatchObject({
      members_count: 1,
      spots_left: 3,
      my_entry: { classic_team_id: team, rank: null, score: 0, refunded: false },
    })
    expect(await balances(me)).toEqual({ unused: 50, winnings: 0 })

    const list = await ctx.api.get(`/api/series/${phase.series_id}/contests?type=championship`, me.token)
    expect(list.status).toBe(200)
    expect(list.body.meta).toMatchObject({ total: 1 })
    expect(list.body.contests[0]).toMatchObject({ id, members_count: 1, my_entry: { classic_team_id: team } })
    const anonymous = await ctx.api.get(
      `/api/series/${phase.series_id}/contests?type=championship&phase_id=${phase.id}`,
    )
    expect(anonymous.body.contests[0]).toMatchObject({ id, my_entry: null })
    // Daily lists do not show them, and phase_id belongs to the championship type only.
    const daily = await ctx.api.get(`/api/series/${phase.series_id}/contests?per_page=100`)
    expect(daily.body.contests.some((c: { name: string }) => c.name === 'Phase League')).toBe(false)
    expect((await ctx.api.get(`/api/series/${phase.series_id}/contests?phase_id=${phase.id}`)).status).toBe(
      422,
    )
    expect(
      (await ctx.api.get(`/api/series/${phase.series_id}/contests?type=championship&filter_ids=1`)).status,
    ).toBe(422)
    expect(
      (await ctx.api.get(`/api/series/${phase.series_id}/contests?type=championship&phase_id=x`)).status,
    ).toBe(422)
    expect((await ctx.api.get('/api/series/999999/contests?type=championship')).body).toMatchObject({
      contests: [],
    })

    const view = await ctx.api.get(`/api/championship/contests/${id}`, me.token)
    expect(view.body.members).toHaveLength(1)
    expect(view.body.current_user_member).toMatchObject({ classic_team: { id: team }, is_current_user: true })
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })

  it('refuse bad joins with the error shape and change nothing', async () => {
    const phase = await upcomingPhase()
    const id = (await createContest(phase.id, { name: 'Two', entry_fee: 30, members_limit: 2 })).body.contest
      .id
    const other = await upcomingPhase().then(async () => {
      // Another phase of any series: a team there is "for another phase".
      const row = await ctx.world.deps.db
        .selectFrom('series_phases')
        .select('id')
        .where('id', '!=', phase.id)
        .executeTakeFirstOrThrow()
      return row.id
    })
    const poor = await playerWith(10)
    await classicTeam(poor, phase.id)
    const noTeam = await playerWith(100)
    const elsewhere = await playerWith(100)
    const elsewhereTeam = await classicTeam(elsewhere, other)
    const rich = await playerWith(100)
    const richTeam = await classicTeam(rich, phase.id)

    const join = (p: Player, body?: unknown, contest = id) =>
      ctx.api.post(`/api/championship/contests/${contest}/join`, body, p.token)
    const short = await join(poor)
    expect([short.status, short.body.code]).toEqual([409, 'INSUFFICIENT_BALANCE'])
    expect(await balances(poor)).toEqual({ unused: 10, winnings: 0 })
    const none = await join(noTeam)
    expect([none.status, none.body.errors?.classic_team_id]).toEqual([
      422,
      ['create your championship team for this phase first'],
    ])
    expect((await join(elsewhere, { classic_team_id: elsewhereTeam })).body.errors?.classic_team_id).toEqual([
      'is for another phase',
    ])
    expect((await join(noTeam, { classic_team_id: richTeam })).status).toBe(404)
    expect((await join(rich, { classic_team_id: 'x' })).status).toBe(422)
    expect((await join(rich, { team: 1 })).status).toBe(422)
    expect((await join(rich, undefined, 999_999)).status).toBe(404)
    expect((await ctx.api.post(`/api/championship/contests/${id}/join`)).status).toBe(401)
    expect((await ctx.api.get(`/api/championship/contests/${id}`)).body.contest.members_count).toBe(0)

    expect((await join(rich, { classic_team_id: richTeam })).status).toBe(200)
    const twice = await join(rich)
    expect([twice.status, twice.body.code]).toEqual([409, 'ALREADY_JOINED'])
    const second = await playerWith(100)
    await classicTeam(second, phase.id)
    expect((await join(second)).status).toBe(200)
    const third = await playerWith(100)
    await classicTeam(third, phase.id)
    const full = await join(third)
    expect([full.status, full.body.code]).toEqual([409, 'CONTEST_FULL'])
    expect(await balances(third)).toEqual({ unused: 100, winnings: 0 })

    // Admin input: amounts, limits, phases.
    expect((await createContest(phase.id, { name: 'x', entry_fee: 1.234, members_limit: 2 })).status).toBe(
      422,
    )
    expect((await createContest(phase.id, { name: 'x', entry_fee: 10, members_limit: 1 })).status).toBe(422)
    expect(
      (await createContest(phase.id, { name: 'x', entry_fee: 10, members_limit: 3, winner_count: 4 })).body
        .errors,
    ).toEqual({ winner_count: ['must be at most members_limit (3)'] })
    expect((await createContest(999_999, { name: 'x', entry_fee: 10, members_limit: 2 })).status).toBe(404)
    const player = await ctx.api.post(
      `/api/admin/series_phases/${phase.id}/contests`,
      { name: 'x', entry_fee: 10, members_limit: 2 },
      rich.token,
    )
    expect(player.status).toBe(403)
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })

  it('lock at the phase’s first match: unfilled ones cancelled and refunded, joins closed', async () => {
    const phase = await upcomingPhase()
    const small = (await createContest(phase.id, { name: 'Small', entry_fee: 20, members_limit: 3 })).body
      .contest
    const sure = (
      await createContest(phase.id, { name: 'Sure', entry_fee: 20, members_limit: 10, guaranteed: true })
    ).body.contest
    const a = await playerWith(100)
    await classicTeam(a, phase.id)
    const late = await playerWith(100)
    await classicTeam(late, phase.id)
    for (const c of [small, sure])
      expect((await ctx.api.post(`/api/championship/contests/${c.id}/join`, undefined, a.token)).status).toBe(
        200,
      )
    expect(await balances(a)).toEqual({ unused: 60, winnings: 0 })

    const start = await ctx.api.post(
      `/api/admin/matches/${phase.matches[0]}/start`,
      undefined,
      ctx.admin.token,
    )
    expect(start.status).toBe(200)
    const smallNow = (await ctx.api.get(`/api/championship/contests/${small.id}`)).body
    expect(smallNow.contest).toMatchObject({
      contest_status: 'cancelled',
      status_reason: 'The contest did not fill before the phase started',
      joinable: false,
    })
    expect(smallNow.members[0]).toMatchObject({ refunded: true, rank: null })
    expect((await ctx.api.get(`/api/championship/contests/${sure.id}`)).body.contest).toMatchObject({
      contest_status: 'locked',
      joinable: false,
    })
    expect(await balances(a)).toEqual({ unused: 80, winnings: 0 })
    const closed = await ctx.api.post(`/api/championship/contests/${sure.id}/join`, undefined, late.token)
    expect([closed.status, closed.body.code]).toEqual([409, 'EVENT_LOCKED'])
    expect((await createContest(phase.id, { name: 'Late', entry_fee: 10, members_limit: 2 })).status).toBe(
      409,
    )
    // A second phase match locking finds nothing left to do.
    await ctx.api.post(`/api/admin/matches/${phase.matches[1]}/start`, undefined, ctx.admin.token)
    expect(await balances(a)).toEqual({ unused: 80, winnings: 0 })
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })

  it('settle at the phase’s end on the phase total, ties sharing, once', async () => {
    const phase = await upcomingPhase()
    // 4 × ₹100 less 15% = ₹340 over 2 winners.
    const made = await createContest(phase.id, {
      name: 'Final',
      entry_fee: 100,
      members_limit: 4,
      winner_count: 2,
    })
    const contest = made.body.contest
    const prizes = contest.prizes.map((p: { amount: number }) => p.amount) as number[]
    expect(prizes.reduce((s, p) => s + p, 0)).toBe(340)
    const players: Player[] = []
    const teams: number[] = []
    for (let i = 0; i < 4; i++) {
      // Two pay partly from winnings: prizes still land in winnings.
      const p = await playerWith(100, i < 2 ? 'unused' : 'winnings')
      players.push(p)
      teams.push(await classicTeam(p, phase.id))
      expect(
        (await ctx.api.post(`/api/championship/contests/${contest.id}/join`, undefined, p.token)).status,
      ).toBe(200)
    }
    await ctx.api.post(`/api/admin/matches/${phase.matches[0]}/start`, undefined, ctx.admin.token)
    // Not over yet: nothing settles while a phase match is still to play.
    expect((await settlePhaseContests(ctx.world.deps, phase.id)).contests).toBe(0)

    // Team 1 leads; teams 2 and 3 tie for second and share the 2nd prize (and the 3rd, none).
    await endPhase(phase, [
      [teams[0]!, 300.5],
      [teams[1]!, 120],
      [teams[2]!, 120],
      [teams[3]!, 80],
    ])
    const live = (await ctx.api.get(`/api/championship/contests/${contest.id}`)).body.members
    expect(live.map((m: { rank: number }) => m.rank)).toEqual([1, 2, 2, 4])
    const report = await settlePhaseContests(ctx.world.deps, phase.id)
    expect(report).toMatchObject({ contests: 1, winners: 3, paid_paise: 34_000 })
    const [first, second] = prizes as [number, number]
    const view = (await ctx.api.get(`/api/championship/contests/${contest.id}`, players[1]!.token)).body
    expect(view.contest).toMatchObject({ contest_status: 'completed', my_entry: { rank: 2, score: 120 } })
    expect(
      view.members.map((m: { rank: number; score: number; prize: number }) => [m.rank, m.score, m.prize]),
    ).toEqual([
      [1, 300.5, first],
      [2, 120, second / 2],
      [2, 120, second / 2],
      [4, 80, 0],
    ])
    expect(await balances(players[0]!)).toEqual({ unused: 0, winnings: first })
    expect(await balances(players[2]!)).toEqual({ unused: 0, winnings: second / 2 })
    expect(await balances(players[3]!)).toEqual({ unused: 0, winnings: 0 })
    // Again (a retry, a second process): pays nothing more.
    expect(await settlePhaseContests(ctx.world.deps, phase.id)).toMatchObject({ contests: 0, paid_paise: 0 })
    expect(await balances(players[0]!)).toEqual({ unused: 0, winnings: first })
    const won = await notificationsOf(ctx.world.deps.db, players[0]!.id, 'contest_won')
    expect(won.map((n) => n.body)).toEqual([`You won ₹${first} in Final! It is in your winnings.`])
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })

  it('a phase whose every match was abandoned refunds its contests', async () => {
    const phase = await upcomingPhase()
    const contest = (
      await createContest(phase.id, { name: 'Rained', entry_fee: 25, members_limit: 2, guaranteed: true })
    ).body.contest
    const p = await playerWith(25)
    await classicTeam(p, phase.id)
    await ctx.api.post(`/api/championship/contests/${contest.id}/join`, undefined, p.token)
    await startThenAbandon(phase)
    expect(await settlePhaseContests(ctx.world.deps, phase.id)).toMatchObject({ contests: 0, cancelled: 1 })
    expect(await balances(p)).toEqual({ unused: 25, winnings: 0 })
    expect((await ctx.api.get(`/api/championship/contests/${contest.id}`)).body.contest.contest_status).toBe(
      'cancelled',
    )
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })

  it('end to end: the phase’s matches played, the last one’s end settles the contest on the phase totals', async () => {
    const phase = await threeMatchPhase(ctx.world.deps)
    const contest = (
      await createContest(phase.id, { name: 'Season', entry_fee: 40, members_limit: 3, winner_count: 2 })
    ).body.contest
    const players: Player[] = []
    for (const salt of ['a', 'b', 'c']) {
      const p = await playerWith(40)
      const made = await ctx.api.post(
        '/api/championship/classic_teams',
        { phase_id: phase.id, ...(await classicBody(ctx.world.deps, phase.id, salt)) },
        p.token,
      )
      expect(made.status).toBe(201)
      expect((await ctx.api.post(`/api/championship/contests/${contest.id}/join`, {}, p.token)).status).toBe(
        200,
      )
      players.push(p)
    }
    for (const [i, matchId] of phase.matchIds.entries()) {
      const sim = await ctx.api.post(
        `/api/admin/matches/${matchId}/simulate`,
        { mode: 'instant' },
        ctx.admin.token,
      )
      expect(sim.status).toBe(200)
      const status = (await ctx.api.get(`/api/championship/contests/${contest.id}`)).body.contest
        .contest_status
      expect(status).toBe(i < 2 ? 'locked' : 'completed')
    }
    const teams = await ctx.world.deps.db
      .selectFrom('classic_teams')
      .select(['id', 'score_x2'])
      .where('phase_id', '=', phase.id)
      .execute()
    const view = (await ctx.api.get(`/api/championship/contests/${contest.id}`)).body
    const scoreOf = new Map(teams.map((t) => [t.id, Number(t.score_x2) / 2]))
    for (const m of view.members) expect(m.score).toBe(scoreOf.get(m.classic_team.id))
    const scores = view.members.map((m: { score: number }) => m.score)
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a))
    expect(scores[0]).toBeGreaterThan(0)
    // ₹120 less 15% = ₹102, all of it paid (shared if tied), into winnings.
    const paid = view.members.reduce((sum: number, m: { prize: number }) => sum + m.prize, 0)
    expect(paid).toBe(102)
    let winnings = 0
    for (const p of players) winnings += (await balances(p)).winnings
    expect(winnings).toBeGreaterThanOrEqual(102)
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })

  it('at once: 6 joins for 3 seats take 3 and charge 3; two settlements of one phase pay once', async () => {
    const phase = await upcomingPhase()
    const contest = (
      await createContest(phase.id, { name: 'Race', entry_fee: 10, members_limit: 3, winner_count: 1 })
    ).body.contest
    const racers: Player[] = []
    for (let i = 0; i < 6; i++) {
      const p = await playerWith(10)
      await classicTeam(p, phase.id)
      racers.push(p)
    }
    const answers = await race(6, (i) =>
      ctx.api.post(`/api/championship/contests/${contest.id}/join`, {}, racers[i]!.token),
    )
    expect(statuses(answers)).toEqual({ 200: 3, 409: 3 })
    expect(codes(answers)).toEqual(['CONTEST_FULL', 'CONTEST_FULL', 'CONTEST_FULL'])
    const paid = (await Promise.all(racers.map(balances))).filter((b) => b.unused === 0)
    expect(paid).toHaveLength(3)

    await ctx.api.post(`/api/admin/matches/${phase.matches[0]}/start`, undefined, ctx.admin.token)
    const teams = await rowsWhere(
      ctx.world.deps.db,
      'championship_contest_members',
      { contest_id: contest.id },
      'classic_team_id',
    )
    await endPhase(
      phase,
      teams.map((t, i) => [t.classic_team_id, 10 * (i + 1)]),
    )
    const reports = await Promise.all([
      settlePhaseContests(ctx.world.deps, phase.id),
      settlePhaseContests(ctx.world.deps, phase.id),
    ])
    expect(reports.map((r) => r.contests).sort()).toEqual([0, 1])
    const prizes = await rowsWhere(
      ctx.world.deps.db,
      'ledger_transactions',
      { idempotency_key: `championship_contest:${contest.id}:prizes` },
      'id',
    )
    expect(prizes).toHaveLength(1)
    let winnings = 0
    for (const p of racers) winnings += (await balances(p)).winnings
    expect(winnings).toBe(25) // 3 × ₹10 less 15%, floored to the rupee
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })

  it('a crash before the phase’s end (its last match already settled): the next start settles it', async () => {
    const phase = await upcomingPhase()
    const contest = (await createContest(phase.id, { name: 'Resumed', entry_fee: 10, members_limit: 2 })).body
      .contest
    // The phase's own prize (seeded phases carry a table): ₹100 to the winner.
    await ctx.world.deps.db
      .updateTable('series_phases')
      .set({ prizes: JSON.stringify([{ rank_from: 1, rank_to: 1, prize_paise: 10_000 }]) })
      .where('id', '=', phase.id)
      .execute()
    const players: Player[] = []
    for (let i = 0; i < 2; i++) {
      const p = await playerWith(10)
      await classicTeam(p, phase.id)
      await ctx.api.post(`/api/championship/contests/${contest.id}/join`, {}, p.token)
      players.push(p)
    }
    await ctx.api.post(`/api/admin/matches/${phase.matches[0]}/start`, undefined, ctx.admin.token)
    // Nothing to resume while the phase runs.
    expect(await resumeChampionshipContests(ctx.world.deps)).toBe(0)
    await endPhase(phase, [])
    expect(await resumeChampionshipContests(ctx.world.deps)).toBe(1)
    expect(await resumeChampionshipContests(ctx.world.deps)).toBe(1) // the same job, not a second
    await ctx.world.deps.scheduler.runDue()
    expect((await ctx.api.get(`/api/championship/contests/${contest.id}`)).body.contest.contest_status).toBe(
      'completed',
    )
    // The job ends the phase as the last match would have: the totals come from the per-match
    // rows (none here: both 0), so the two tie and share the contest's one prize of ₹17 and the
    // phase's ₹100 (ranks 1 and 2 together: ₹100 + ₹0).
    for (const p of players) expect(await balances(p)).toEqual({ unused: 0, winnings: 58.5 })
    expect(await resumeChampionshipContests(ctx.world.deps)).toBe(0)
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })

  it('the resumed end of an all-abandoned phase refunds its contests and pays no phase prizes', async () => {
    const phase = await upcomingPhase()
    await ctx.world.deps.db
      .updateTable('series_phases')
      .set({ prizes: JSON.stringify([{ rank_from: 1, rank_to: 1, prize_paise: 50_000 }]) })
      .where('id', '=', phase.id)
      .execute()
    const contest = (
      await createContest(phase.id, { name: 'Washed', entry_fee: 20, members_limit: 2, guaranteed: true })
    ).body.contest
    const p = await playerWith(20)
    await classicTeam(p, phase.id)
    await ctx.api.post(`/api/championship/contests/${contest.id}/join`, {}, p.token)
    await startThenAbandon(phase)
    expect(await resumeChampionshipContests(ctx.world.deps)).toBe(1)
    await ctx.world.deps.scheduler.runDue()
    expect(await balances(p)).toEqual({ unused: 20, winnings: 0 })
    expect((await ctx.api.get(`/api/championship/contests/${contest.id}`)).body.contest.contest_status).toBe(
      'cancelled',
    )
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })
})
