import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_GANG_MEMBERS } from '../../../server/areas/gangs/membership'
import { classicTeamWithScore } from '../../helpers/classic-teams'
import { race, statuses } from '../../helpers/concurrency'
import { rowWhere } from '../../helpers/db'
import type { TestWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { leagueWorld } from '../../helpers/league'

// Gangs (docs/gangs.md) and the series leaderboard that ranks daily gangs. Runs on SQLite and,
// in the Postgres leg, on PostgreSQL (the races matter there).

let world: TestWorld
let api: ReturnType<typeof client>
type Player = Awaited<ReturnType<typeof api.player>>

/** Series 1 (cricket): completed matches and an upcoming one; phase of series 1; another series. */
let seriesId: number
let otherSeriesId: number
let phaseId: number
let completed: number[]
let upcoming: number
/** Per completed match, 11 lineup players scoring 2, 4, …, 22 points. */
const lineups = new Map<number, number[]>()
const POINTS = Array.from({ length: 11 }, (_, i) => (i + 1) * 2)

beforeAll(async () => {
  world = await leagueWorld()
  api = client(world.deps)
  const db = world.deps.db
  const matches = await db
    .selectFrom('matches as m')
    .innerJoin('sports as s', 's.id', 'm.sport_id')
    .select(['m.id', 'm.series_id', 'm.phase_id', 'm.status', 's.slug'])
    .orderBy('m.event_time_ms')
    .orderBy('m.id')
    .execute()
  // The cricket series with the most played matches (and some to come).
  const played = new Map<number, number>()
  for (const m of matches)
    if (m.slug === 'cricket' && m.status === 'completed')
      played.set(m.series_id, (played.get(m.series_id) ?? 0) + 1)
  seriesId = [...played].sort((a, b) => b[1] - a[1])[0]?.[0] as number
  otherSeriesId = (matches.find((m) => m.series_id !== seriesId) as { series_id: number }).series_id
  completed = matches.filter((m) => m.series_id === seriesId && m.status === 'completed').map((m) => m.id)
  upcoming = (matches.find((m) => m.series_id === seriesId && m.status === 'upcoming') as { id: number }).id
  phaseId = (matches.find((m) => m.series_id === seriesId) as { phase_id: number }).phase_id
  for (const matchId of [...completed, upcoming]) {
    const players = await db
      .selectFrom('match_players')
      .select('player_id')
      .where('match_id', '=', matchId)
      .orderBy('player_id')
      .limit(11)
      .execute()
    const ids = players.map((p) => p.player_id)
    lineups.set(matchId, ids)
    await db
      .insertInto('player_match_scores')
      .values(
        ids.map((player_id, i) => ({
          match_id: matchId,
          player_id,
          total_score: POINTS[i] as number,
          stats: '{}',
          breakdown: '{}',
          updated_at_ms: 0,
        })),
      )
      .execute()
  }
})
afterAll(() => world.close())

/** Gives `user` a team in a match: all 11 scored players, captain and vice by index. Returns its score. */
async function team(user: Player, matchId: number, c: number, v: number, teamNo = 1): Promise<number> {
  const ids = lineups.get(matchId) as number[]
  await world.deps.db
    .insertInto('user_teams')
    .values({
      user_id: user.id,
      match_id: matchId,
      team_no: teamNo,
      player_ids: ids.join(','),
      captain_id: ids[c] as number,
      vice_captain_id: ids[v] as number,
      budget_used_tenths: 1000,
      created_at_ms: 0,
      updated_at_ms: 0,
    })
    .execute()
  // Independent of the code under test: every player once, the captain once more, the vice half more.
  const sum = POINTS.reduce((a, b) => a + b, 0)
  return sum + (POINTS[c] as number) + (POINTS[v] as number) / 2
}

const daily = (path = '') => `/api/series/${seriesId}/leagues${path}`
const champ = (path = '') => `/api/championship/series_phases/${phaseId}/leagues${path}`

async function gang(owner: Player, body: Record<string, unknown>, base = daily) {
  const res = await api.post(
    base(),
    { name: 'Hostel 4', league_motto: 'We never sleep', ...body },
    owner.token,
  )
  expect(res.status).toBe(201)
  return res.body.gang as { id: number; league_code: string }
}

describe('GET /api/series/:id/leaderboard', () => {
  it('sums each user’s Team 1 over completed matches, ranks 1, 2, 2, 4, and names the caller', async () => {
    // A fresh series of its own would need fixtures; instead the users here are the only ones with teams.
    // One at a time: b and c tie, and ties list by user id.
    const a = await api.player()
    const b = await api.player()
    const c = await api.player()
    const d = await api.player()
    const m1 = completed[0] as number
    const m2 = completed[1] as number
    const aScore = (await team(a, m1, 10, 9)) + (await team(a, m2, 0, 1))
    await team(a, m1, 0, 1, 2) // a second team does not count
    await team(a, upcoming, 10, 9) // nor does a match not completed
    const bScore = await team(b, m1, 10, 9)
    const cScore = await team(c, m1, 10, 9)
    const dScore = await team(d, m2, 0, 1)
    expect(bScore).toBe(cScore)
    expect(aScore).toBeGreaterThan(bScore)
    expect(bScore).toBeGreaterThan(dScore)

    const res = await api.get(`/api/series/${seriesId}/leaderboard?per_page=2&page=1`, d.token)
    expect(res.status).toBe(200)
    expect(res.body.meta).toMatchObject({ total: 4, per_page: 2 })
    expect(res.body.users_points).toEqual([
      {
        id: a.id,
        total_score: aScore,
        rank: 1,
        user: { id: a.id, team_name: a.username, image: null },
      },
      expect.objectContaining({ id: b.id, total_score: bScore, rank: 2 }),
    ])
    expect(res.body.current_user_point).toMatchObject({ id: d.id, total_score: dScore, rank: 4 })
    const page2 = await api.get(`/api/series/${seriesId}/leaderboard.json?per_page=2&page=2`)
    expect(page2.body.users_points.map((r: { id: number; rank: number }) => [r.id, r.rank])).toEqual([
      [c.id, 2],
      [d.id, 4],
    ])
    expect(page2.body.current_user_point).toBeNull()
    expect((await api.get('/api/series/999999/leaderboard')).status).toBe(404)
  })
})

describe('daily gangs', () => {
  it('creates a public gang whose creator is its manager and first member', async () => {
    const owner = await api.player()
    const res = await api.post(daily(), { name: '  Hostel 4 ', league_motto: 'We never sleep' }, owner.token)
    expect(res.status).toBe(201)
    expect(res.body.gang).toMatchObject({
      name: 'Hostel 4',
      league_motto: 'We never sleep',
      is_public: true,
      mode: 'daily',
      league_members_count: 1,
      series: { id: seriesId },
      series_phase: null,
      user: { id: owner.id },
      current_user_data: { status: 'member', is_manager: true, rank: 1, score: 0 },
    })
    expect(res.body.gang.league_code).toMatch(/^[A-Z2-9]{8}$/)
  })

  it('joins a public gang by its code (any case); a second join is 409; an unknown code 404', async () => {
    const owner = await api.player()
    const joiner = await api.player()
    const g = await gang(owner, {})
    const res = await api.post(
      '/api/leagues/join',
      { code: ` ${g.league_code.toLowerCase()} ` },
      joiner.token,
    )
    expect(res.status).toBe(200)
    expect(res.body.gang).toMatchObject({
      id: g.id,
      league_members_count: 2,
      current_user_data: { status: 'member' },
    })
    const again = await api.post('/api/leagues/join', { code: g.league_code }, joiner.token)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('ALREADY_JOINED')
    // A public gang is readable by anyone, signed in or not.
    const anon = await api.get(daily(`/${g.id}`))
    expect(anon.status).toBe(200)
    expect(anon.body.gang.current_user_data).toBeNull()
    expect(anon.body.members).toHaveLength(2)
    const bad = await api.post('/api/leagues/join', { code: 'NOSUCH99' }, joiner.token)
    expect(bad.status).toBe(404)
    expect((await api.post('/api/leagues/join', { code: g.league_code })).status).toBe(401)
  })

  it('ranks members by series score; gang score is the sum of the best 10; my gangs shows my rank and the manager', async () => {
    const owner = await api.player()
    const g = await gang(owner, {})
    const members: Player[] = []
    const scores: number[] = []
    const m1 = completed[2] as number
    for (let i = 0; i < 11; i++) {
      const p = await api.player()
      expect((await api.post('/api/leagues/join', { code: g.league_code }, p.token)).status).toBe(200)
      members.push(p)
      scores.push(await team(p, m1, i, (i + 1) % 11))
    }
    // The owner scores nothing: 12 members, the owner last.
    const res = await api.get(daily(`/${g.id}`), members[0]?.token)
    expect(res.status).toBe(200)
    expect(res.body.members).toHaveLength(12)
    const sorted = [...scores].sort((a, b) => b - a)
    expect(res.body.members.map((m: { score: number }) => m.score)).toEqual([...sorted, 0])
    expect(res.body.members[11]).toMatchObject({
      user: { id: owner.id },
      rank: 12,
      score: 0,
      is_manager: true,
      is_current_user: false,
    })
    // The reader (the first to join) is the one member marked as the current user.
    const marked = res.body.members.filter((m: { is_current_user: boolean }) => m.is_current_user)
    expect(marked.map((m: { user: { id: number } }) => m.user.id)).toEqual([members[0]?.id])
    expect(res.body.members[0].rank).toBe(1)
    expect(res.body.gang.score).toBe(sorted.slice(0, 10).reduce((a, b) => a + b, 0))

    const mine = await api.get(daily('/my_leagues'), members[0]?.token)
    expect(mine.status).toBe(200)
    const card = mine.body.gangs.find((x: { id: number }) => x.id === g.id)
    const myRank = sorted.indexOf(scores[0] as number) + 1
    expect(card).toMatchObject({
      league_members_count: 12,
      user: { id: owner.id },
      current_user_data: { rank: myRank, score: scores[0], status: 'member', is_manager: false },
    })
    // A daily gang is not a gang of the phase, nor of another series.
    expect((await api.get(champ(`/${g.id}`), owner.token)).status).toBe(404)
    expect((await api.get(`/api/series/${otherSeriesId}/leagues/${g.id}`, owner.token)).status).toBe(404)
  })

  it('keeps a private gang to its members: join is 403, reading it 404, until the manager approves', async () => {
    const owner = await api.player()
    const asker = await api.player()
    const g = await gang(owner, { is_public: false })
    expect((await api.get(daily(`/${g.id}`), asker.token)).status).toBe(404)
    expect((await api.get(daily(`/${g.id}`))).status).toBe(404)
    const join = await api.post('/api/leagues/join', { code: g.league_code }, asker.token)
    expect(join.status).toBe(403)
    expect(join.body.code).toBe('FORBIDDEN')

    const card = await api.get(`/api/leagues/code/${g.league_code}`, asker.token)
    expect(card.status).toBe(200)
    expect(card.body.gang).toMatchObject({ id: g.id, is_public: false, league_code: null })

    const ask = await api.post('/api/leagues/join_request', { code: g.league_code }, asker.token)
    expect(ask.status).toBe(200)
    expect(ask.body.gang.current_user_data).toMatchObject({ status: 'pending', rank: null })
    expect(ask.body.gang.league_members_count).toBe(1)
    expect((await api.post('/api/leagues/join_request', { code: g.league_code }, asker.token)).status).toBe(
      409,
    )
    expect((await api.post('/api/leagues/join', { code: g.league_code }, asker.token)).status).toBe(403)
    const pending = await api.get(daily('/my_leagues'), asker.token)
    expect(pending.body.gangs).toEqual([expect.objectContaining({ id: g.id })])
    expect((await api.get(daily(`/${g.id}`), asker.token)).status).toBe(404)

    const requests = await api.get(daily(`/${g.id}/requests`), owner.token)
    expect(requests.status).toBe(200)
    expect(requests.body.join_requests).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: asker.id }) }),
    ])
    // Only the manager answers: the asker cannot approve themself.
    expect(
      (await api.post(daily(`/${g.id}/requests/${asker.id}/approve`), undefined, asker.token)).status,
    ).toBe(404)
    const ok = await api.post(daily(`/${g.id}/requests/${asker.id}/approve`), undefined, owner.token)
    expect(ok.status).toBe(200)
    expect(ok.body.gang.league_members_count).toBe(2)
    const seen = await api.get(daily(`/${g.id}`), asker.token)
    expect(seen.status).toBe(200)
    expect(seen.body.gang.league_code).toBe(g.league_code)
    expect((await api.get(daily(`/${g.id}/requests`), asker.token)).status).toBe(403)
    expect(
      (await api.post(daily(`/${g.id}/requests/${asker.id}/approve`), undefined, owner.token)).status,
    ).toBe(404)
  })

  it('declines a request (the player may ask again), lets members leave and the manager remove them', async () => {
    const owner = await api.player()
    const p = await api.player()
    const q = await api.player()
    const g = await gang(owner, { is_public: false })
    await api.post('/api/leagues/join_request', { code: g.league_code }, p.token)
    const no = await api.post(daily(`/${g.id}/requests/${p.id}/decline`), undefined, owner.token)
    expect(no.status).toBe(200)
    expect((await api.get(daily(`/${g.id}/requests`), owner.token)).body.join_requests).toEqual([])
    expect((await api.post('/api/leagues/join_request', { code: g.league_code }, p.token)).status).toBe(200)
    await api.post(daily(`/${g.id}/requests/${p.id}/approve`), undefined, owner.token)
    await api.post('/api/leagues/join_request', { code: g.league_code }, q.token)
    await api.post(daily(`/${g.id}/requests/${q.id}/approve`), undefined, owner.token)

    const leave = await api.post(daily(`/${g.id}/leave`), undefined, p.token)
    expect(leave.status).toBe(200)
    expect(leave.body.gang).toMatchObject({ league_members_count: 2, current_user_data: { status: null } })
    expect((await api.post(daily(`/${g.id}/leave`), undefined, p.token)).status).toBe(404)
    const managerLeaves = await api.post(daily(`/${g.id}/leave`), undefined, owner.token)
    expect(managerLeaves.status).toBe(409)

    expect((await api.call('DELETE', daily(`/${g.id}/members/${owner.id}`), { token: q.token })).status).toBe(
      403,
    )
    expect(
      (await api.call('DELETE', daily(`/${g.id}/members/${owner.id}`), { token: owner.token })).status,
    ).toBe(409)
    const removed = await api.call('DELETE', daily(`/${g.id}/members/${q.id}`), { token: owner.token })
    expect(removed.status).toBe(200)
    expect(removed.body.gang.league_members_count).toBe(1)
    expect((await api.call('DELETE', daily(`/${g.id}/members/${q.id}`), { token: owner.token })).status).toBe(
      404,
    )
    expect((await api.get(daily(`/${g.id}`), q.token)).status).toBe(404)
  })

  it('refuses bad input with 422 and changes nothing', async () => {
    const owner = await api.player()
    const before = await world.deps.db
      .selectFrom('gangs')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst()
    for (const body of [
      { name: '   ' },
      { name: 'x'.repeat(41) },
      { name: 'Gang', league_motto: 'line\nbreak' },
      { name: 'Gang\u0000' },
      { name: 'Gang', league_motto: 'ok', extra: 1 },
      { name: 'Gang', is_public: 'yes' },
    ]) {
      const res = await api.post(daily(), body, owner.token)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.code).toBe('VALIDATION_FAILED')
    }
    expect((await api.post('/api/series/999999/leagues', { name: 'Gang' }, owner.token)).status).toBe(404)
    expect(
      (await api.post('/api/championship/series_phases/999999/leagues', { name: 'Gang' }, owner.token))
        .status,
    ).toBe(404)
    const after = await world.deps.db
      .selectFrom('gangs')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst()
    expect(Number(after?.n)).toBe(Number(before?.n))
  })
})

describe('gang races', () => {
  it('gives the last place to exactly one of several players joining at once', async () => {
    const owner = await api.player()
    const g = await gang(owner, {})
    await world.deps.db
      .updateTable('gangs')
      .set({ members_count: MAX_GANG_MEMBERS - 1 })
      .where('id', '=', g.id)
      .execute()
    const players = await Promise.all(Array.from({ length: 4 }, () => api.player()))
    const answers = await race(4, (i) =>
      api.post('/api/leagues/join', { code: g.league_code }, players[i]?.token),
    )
    expect(statuses(answers)).toEqual({ 200: 1, 409: 3 })
    const row = await rowWhere(world.deps.db, 'gangs', { id: g.id }, 'members_count')
    expect(row?.members_count).toBe(MAX_GANG_MEMBERS)
  })

  it('counts one membership when one player joins several times at once', async () => {
    const owner = await api.player()
    const p = await api.player()
    const g = await gang(owner, {})
    const answers = await race(4, () => api.post('/api/leagues/join', { code: g.league_code }, p.token))
    expect(statuses(answers)).toEqual({ 200: 1, 409: 3 })
    const res = await api.get(daily(`/${g.id}`), p.token)
    expect(res.body.gang.league_members_count).toBe(2)
    expect(res.body.members).toHaveLength(2)
  })
})

describe('championship gangs', () => {
  const classicTeam = (userId: number, scoreX2: number) =>
    classicTeamWithScore(world.deps, userId, phaseId, scoreX2)

  it('ranks a phase gang by classic team totals, with my rank in my gangs', async () => {
    const owner = await api.player()
    const p = await api.player()
    const q = await api.player()
    const g = await gang(owner, { name: 'Phase pals' }, champ)
    for (const x of [p, q]) await api.post('/api/leagues/join', { code: g.league_code }, x.token)
    await classicTeam(p.id, 301)
    await classicTeam(q.id, 520)
    const res = await api.get(champ(`/${g.id}`), p.token)
    expect(res.status).toBe(200)
    expect(res.body.gang).toMatchObject({ mode: 'championship', series_phase: { id: phaseId }, score: 410.5 })
    expect(
      res.body.members.map((m: { user: { id: number }; score: number; rank: number }) => [
        m.user.id,
        m.score,
        m.rank,
      ]),
    ).toEqual([
      [q.id, 260, 1],
      [p.id, 150.5, 2],
      [owner.id, 0, 3],
    ])
    const mine = await api.get(champ('/my_leagues'), p.token)
    expect(mine.body.gangs).toEqual([
      expect.objectContaining({ id: g.id, current_user_data: expect.objectContaining({ rank: 2 }) }),
    ])
    // A phase gang is not a daily gang of its series.
    expect((await api.get(daily(`/${g.id}`), p.token)).status).toBe(404)
    expect((await api.get(daily('/my_leagues'), p.token)).body.gangs).toEqual([])
  })
})
