import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { previewCapacity } from '../../../server/areas/auctions/pools'
import { poolCapacity } from '../../../server/domain/auction/capacity'
import { SQUAD_BALANCE } from '../../../server/domain/auction/settings'
import { codes, race, statuses } from '../../helpers/concurrency'
import type { TestWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { leagueWorld, upcomingMatch } from '../../helpers/league'

/**
 * An auction's pool is big enough for the managers it takes. Creating one
 * says how many it can take (`max_managers`, `capacity`); asking for more is a 422 that says
 * so; joining, approving or seating bots beyond it is a 409; and the seeded league's `league`
 * pool gives a class of 30 a balanced squad of 11 each.
 */

let world: TestWorld
let api: ReturnType<typeof client>
let owner: Awaited<ReturnType<typeof api.player>>
let matchId: number
let leagueSeriesId: number

beforeAll(async () => {
  world = await leagueWorld()
  api = client(world.deps)
  owner = await api.player()
  matchId = (await upcomingMatch(world.deps)).id
  const series = await world.deps.db
    .selectFrom('series')
    .select('id')
    .where('name', 'like', 'Premier T20 League%')
    .executeTakeFirstOrThrow()
  leagueSeriesId = series.id
})
afterAll(() => world.close())

const create = (settings: Record<string, unknown>) =>
  api.post('/api/auctions', { name: 'Capacity check', ...settings }, owner.token)

describe('POST /api/auctions pools and capacity', () => {
  it('says how many managers each pool takes: match 3, series 15, league 30 and more (squads of 11)', async () => {
    const match = (await create({ match_id: matchId })).body.new_auction
    expect(match.capacity).toMatchObject({ squad_size: 11, pool_managers: 3, max_managers: 3 })
    expect(match.max_managers).toBe(3)
    expect(match.seats_left).toBe(3)

    const series = (await create({ series_id: leagueSeriesId })).body.new_auction
    expect(series.players_count).toBeGreaterThan(160)
    expect(series.max_managers).toBe(Math.floor(series.players_count / 11))

    const cricketPlayers = Number(
      (
        await world.deps.db
          .selectFrom('players')
          .innerJoin('sports', 'sports.id', 'players.sport_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('sports.slug', '=', 'cricket')
          .executeTakeFirstOrThrow()
      ).n,
    )
    const league = await create({ series_id: leagueSeriesId, pool: 'league', max_managers: 30 })
    expect(league.status).toBe(201)
    expect(league.body.new_auction).toMatchObject({
      players_count: cricketPlayers,
      max_managers: 30,
      seats_left: 30,
      capacity: { squad_size: 11, owner_cap: 30, max_managers: 30 },
    })
    expect(league.body.new_auction.capacity.pool_managers).toBeGreaterThanOrEqual(30)
    // The same pool from a match auction: every cricket player, the match still the one it scores.
    const fromMatch = await create({ match_id: matchId, pool: 'league' })
    expect(fromMatch.body.new_auction).toMatchObject({ players_count: cricketPlayers, match_id: matchId })
    const fromMatchSeries = await create({ match_id: matchId, pool: 'series' })
    expect(fromMatchSeries.body.new_auction.players_count).toBeGreaterThan(36)
  })

  it('refuses more managers than the pool can give a squad, saying how many it can take', async () => {
    const res = await create({ match_id: matchId, max_managers: 4 })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('VALIDATION_FAILED')
    expect(res.body.errors.max_managers).toEqual([
      expect.stringMatching(/^must be at most 3: the match pool of \d+ players takes at most 3 managers/),
    ])
    expect(res.body.error).toMatch(/takes at most 3 managers with squads of 11/)
    // Unbalanced squads of 3: the same pool takes a third of its players.
    const unbalanced = { match_id: matchId, squad_min: 3, squad_max: 5, balanced: false }
    const players = (await create(unbalanced)).body.new_auction.players_count
    const small = await create({ ...unbalanced, max_managers: Math.floor(players / 3) })
    expect(small.status).toBe(201)
    expect(small.body.new_auction.max_managers).toBe(Math.floor(players / 3))
    const over = await create({ ...unbalanced, max_managers: Math.floor(players / 3) + 1 })
    expect(over.body.errors.max_managers).toEqual([
      `must be at most ${Math.floor(players / 3)}: the match pool of ${players} players takes at most ${Math.floor(players / 3)} managers with squads of 3`,
    ])
  })

  it('refuses a match pool without a match, and an unknown pool', async () => {
    const noMatch = await create({ series_id: leagueSeriesId, pool: 'match' })
    expect(noMatch.status).toBe(422)
    expect(noMatch.body.errors.pool).toEqual(['match needs a match_id'])
    expect((await create({ match_id: matchId, pool: 'world' })).status).toBe(422)
  })
})

describe('seats: joining, approving and bots beyond max_managers', () => {
  it('refuses the join, the approval and the bots that would go past the capacity (409), and changes nothing', async () => {
    const auction = (await create({ match_id: matchId, max_managers: 3 })).body.new_auction
    const join = (who: { token: string }, name: string, color: string) =>
      api.post(
        `/api/auctions/${auction.id}/join`,
        { code: auction.code, franchise_name: name, color },
        who.token,
      )
    expect((await join(owner, 'Owners XI', 'blue')).status).toBe(201)
    const a = await api.player()
    const b = await api.player()
    const c = await api.player()
    const joinA = await join(a, 'A XI', 'red')
    expect(joinA.status).toBe(201)
    // One seat left: two bots do not fit, one does not fit beside a pending request either.
    const bots = await api.post(`/api/auctions/${auction.id}/bots`, { count: 2 }, owner.token)
    expect(bots.status).toBe(409)
    expect(bots.body.code).toBe('CONTEST_FULL')
    expect(bots.body.error).toMatch(/takes 3 managers .*1 seat left/)
    expect((await join(b, 'B XI', 'green')).status).toBe(201)
    const full = await join(c, 'C XI', 'pink')
    expect(full.status).toBe(409)
    expect(full.body.code).toBe('CONTEST_FULL')
    const shown = (await api.get(`/api/auctions/${auction.id}`, owner.token)).body.new_auction
    expect(shown).toMatchObject({
      max_managers: 3,
      seats_left: 0,
      managers_count: 1,
      pending_managers_count: 2,
    })

    // A rejection frees a seat; the next request takes it; approving all three fits exactly.
    const managers = (await api.get(`/api/auctions/${auction.id}/managers?status=pending`, owner.token)).body
      .managers as Array<{ id: number; franchise_name: string }>
    const idOf = (name: string) => managers.find((m) => m.franchise_name === name)?.id
    expect(
      (await api.post(`/api/auctions/${auction.id}/managers/${idOf('B XI')}/reject`, {}, owner.token)).status,
    ).toBe(200)
    expect((await join(c, 'C XI', 'pink')).status).toBe(201)
    expect(
      (await api.post(`/api/auctions/${auction.id}/managers/${idOf('A XI')}/approve`, {}, owner.token))
        .status,
    ).toBe(200)
  })

  it('refuses an approval once the approved managers fill the auction', async () => {
    const auction = (await create({ match_id: matchId, max_managers: 2 })).body.new_auction
    const a = await api.player()
    const joined = await api.post(
      `/api/auctions/${auction.id}/join`,
      { code: auction.code, franchise_name: 'A XI', color: 'red' },
      a.token,
    )
    expect(joined.status).toBe(201)
    // The request holds one seat: one bot fits beside it, a second does not.
    expect((await api.post(`/api/auctions/${auction.id}/bots`, { count: 2 }, owner.token)).status).toBe(409)
    expect((await api.post(`/api/auctions/${auction.id}/bots`, { count: 1 }, owner.token)).status).toBe(201)
    // Requests hold seats, so only a cap lowered behind the room's back (a row of an older
    // version, a restored snapshot) reaches the approval's own check under the lock.
    await world.deps.db
      .updateTable('auctions')
      .set({ max_managers: 1 })
      .where('id', '=', auction.id)
      .execute()
    const approve = await api.post(
      `/api/auctions/${auction.id}/managers/${joined.body.manager.id}/approve`,
      {},
      owner.token,
    )
    expect(approve.status).toBe(409)
    expect(approve.body.code).toBe('CONTEST_FULL')
    const pending = (await api.get(`/api/auctions/${auction.id}/managers?status=pending`, owner.token)).body
      .managers
    expect(pending).toHaveLength(1)
  })
})

describe('seats under a race', () => {
  it('lets exactly as many joins in as there are seats when they arrive together', async () => {
    const auction = (await create({ match_id: matchId, max_managers: 3 })).body.new_auction
    const players = await Promise.all(Array.from({ length: 6 }, () => api.player()))
    const colors = ['red', 'green', 'pink', 'navy', 'teal', 'gold']
    const answers = await race(6, (i) =>
      api.post(
        `/api/auctions/${auction.id}/join`,
        { code: auction.code, franchise_name: `Racer ${i}`, color: colors[i] },
        players[i]?.token,
      ),
    )
    expect(statuses(answers)).toEqual({ 201: 3, 409: 3 })
    expect(codes(answers)).toEqual(['CONTEST_FULL', 'CONTEST_FULL', 'CONTEST_FULL'])
    const shown = (await api.get(`/api/auctions/${auction.id}`, owner.token)).body.new_auction
    expect(shown).toMatchObject({ pending_managers_count: 3, seats_left: 0 })
  })
})

describe('the seeded league pool', () => {
  it('gives 30 managers a balanced squad of 11 from every cricket player', async () => {
    const players = await world.deps.db
      .selectFrom('players')
      .select(['id', 'style', 'value_tenths', 'is_star'])
      .where('sport_id', '=', 1)
      .execute()
    const pool = players.map((p) => ({ id: p.id, style: p.style, basePrice: 20, star: p.is_star === 1 }))
    expect(pool.length).toBeGreaterThanOrEqual(330)
    // The same count before creating anything, as a classroom sizes its auction.
    const preview = await previewCapacity(world.deps.db, {
      series_id: leagueSeriesId,
      pool: 'league',
      squad_min: 11,
      balanced: true,
    })
    expect(preview).toMatchObject({ pool_players: pool.length, squad_size: 11, colors: 40 })
    expect(preview.max_managers).toBeGreaterThanOrEqual(30)
    expect(poolCapacity({ squadMin: 11, balance: { ...SQUAD_BALANCE } }, pool)).toBeGreaterThanOrEqual(30)
  })
})
