import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_USER_PASSWORD, type SeedSummary, seedDemoLeague } from '../../../seeds/demo-league'
import { hashPassword } from '../../../server/areas/auth/passwords'
import type { Deps } from '../../../server/core/deps'
import { rowById, rowsWhere } from '../../helpers/db'
import { TEST_START_MS, type TestWorld, testWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'

const NOW = TEST_START_MS
const HOUR = 3_600_000
let world: TestWorld
let deps: Deps
let summary: SeedSummary
const progress: Array<[string, number, number]> = []

beforeAll(async () => {
  world = await testWorld()
  deps = world.deps
  const { admin, demo } = deps.config
  summary = await seedDemoLeague(deps.db, {
    seed: 42,
    nowMs: NOW,
    admin,
    demo,
    hashPassword,
    onProgress: (step, done, total) => progress.push([step, done, total]),
  })
})
afterAll(() => world.close())

const STYLES: Record<string, number[]> = {
  cricket: [1, 3, 5, 7, 9, 11, 13],
  football: [101, 102, 103, 104],
  f1: [201],
  pubg: [301],
  'free-fire': [301],
  'call-of-duty': [301],
}

async function rosterBySport() {
  const rows = await deps.db
    .selectFrom('players as p')
    .innerJoin('sports as s', 's.id', 'p.sport_id')
    .select(['s.slug', 'p.real_team_id', 'p.style', 'p.value_tenths', 'p.is_star'])
    .execute()
  const bySide = new Map<number, typeof rows>()
  for (const r of rows) bySide.set(r.real_team_id, [...(bySide.get(r.real_team_id) ?? []), r])
  return { rows, bySide }
}

const count = (xs: Array<{ style: number }>, styles: number[]) =>
  xs.filter((x) => styles.includes(x.style)).length
const cheapest = (xs: Array<{ style: number; value_tenths: number }>, styles: number[], n: number) =>
  xs
    .filter((x) => styles.includes(x.style))
    .map((x) => x.value_tenths)
    .sort((a, b) => a - b)
    .slice(0, n)
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)

describe('the seeded demo league', () => {
  it('matches its summary and reports progress to the end', async () => {
    const n = async (
      table: 'real_teams' | 'players' | 'series' | 'series_phases' | 'matches' | 'match_players',
    ) =>
      Number(
        (
          await deps.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect(summary).toMatchObject({
      seed: 42,
      now_in_millis: NOW,
      users: 26,
      demo_users: 24,
      sports: 6,
      series: 9,
    })
    expect(await n('real_teams')).toBe(summary.teams)
    expect(await n('players')).toBe(summary.players)
    expect(await n('series_phases')).toBe(summary.phases)
    expect(await n('matches')).toBe(summary.matches)
    expect(await n('match_players')).toBe(summary.match_players)
    expect(summary.starting_soon).toBeGreaterThanOrEqual(6)
    const last = progress.at(-1)
    expect(last?.[1]).toBe(last?.[2])
    expect(progress.map((p) => p[1])).toEqual([...progress.map((p) => p[1])].sort((a, b) => a - b))
    expect(progress.length).toBeGreaterThan(30)
  })

  it('gives every side a squad that valid teams can be built from', async () => {
    const { rows, bySide } = await rosterBySport()
    for (const r of rows) expect(STYLES[r.slug], `${r.slug} style ${r.style}`).toContain(r.style)
    for (const squad of bySide.values()) {
      const sport = squad[0]?.slug
      if (sport === 'cricket') {
        expect(squad.length).toBeGreaterThanOrEqual(15)
        expect(squad.length).toBeLessThanOrEqual(18)
        expect(count(squad, [5, 7])).toBeGreaterThanOrEqual(2)
        expect(count(squad, [1, 3])).toBeGreaterThanOrEqual(5)
        expect(count(squad, [9, 11])).toBeGreaterThanOrEqual(3)
        expect(count(squad, [13])).toBeGreaterThanOrEqual(5)
        expect(squad.filter((p) => p.is_star === 1)).toHaveLength(2)
        for (const p of squad)
          expect(p.value_tenths % 5 === 0 && p.value_tenths >= 70 && p.value_tenths <= 105).toBe(true)
      } else if (sport === 'football') {
        expect(count(squad, [101])).toBeGreaterThanOrEqual(2)
        expect(count(squad, [102])).toBeGreaterThanOrEqual(5)
        expect(count(squad, [103])).toBeGreaterThanOrEqual(5)
        expect(count(squad, [104])).toBeGreaterThanOrEqual(3)
      }
    }
    for (const sport of Object.keys(STYLES))
      expect(rows.filter((r) => r.slug === sport && r.is_star === 1).length, sport).toBeGreaterThanOrEqual(2)
  })

  it('lists the sides and players of every fixture, with lineups only once played', async () => {
    const matches = await deps.db
      .selectFrom('matches as m')
      .innerJoin('sports as s', 's.id', 'm.sport_id')
      .innerJoin('series_phases as ph', 'ph.id', 'm.phase_id')
      .select([
        'm.id',
        'm.sport_id',
        's.slug',
        's.kind',
        'm.team1_id',
        'm.team2_id',
        'm.status',
        'm.series_id',
        'ph.series_id as phase_series_id',
      ])
      .execute()
    const teams = await deps.db.selectFrom('match_teams').selectAll().orderBy('slot').execute()
    const players = await deps.db
      .selectFrom('match_players as mp')
      .innerJoin('players as p', 'p.id', 'mp.player_id')
      .select(['mp.match_id', 'mp.real_team_id', 'mp.value_tenths', 'mp.in_lineup', 'p.style'])
      .execute()
    const allSides = await deps.db.selectFrom('real_teams').select(['id', 'sport_id']).orderBy('id').execute()
    for (const m of matches) {
      expect(m.phase_series_id).toBe(m.series_id)
      const sides = teams.filter((t) => t.match_id === m.id).map((t) => t.real_team_id)
      const squad = players.filter((p) => p.match_id === m.id)
      expect(new Set(squad.map((p) => p.real_team_id))).toEqual(new Set(sides))
      if (m.kind === 'team') {
        expect(sides).toEqual([m.team1_id, m.team2_id])
        const budget =
          m.slug === 'cricket'
            ? sum([
                ...cheapest(squad, [5, 7], 1),
                ...cheapest(squad, [1], 4),
                ...cheapest(squad, [9], 2),
                ...cheapest(squad, [13], 4),
              ])
            : sum([
                ...cheapest(squad, [101], 1),
                ...cheapest(squad, [102], 4),
                ...cheapest(squad, [103], 4),
                ...cheapest(squad, [104], 2),
              ])
        expect(budget, `cheapest XI of match ${m.id}`).toBeLessThanOrEqual(1000)
      } else {
        expect([m.team1_id, m.team2_id]).toEqual([null, null])
        // Races and battle-royale matches are contested by every side of the sport.
        expect(sides).toEqual(allSides.filter((t) => t.sport_id === m.sport_id).map((t) => t.id))
        const values = squad.map((p) => p.value_tenths).sort((a, b) => a - b)
        expect(sum(values.slice(0, 5))).toBeLessThanOrEqual(1000)
        expect(sum(values.slice(-5))).toBeGreaterThan(1000)
      }
      if (m.status === 'upcoming') expect(squad.every((p) => p.in_lineup === null)).toBe(true)
      else if (m.kind === 'team')
        for (const side of sides)
          expect(squad.filter((p) => p.real_team_id === side && p.in_lineup === 1)).toHaveLength(11)
    }
  })

  it('has played, about-to-start and coming fixtures in every sport', async () => {
    const rows = await deps.db
      .selectFrom('matches as m')
      .innerJoin('sports as s', 's.id', 'm.sport_id')
      .select(['s.slug', 'm.status', 'm.event_time_ms', 'm.result_text', 'm.title'])
      .execute()
    for (const sport of Object.keys(STYLES)) {
      const mine = rows.filter((r) => r.slug === sport)
      const past = mine.filter((r) => r.status === 'completed' && r.event_time_ms < NOW && r.result_text)
      const soon = mine.filter((r) => r.status === 'upcoming' && r.event_time_ms - NOW <= HOUR)
      const later = mine.filter((r) => r.status === 'upcoming' && r.event_time_ms - NOW > 24 * HOUR)
      expect([past.length >= 3, soon.length >= 1, later.length >= 3], sport).toEqual([true, true, true])
    }
    const formats = await deps.db.selectFrom('series').select('format').where('sport_id', '=', 1).execute()
    expect(new Set(formats.map((f) => f.format))).toEqual(new Set(['T20', 'ODI', 'Test']))
    expect(rows.some((r) => /^[A-Z]{2,3} vs [A-Z]{2,3}$/.test(r.title))).toBe(true)
  })
})

describe('seeded accounts', () => {
  it('lets the admin, the demo player and a demo user log in, with starting money from the ledger', async () => {
    const api = client(deps)
    const { admin, demo } = deps.config
    const adminToken = (await api.login(admin.email, admin.password)).access_token
    const demoToken = (await api.login(demo.email, demo.password)).access_token
    const someone = await rowById(deps.db, 'users', 5, 'email')
    await api.login(someone.email, DEMO_USER_PASSWORD)

    const me = await api.get('/api/me', demoToken)
    expect(me.status).toBe(200)
    expect(me.body.user).toMatchObject({
      role: 'player',
      // ₹25 went into the finished Free Fire room, which paid winnings back.
      unused_balance: 975,
      coin_balance: 100,
    })
    expect(me.body.user.winning_balance).toBeGreaterThan(0)
    expect(me.body.user.following_count).toBe(6)
    expect(me.body.user.follower_count).toBeGreaterThan(0)
    const adminMe = await api.get('/api/me', adminToken)
    expect(adminMe.body.user.role).toBe('admin')

    const verify = await api.get('/api/admin/ledger/verify', adminToken)
    expect(verify.status).toBe(200)
    expect(verify.body).toMatchObject({ ok: true, problems: [] })
    expect(verify.body.transactions).toBe(summary.ledger_transactions)
  })

  it('gives the demo users avatars, interests, varied XP and follows', async () => {
    const players = await deps.db.selectFrom('users').selectAll().where('role', '=', 'player').execute()
    expect(players).toHaveLength(25)
    expect(players.every((u) => u.avatar_id !== null && u.full_name && u.team_name)).toBe(true)
    expect(new Set(players.slice(1).map((u) => u.avatar_id)).size).toBe(24)
    expect(players.every((u) => (JSON.parse(u.interests) as string[]).length > 0)).toBe(true)
    expect(new Set(players.map((u) => u.xp_points)).size).toBeGreaterThan(15)
    const follows = await deps.db.selectFrom('follows').selectAll().execute()
    expect(follows.length).toBe(summary.follows)
    expect(follows.some((f) => f.follower_id === f.followee_id)).toBe(false)
    expect(follows.every((f) => f.created_at_ms <= NOW)).toBe(true)
  })

  it('gives the demo player a daily gang they manage and a private championship gang they are in', async () => {
    const api = client(deps)
    const token = (await api.login(deps.config.demo.email, deps.config.demo.password)).access_token
    expect(summary.gangs).toBe(2)
    const gangs = await deps.db.selectFrom('gangs').selectAll().orderBy('id').execute()
    const [daily, championship] = gangs
    const mine = await api.get(`/api/series/${daily?.series_id}/leagues/my_leagues`, token)
    expect(mine.body.gangs).toEqual([
      expect.objectContaining({
        name: 'Hostel 4 Legends',
        is_public: true,
        league_members_count: 7,
        current_user_data: expect.objectContaining({ is_manager: true, status: 'member' }),
      }),
    ])
    const phase = await api.get(
      `/api/championship/series_phases/${championship?.phase_id}/leagues/my_leagues`,
      token,
    )
    expect(phase.body.gangs).toEqual([
      expect.objectContaining({
        name: 'Office Super Over',
        is_public: false,
        league_members_count: 6,
        current_user_data: expect.objectContaining({ is_manager: false, status: 'member' }),
      }),
    ])
    const pending = await rowsWhere(deps.db, 'gang_members', { status: 'pending' }, 'status')
    expect(pending).toHaveLength(1)
  })
})
