import { describe, expect, it } from 'vitest'
import { userBalances } from '../../../server/areas/ledger/service'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { smallAuction } from '../../helpers/auctions'
import { rowById } from '../../helpers/db'
import type { client } from '../../helpers/http'
import { upcomingMatch } from '../../helpers/league'
import { apiWorld, fundedPlayer } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })

type Player = Awaited<ReturnType<ReturnType<typeof client>['player']>>

/** Moves the game clock on and fires whatever became due (lot timers). */
async function advance(ms: number) {
  ctx.world.wall.advance(ms)
  await ctx.world.deps.scheduler.runDue()
}

const withCoins = (coins: number) => fundedPlayer(ctx, coins, 'coins')

/** A match auction (small squads, no balance rule) owned by `owner`, with `others` approved. */
async function auctionWith(owner: Player, others: Player[], settings: Record<string, unknown> = {}) {
  const match = await upcomingMatch(ctx.world.deps)
  const created = await ctx.api.post(
    '/api/auctions',
    smallAuction('Friday night', match.id, settings),
    owner.token,
  )
  expect(created.status).toBe(201)
  const auction = created.body.new_auction
  const colors = ['blue', 'red', 'yellow', 'green', 'pink', 'navy']
  const managers: Record<number, number> = {}
  for (const [i, p] of [owner, ...others].entries()) {
    const joined = await ctx.api.post(
      `/api/auctions/${auction.id}/join`,
      { code: auction.code, franchise_name: `Franchise ${i}`, color: colors[i] },
      p.token,
    )
    expect(joined.status).toBe(201)
    managers[p.id] = joined.body.manager.id
    if (p !== owner) {
      const ok = await ctx.api.post(
        `/api/auctions/${auction.id}/managers/${joined.body.manager.id}/approve`,
        {},
        owner.token,
      )
      expect(ok.status).toBe(200)
    }
  }
  return { id: auction.id as number, code: auction.code as string, managers }
}

describe('creating and joining auctions', () => {
  it('creates with defaults and an invite code; finds by code; lists catalogues', async () => {
    const owner = await ctx.api.player()
    const match = await upcomingMatch(ctx.world.deps)
    const res = await ctx.api.post(
      '/api/auctions',
      { name: 'Office league', match_id: match.id, squad_min: 3, squad_max: 5, balanced: false },
      owner.token,
    )
    expect(res.status).toBe(201)
    expect(res.body.new_auction).toMatchObject({
      name: 'Office league',
      purse: 10_000,
      lot_seconds: 15,
      bidding_interval: 'standard',
      status: 'waiting',
      is_owner: true,
      code: expect.stringMatching(/^[A-Z2-9]{8}$/),
    })
    const found = await ctx.api.get(
      `/api/auctions?code=${res.body.new_auction.code.toLowerCase()}`,
      (await ctx.api.player()).token,
    )
    expect(found.body.new_auctions[0].id).toBe(res.body.new_auction.id)
    expect(found.body.new_auctions[0]).toMatchObject({
      reset_seconds: 10,
      sealed_closes_at_in_millis: null,
      taken_colors: [],
    })
    // A public auction's code is listed for anyone who might join.
    const listed = (await ctx.api.get('/api/auctions', (await ctx.api.player()).token)).body.new_auctions
    expect(listed.find((a: { id: number }) => a.id === res.body.new_auction.id)?.code).toBe(
      res.body.new_auction.code,
    )
    expect((await ctx.api.get('/api/auctions?code=NOPE1234', owner.token)).status).toBe(404)
    expect((await ctx.api.get('/api/auctions/colors')).body.colors.length).toBeGreaterThan(8)
    expect(
      (await ctx.api.get('/api/auctions/bidding_intervals')).body.bidding_intervals[0].bands.length,
    ).toBeGreaterThan(1)
    expect((await ctx.api.get('/api/auctions/charges')).body.charges).toContain(0)
  })

  it('refuses bad settings with field messages', async () => {
    const owner = await ctx.api.player()
    const match = await upcomingMatch(ctx.world.deps)
    const res = await ctx.api.post(
      '/api/auctions',
      { name: 'X', match_id: match.id, lot_seconds: 1, charges: 7 },
      owner.token,
    )
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['name', 'lot_seconds', 'charges']))
    const neither = await ctx.api.post('/api/auctions', { name: 'No scope' }, owner.token)
    expect(neither.status).toBe(422)
    expect((await ctx.api.get('/api/auctions')).status).toBe(401)
  })

  it('charges coins on join, refunds a rejected manager, and guards codes, colours and balances', async () => {
    const owner = await withCoins(100)
    const match = await upcomingMatch(ctx.world.deps)
    const auction = (
      await ctx.api.post(
        '/api/auctions',
        { name: 'Paid room', match_id: match.id, squad_min: 2, squad_max: 4, balanced: false, charges: 25 },
        owner.token,
      )
    ).body.new_auction
    const join = (p: Player, body: Record<string, unknown>) =>
      ctx.api.post(`/api/auctions/${auction.id}/join`, body, p.token)
    expect(
      (await join(owner, { code: auction.code, franchise_name: 'Owners', color: 'blue' })).body.manager
        .status,
    ).toBe('approved')
    const alice = await withCoins(30)
    expect((await join(alice, { code: 'WRONGCODE', franchise_name: 'Alice XI', color: 'red' })).status).toBe(
      404,
    )
    expect(
      (await join(alice, { code: auction.code, franchise_name: 'Alice XI', color: 'blue' })).body.code,
    ).toBe('COLOR_TAKEN')
    const poor = await withCoins(10)
    const short = await join(poor, { code: auction.code, franchise_name: 'Poor XI', color: 'red' })
    expect(short.status).toBe(409)
    expect(short.body.code).toBe('INSUFFICIENT_BALANCE')
    const joined = await join(alice, { code: auction.code, franchise_name: 'Alice XI', color: 'red' })
    expect(joined.status).toBe(201)
    expect(joined.body.manager.status).toBe('pending')
    expect((await userBalances(ctx.world.deps.db, alice.id)).coins).toBe(5)
    expect(
      (await join(alice, { code: auction.code, franchise_name: 'Again', color: 'green' })).body.code,
    ).toBe('ALREADY_JOINED')

    // Only the owner decides; a rejection gives the coins back.
    const mid = joined.body.manager.id
    expect(
      (await ctx.api.post(`/api/auctions/${auction.id}/managers/${mid}/reject`, {}, alice.token)).status,
    ).toBe(403)
    const pending = await ctx.api.get(`/api/auctions/${auction.id}/managers?status=pending`, owner.token)
    expect(pending.body.managers.map((m: { id: number }) => m.id)).toEqual([mid])
    expect(
      (await ctx.api.post(`/api/auctions/${auction.id}/managers/${mid}/reject`, {}, owner.token)).body.manager
        .status,
    ).toBe('rejected')
    expect((await userBalances(ctx.world.deps.db, alice.id)).coins).toBe(30)
    expect(
      (await ctx.api.post(`/api/auctions/${auction.id}/managers/${mid}/approve`, {}, owner.token)).status,
    ).toBe(409)
    expect((await verifyLedger(ctx.world.deps.db)).ok).toBe(true)
  })

  it('hides a private auction from strangers', async () => {
    const owner = await ctx.api.player()
    const match = await upcomingMatch(ctx.world.deps)
    const auction = (
      await ctx.api.post(
        '/api/auctions',
        { name: 'Secret', match_id: match.id, squad_min: 2, squad_max: 4, balanced: false, private: true },
        owner.token,
      )
    ).body.new_auction
    const stranger = await ctx.api.player()
    expect((await ctx.api.get(`/api/auctions/${auction.id}`, stranger.token)).status).toBe(404)
    expect(
      (await ctx.api.get('/api/auctions', stranger.token)).body.new_auctions.map((a: { id: number }) => a.id),
    ).not.toContain(auction.id)
    expect((await ctx.api.get(`/api/auctions/${auction.id}`, owner.token)).status).toBe(200)
  })
})

describe('a live auction', () => {
  it('runs lots on the server clock: bids at next_bid_amount, anti-snipe, sale at expiry', async () => {
    const owner = await ctx.api.player()
    const bob = await ctx.api.player()
    const stranger = await ctx.api.player()
    const a = await auctionWith(owner, [bob])
    expect((await ctx.api.post(`/api/auctions/${a.id}/start`, {}, bob.token)).status).toBe(403)
    const started = await ctx.api.post(`/api/auctions/${a.id}/start`, {}, owner.token)
    expect(started.body.new_auction).toMatchObject({ phase: 'open', managers_count: 2 })

    let lot = (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, owner.token)).body
    expect(lot.bidding_player).toMatchObject({ id: expect.any(Number), base_price: expect.any(Number) })
    expect(lot.ends_at_in_millis - lot.server_time_in_millis).toBe(15_000)
    const player = lot.bidding_player.id
    const first = lot.next_bid_amount
    expect(first).toBe(lot.bidding_player.base_price)

    const wrong = await ctx.api.post(
      `/api/auctions/${a.id}/bid_player`,
      { player_id: player, bid_amount: first + 1 },
      owner.token,
    )
    expect(wrong.status).toBe(409)
    expect(wrong.body).toMatchObject({ code: 'BID_REFUSED', error: `The next bid is ${first}` })
    expect(
      (
        await ctx.api.post(
          `/api/auctions/${a.id}/bid_player`,
          { player_id: player, bid_amount: first },
          stranger.token,
        )
      ).status,
    ).toBe(409)
    lot = (
      await ctx.api.post(
        `/api/auctions/${a.id}/bid_player`,
        { player_id: player, bid_amount: first },
        owner.token,
      )
    ).body
    expect(lot.player_bids[0]).toMatchObject({ manager_id: a.managers[owner.id], amount: first })
    expect(lot.current_user_last_bid).toMatchObject({ amount: first })

    // 12 s later bob outbids: 3 s were left, so the lot now ends 10 s after his bid.
    await advance(12_000)
    const second = lot.next_bid_amount
    lot = (
      await ctx.api.post(
        `/api/auctions/${a.id}/bid_player`,
        { player_id: player, bid_amount: second },
        bob.token,
      )
    ).body
    expect(lot.ends_at_in_millis - lot.server_time_in_millis).toBe(10_000)
    await advance(9_000)
    expect(
      (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, owner.token)).body.bidding_player.id,
    ).toBe(player)
    await advance(1_000)
    const next = (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, owner.token)).body
    expect(next.bidding_player.id).not.toBe(player)

    const sold = (await ctx.api.get(`/api/auctions/${a.id}/players?status=sold`, owner.token)).body.players
    expect(sold).toEqual([
      expect.objectContaining({ id: player, manager_id: a.managers[bob.id], price: second }),
    ])
    const bids = (await ctx.api.get(`/api/auctions/${a.id}/bids`, owner.token)).body.assigned_bids
    expect(bids).toEqual([expect.objectContaining({ manager_id: a.managers[bob.id], amount: second })])
    const franchises = (await ctx.api.get(`/api/auctions/${a.id}/franchises`, bob.token)).body.franchises
    expect(franchises.find((f: { id: number }) => f.id === a.managers[bob.id])).toMatchObject({
      purse_remaining: 1000 - second,
      players: [expect.objectContaining({ id: player, price: second })],
    })
  })

  it('accepts exactly one of 30 simultaneous bids at the same amount', async () => {
    const owner = await ctx.api.player()
    const others = await Promise.all(Array.from({ length: 5 }, () => ctx.api.player()))
    const a = await auctionWith(owner, others)
    await ctx.api.post(`/api/auctions/${a.id}/start`, {}, owner.token)
    const lot = (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, owner.token)).body
    const bidders = [owner, ...others]
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ctx.api.post(
          `/api/auctions/${a.id}/bid_player`,
          { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
          (bidders[i % bidders.length] as Player).token,
        ),
      ),
    )
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.status === 409)).toHaveLength(29)
    const after = (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, owner.token)).body
    expect(after.player_bids).toHaveLength(1)
  })

  it('pauses and resumes with the time that was left; refuses bids while paused', async () => {
    const owner = await ctx.api.player()
    const bob = await ctx.api.player()
    const a = await auctionWith(owner, [bob])
    await ctx.api.post(`/api/auctions/${a.id}/start`, {}, owner.token)
    await advance(5_000)
    expect((await ctx.api.post(`/api/auctions/${a.id}/pause`, {}, bob.token)).status).toBe(403)
    expect((await ctx.api.post(`/api/auctions/${a.id}/pause`, {}, owner.token)).body.new_auction.status).toBe(
      'paused',
    )
    const lot = (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, owner.token)).body
    expect(lot).toMatchObject({ paused: true, remaining_millis: 10_000 })
    const refused = await ctx.api.post(
      `/api/auctions/${a.id}/bid_player`,
      { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
      bob.token,
    )
    expect(refused.body.code).toBe('AUCTION_STATE')
    await advance(60_000)
    expect(
      (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, owner.token)).body.bidding_player.id,
    ).toBe(lot.bidding_player.id)
    await ctx.api.post(`/api/auctions/${a.id}/resume`, {}, owner.token)
    const resumed = (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, owner.token)).body
    expect(resumed.ends_at_in_millis - resumed.server_time_in_millis).toBe(10_000)
  })

  it('runs a sealed round of the unsold players, keeping amounts to their bidders', async () => {
    const owner = await ctx.api.player()
    const bob = await ctx.api.player()
    const a = await auctionWith(owner, [bob])
    await ctx.api.post(`/api/auctions/${a.id}/start`, {}, owner.token)
    // Nobody bids: every lot runs out unsold.
    for (let i = 0; i < 40; i++) await advance(15_000)
    const auction = (await ctx.api.get(`/api/auctions/${a.id}`, owner.token)).body.new_auction
    expect(auction.phase).toBe('between')
    const unsold = (await ctx.api.get(`/api/auctions/${a.id}/players?status=unsold`, owner.token)).body
      .players
    expect(unsold.length).toBe(auction.players_count)
    const closes = ctx.world.deps.clock.now() + 60_000
    // Everything the room hears during the round: never an amount.
    const heard: Array<Record<string, unknown>> = []
    ctx.world.deps.bus.subscribe(`auction:${a.id}`, (m) => heard.push(m))
    await ctx.api.post(`/api/auctions/${a.id}/secondary_round`, { closes_at_in_millis: closes }, owner.token)
    const target = unsold[0]
    const low = await ctx.api.post(
      `/api/auctions/${a.id}/secondary_bids`,
      { player_id: target.id, bid_amount: target.base_price - 1 },
      bob.token,
    )
    expect(low.status).toBe(422)
    expect(low.body.errors.bid_amount).toBeDefined()
    await ctx.api.post(
      `/api/auctions/${a.id}/secondary_bids`,
      { player_id: target.id, bid_amount: target.base_price + 30 },
      bob.token,
    )
    await ctx.api.post(
      `/api/auctions/${a.id}/secondary_bids`,
      { player_id: target.id, bid_amount: target.base_price + 10 },
      owner.token,
    )
    const mine = (await ctx.api.get(`/api/auctions/${a.id}/secondary_bids`, bob.token)).body.secondary_bids
    expect(mine).toEqual([
      expect.objectContaining({ player_id: target.id, bid_amount: target.base_price + 30 }),
    ])
    const theirs = (await ctx.api.get(`/api/auctions/${a.id}/secondary_bids`, owner.token)).body
      .secondary_bids
    expect(theirs.map((b: { bid_amount: number }) => b.bid_amount)).toEqual([target.base_price + 10])
    const sealed = heard.filter((m) => m.type === 'sealed_bid')
    expect(sealed).toHaveLength(2)
    for (const m of sealed)
      expect(Object.keys(m).sort()).toEqual(['manager_id', 'seq', 'server_time_in_millis', 'type'])
    // The round closes on the clock and assigns to the highest bid.
    await advance(60_000)
    const sold = (await ctx.api.get(`/api/auctions/${a.id}/players?status=sold`, owner.token)).body.players
    expect(sold).toEqual([
      expect.objectContaining({
        id: target.id,
        manager_id: a.managers[bob.id],
        price: target.base_price + 30,
      }),
    ])
    expect(
      (await ctx.api.post(`/api/auctions/${a.id}/complete`, {}, owner.token)).body.new_auction.phase,
    ).toBe('completed')
  })

  it('stores the state, the lot timer and a gapless event log with every command', async () => {
    const owner = await ctx.api.player()
    const bob = await ctx.api.player()
    const a = await auctionWith(owner, [bob])
    await ctx.api.post(`/api/auctions/${a.id}/start`, {}, owner.token)
    const columns = ['state', 'seq', 'status', 'started_at_ms', 'completed_at_ms', 'updated_at_ms'] as const
    const read = () =>
      ctx.world.deps.db
        .selectFrom('auctions')
        .select(columns)
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow()
    const started = await read()
    expect(started).toMatchObject({ status: 'open', completed_at_ms: null })
    expect(started.started_at_ms).not.toBeNull()
    const lot = (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, owner.token)).body
    ctx.world.wall.advance(1_000)
    await ctx.api.post(
      `/api/auctions/${a.id}/bid_player`,
      { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
      bob.token,
    )
    const row = await read()
    // A bid moves the state and its seq, not the phase's columns (written only when it moves).
    expect(row).toMatchObject({ status: 'open', started_at_ms: started.started_at_ms, completed_at_ms: null })
    expect(Number(row.updated_at_ms)).toBeGreaterThan(Number(started.updated_at_ms))
    const stored = JSON.parse(row.state)
    expect(stored.lot).toMatchObject({ playerId: lot.bidding_player.id, endsAtMs: lot.ends_at_in_millis })
    const job = await ctx.world.deps.db
      .selectFrom('scheduled_jobs')
      .select(['run_at_ms', 'status'])
      .where('unique_key', '=', `auction:${a.id}:timer`)
      .executeTakeFirstOrThrow()
    expect(Number(job.run_at_ms)).toBe(lot.ends_at_in_millis)
    const events = await ctx.world.deps.db
      .selectFrom('auction_events')
      .select('seq')
      .where('auction_id', '=', a.id)
      .orderBy('seq')
      .execute()
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: row.seq }, (_, i) => i + 1))
  })

  it('runs a whole auction with bots on the server clock: they bid by the rules, people can outbid them', async () => {
    const owner = await ctx.api.player()
    const a = await auctionWith(owner, [], { squad_min: 3, squad_max: 5, purse: 2000, lot_seconds: 10 })
    expect(
      (await ctx.api.post(`/api/auctions/${a.id}/bots`, { count: 3 }, (await ctx.api.player()).token)).status,
    ).toBe(403)
    const seated = await ctx.api.post(
      `/api/auctions/${a.id}/bots`,
      { count: 3, strategy: 'mixed' },
      owner.token,
    )
    expect(seated.status).toBe(201)
    expect(seated.body.bots.map((b: { strategy: string }) => b.strategy)).toEqual([
      'value',
      'star',
      'hoarder',
    ])
    const managers = (await ctx.api.get(`/api/auctions/${a.id}/managers?status=approved`, owner.token)).body
      .managers
    expect(managers.filter((m: { is_bot: boolean }) => m.is_bot)).toHaveLength(3)
    await ctx.api.post(`/api/auctions/${a.id}/start`, {}, owner.token)

    // The owner takes the first lot from the bots when it is cheap enough.
    let bought = false
    for (let step = 0; step < 2000; step++) {
      const auction = (await ctx.api.get(`/api/auctions/${a.id}`, owner.token)).body.new_auction
      if (auction.phase !== 'open') break
      const lot = (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, owner.token)).body
      const highest = lot.player_bids[0]?.manager_id
      if (!bought && lot.bidding_player && highest !== a.managers[owner.id] && lot.next_bid_amount <= 300) {
        const r = await ctx.api.post(
          `/api/auctions/${a.id}/bid_player`,
          { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
          owner.token,
        )
        if (r.status === 200) bought = highest !== undefined
      }
      await advance(500)
    }
    const done = (await ctx.api.get(`/api/auctions/${a.id}`, owner.token)).body.new_auction
    expect(done.phase).toBe('between')
    const franchises = (await ctx.api.get(`/api/auctions/${a.id}/franchises`, owner.token)).body.franchises
    const bots = franchises.filter((f: { is_bot: boolean }) => f.is_bot)
    // The bots bought players, within their purses and squad limits.
    expect(bots.reduce((n: number, f: { players_count: number }) => n + f.players_count, 0)).toBeGreaterThan(
      3,
    )
    for (const f of franchises) {
      expect(f.purse_remaining).toBeGreaterThanOrEqual(0)
      expect(f.purse_remaining + f.spent).toBe(2000)
      expect(f.players_count).toBeLessThanOrEqual(5)
    }
    expect(bought).toBe(true)
  }, 60_000)

  it('scores squads from the match: leaderboard and manager pages with per-match player scores', async () => {
    const owner = await ctx.api.player()
    const bob = await ctx.api.player()
    const a = await auctionWith(owner, [bob])
    await ctx.api.post(`/api/auctions/${a.id}/start`, {}, owner.token)
    // Bob buys the first lot, the owner the second, then the owner ends the auction.
    const buy = async (p: Player) => {
      const lot = (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, p.token)).body
      await ctx.api.post(
        `/api/auctions/${a.id}/bid_player`,
        { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
        p.token,
      )
      await advance(15_000)
      return lot.bidding_player.id as number
    }
    const bobs = await buy(bob)
    const owners = await buy(owner)
    await ctx.api.post(`/api/auctions/${a.id}/complete`, {}, owner.token)
    const auction = (await ctx.api.get(`/api/auctions/${a.id}`, owner.token)).body.new_auction
    expect(
      (await ctx.api.get(`/api/auctions/${a.id}/leaderboard`, owner.token)).body.leaderboard.every(
        (r: { points: number }) => r.points === 0,
      ),
    ).toBe(true)

    const match = await rowById(ctx.world.deps.db, 'auctions', auction.id, 'match_id')
    const sim = await ctx.api.post(
      `/api/admin/matches/${match.match_id}/simulate`,
      { mode: 'instant' },
      ctx.admin.token,
    )
    expect(sim.body).toMatchObject({ mode: 'instant' })
    const scores = (await ctx.api.get(`/api/matches/${match.match_id}/player_scores`)).body
      .player_scores as Array<{ player_id: number; total_score: number }>
    const pointsOf = (id: number) => scores.find((s) => s.player_id === id)?.total_score ?? 0

    const board = (await ctx.api.get(`/api/auctions/${a.id}/leaderboard`, bob.token)).body.leaderboard
    const row = (m: number) => board.find((r: { manager_id: number }) => r.manager_id === m)
    expect(row(a.managers[bob.id] as number)).toMatchObject({ points: pointsOf(bobs), matches: 1 })
    expect(row(a.managers[owner.id] as number)).toMatchObject({ points: pointsOf(owners) })
    expect(board[0].rank).toBe(1)

    const page = await ctx.api.get(`/api/auction/managers/${a.managers[bob.id]}.json`, owner.token)
    expect(page.status).toBe(200)
    expect(page.body.manager).toMatchObject({
      franchise_name: 'Franchise 1',
      total_points: pointsOf(bobs),
      players: [expect.objectContaining({ id: bobs })],
      matches: [expect.objectContaining({ match_id: match.match_id, points: pointsOf(bobs) })],
    })
    const detail = await ctx.api.get(
      `/api/auction/managers/${a.managers[bob.id]}/matches/${match.match_id}.json`,
      owner.token,
    )
    expect(detail.body.player_scores).toEqual([
      expect.objectContaining({ player_id: bobs, total_score: pointsOf(bobs) }),
    ])
    expect(
      (await ctx.api.get(`/api/auction/managers/${a.managers[bob.id]}.json`, (await ctx.api.player()).token))
        .status,
    ).toBe(200)
    expect((await ctx.api.get('/api/auction/managers/99999.json', owner.token)).status).toBe(404)
  })
})
