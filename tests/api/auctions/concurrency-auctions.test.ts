import { beforeAll, describe, expect, it } from 'vitest'
import { stateOf } from '../../../server/areas/auctions/state'
import { TOURNAMENT } from '../../../server/areas/auctions/tournaments'
import { userBalances } from '../../../server/areas/ledger/service'
import { smallAuction } from '../../helpers/auctions'
import { codes, expectLedgerBalanced, race, statuses } from '../../helpers/concurrency'
import { cricketSeriesId, upcomingMatch } from '../../helpers/league'
import { apiWorld, fundedPlayer } from '../../helpers/world'

// Joins, decisions, bots and the start of auctions and tournaments, many at once
// (docs/architecture.md, "Writes that check, then write"); the Postgres leg of `npm test`
// runs them where they really run at once.

const ctx = apiWorld({ league: true, admin: true, per: 'file' })
let matchId: number
let seriesId: number
beforeAll(async () => {
  matchId = (await upcomingMatch(ctx.world.deps)).id
  seriesId = await cricketSeriesId(ctx.world.deps)
})

type Player = Awaited<ReturnType<typeof ctx.api.player>>

const withCoins = (coins: number): Promise<Player> => fundedPlayer(ctx, coins, 'coins')

async function auctionOf(owner: Player, settings: Record<string, unknown> = {}) {
  const created = await ctx.api.post(
    '/api/auctions',
    smallAuction('Race night', matchId, settings),
    owner.token,
  )
  expect(created.status).toBe(201)
  return created.body.new_auction as { id: number; code: string }
}

const managerRows = (auctionId: number) =>
  ctx.world.deps.db
    .selectFrom('auction_managers')
    .select(['id', 'user_id', 'color', 'status'])
    .where('auction_id', '=', auctionId)
    .execute()

describe('POST /api/auctions/{id}/join at once', () => {
  it('gives a colour to one franchise only', async () => {
    const owner = await ctx.api.player()
    const auction = await auctionOf(owner)
    const players = await Promise.all(Array.from({ length: 4 }, () => ctx.api.player()))
    const answers = await race(4, (i) =>
      ctx.api.post(
        `/api/auctions/${auction.id}/join`,
        { code: auction.code, franchise_name: `Blue ${i}`, color: 'blue' },
        (players[i] as Player).token,
      ),
    )
    expect(statuses(answers)).toEqual({ 201: 1, 409: 3 })
    expect(codes(answers)).toEqual(['COLOR_TAKEN', 'COLOR_TAKEN', 'COLOR_TAKEN'])
    expect((await managerRows(auction.id)).filter((m) => m.color === 'blue')).toHaveLength(1)
  })

  it('seats a player once and charges once when their joins arrive together', async () => {
    const owner = await ctx.api.player()
    const auction = await auctionOf(owner, { charges: 50 })
    const me = await withCoins(100)
    const answers = await race(3, (i) =>
      ctx.api.post(
        `/api/auctions/${auction.id}/join`,
        { code: auction.code, franchise_name: 'Twice', color: ['red', 'green', 'pink'][i] },
        me.token,
      ),
    )
    expect(statuses(answers)).toEqual({ 201: 1, 409: 2 })
    expect(codes(answers)).toEqual(['ALREADY_JOINED', 'ALREADY_JOINED'])
    expect((await userBalances(ctx.world.deps.db, me.id)).coins).toBe(50)
    await expectLedgerBalanced(ctx.world.deps)
  })

  it('decides a manager once when an approval and a rejection arrive together', async () => {
    const owner = await ctx.api.player()
    const auction = await auctionOf(owner, { charges: 50 })
    const me = await withCoins(100)
    const joined = await ctx.api.post(
      `/api/auctions/${auction.id}/join`,
      { code: auction.code, franchise_name: 'Undecided', color: 'yellow' },
      me.token,
    )
    const managerId = joined.body.manager.id
    const answers = await race(4, (i) =>
      ctx.api.post(
        `/api/auctions/${auction.id}/managers/${managerId}/${i % 2 ? 'reject' : 'approve'}`,
        {},
        owner.token,
      ),
    )
    expect(statuses(answers)).toEqual({ 200: 1, 409: 3 })
    const [row] = (await managerRows(auction.id)).filter((m) => m.id === managerId)
    // Rejected: the charge is back; approved: it stays paid.
    expect((await userBalances(ctx.world.deps.db, me.id)).coins).toBe(row?.status === 'rejected' ? 100 : 50)
    await expectLedgerBalanced(ctx.world.deps)
  })

  it('seats every bot once, each with a colour of its own, when bots are added together', async () => {
    const owner = await ctx.api.player()
    const auction = await auctionOf(owner)
    const answers = await race(3, () =>
      ctx.api.post(`/api/auctions/${auction.id}/bots`, { count: 3, strategy: 'value' }, owner.token),
    )
    expect(statuses(answers)).toEqual({ 201: 3 })
    const rows = await managerRows(auction.id)
    expect(rows).toHaveLength(9)
    expect(new Set(rows.map((m) => m.color)).size).toBe(9)
  })

  it('lets nobody in after the start: a join racing the start is either in the engine or refused', async () => {
    const owner = await ctx.api.player()
    const auction = await auctionOf(owner)
    const first = await ctx.api.player()
    for (const [p, color] of [
      [owner, 'blue'],
      [first, 'red'],
    ] as const) {
      const j = await ctx.api.post(
        `/api/auctions/${auction.id}/join`,
        { code: auction.code, franchise_name: `F ${color}`, color },
        p.token,
      )
      if (p !== owner)
        await ctx.api.post(
          `/api/auctions/${auction.id}/managers/${j.body.manager.id}/approve`,
          {},
          owner.token,
        )
    }
    const late = await Promise.all(Array.from({ length: 3 }, () => ctx.api.player()))
    const answers = await Promise.all([
      ctx.api.post(`/api/auctions/${auction.id}/start`, {}, owner.token),
      ...late.map((p, i) =>
        ctx.api.post(
          `/api/auctions/${auction.id}/join`,
          { code: auction.code, franchise_name: `Late ${i}`, color: ['green', 'pink', 'navy'][i] },
          p.token,
        ),
      ),
    ])
    expect(answers[0]?.status).toBe(200)
    for (const a of answers.slice(1)) expect([201, 409]).toContain(a.status)
    const row = await ctx.world.deps.db
      .selectFrom('auctions')
      .selectAll()
      .where('id', '=', auction.id)
      .executeTakeFirstOrThrow()
    const inEngine = new Set(stateOf(ctx.world.deps, row).managers.map((m) => m.id))
    // Whoever joined before the start waited for a decision and was declined by it.
    for (const m of await managerRows(auction.id))
      expect(m.status === 'approved' ? inEngine.has(m.id) : m.status === 'rejected').toBe(true)
  })
})

describe('POST /api/auction/tournaments/{id}/join at once', () => {
  it('fills a tournament to max_managers, starts it once with every manager in it', async () => {
    const owner = await ctx.api.player()
    const created = await ctx.api.post(
      '/api/auction/tournaments',
      { name: 'Race season', series_id: seriesId, window_hours: 6, max_managers: TOURNAMENT.startsAt },
      owner.token,
    )
    expect(created.status).toBe(201)
    const id = created.body.tournament.id
    const players = await Promise.all(Array.from({ length: 6 }, () => ctx.api.player()))
    const answers = await race(6, (i) =>
      ctx.api.post(`/api/auction/tournaments/${id}/join`, {}, (players[i] as Player).token),
    )
    expect(statuses(answers)).toEqual({ 201: TOURNAMENT.startsAt - 1, 409: 6 - (TOURNAMENT.startsAt - 1) })
    expect(new Set(codes(answers))).toEqual(new Set(['CONTEST_FULL']))
    const managers = await managerRows(id)
    expect(managers).toHaveLength(TOURNAMENT.startsAt)
    expect(new Set(managers.map((m) => m.color)).size).toBe(TOURNAMENT.startsAt)
    const row = await ctx.world.deps.db
      .selectFrom('auctions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const state = stateOf(ctx.world.deps, row)
    expect(state.phase).toBe('sealed')
    expect(state.managers.map((m) => m.id).sort()).toEqual(managers.map((m) => m.id).sort())
    const started = await ctx.world.deps.db
      .selectFrom('notifications')
      .select('user_id')
      .where('kind', '=', 'auction_started')
      .where(
        'user_id',
        'in',
        managers.map((m) => m.user_id),
      )
      .execute()
    expect(started).toHaveLength(TOURNAMENT.startsAt)
  })

  it(`keeps a player to ${TOURNAMENT.perSeries} tournaments of a series when they create them together`, async () => {
    const me = await ctx.api.player()
    const answers = await race(TOURNAMENT.perSeries + 2, (i) =>
      ctx.api.post(
        '/api/auction/tournaments',
        { name: `Mine ${i}`, series_id: seriesId, window_hours: 6 },
        me.token,
      ),
    )
    expect(statuses(answers)).toEqual({ 201: TOURNAMENT.perSeries, 409: 2 })
  })
})
