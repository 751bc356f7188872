import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSimulation } from '../../../server/areas/match-day/simulation'
import type { Deps } from '../../../server/core/deps'
import { seatAndStart, smallAuction } from '../../helpers/auctions'
import { failedJobs, rowById, rowsWhere, TEST_DIALECT } from '../../helpers/db'
import type { TestWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { leagueWorld, upcomingMatch } from '../../helpers/league'
import { closeWithSecond, secondProcess } from '../../helpers/second-process'

// Bids and simulations through two server processes on one PostgreSQL database: A is the
// world's deps, B a second set on the same database with its own memory and scheduler
// (docs/architecture.md, "Jobs across processes"). Postgres leg only: SQLite is one process.

let world: TestWorld
let a: Deps
let b: Deps
let apiA: ReturnType<typeof client>
let apiB: ReturnType<typeof client>
beforeEach(async () => {
  if (TEST_DIALECT !== 'postgres') return
  world = await leagueWorld()
  a = world.deps
  b = await secondProcess(world)
  apiA = client(a)
  apiB = client(b)
})
afterEach(async () => {
  if (TEST_DIALECT !== 'postgres') return
  await closeWithSecond(world, b)
})

type Player = Awaited<ReturnType<ReturnType<typeof client>['player']>>

/** A started match auction through A: the owner and `others` approved, the first lot open. */
async function runningAuction(owner: Player, others: Player[]) {
  const match = await upcomingMatch(a)
  const created = await apiA.post('/api/auctions', smallAuction('Two nodes', match.id), owner.token)
  expect(created.status).toBe(201)
  const auction = created.body.new_auction as { id: number; code: string }
  await seatAndStart(apiA, auction, owner, others)
  return auction.id
}

/** A bid of `amount` on `playerId` in auction `id`, through `api` (node A's or B's), as the holder of `token`. */
const bid = (api: ReturnType<typeof client>, id: number, playerId: number, amount: number, token: string) =>
  api.post(`/api/auctions/${id}/bid_player`, { player_id: playerId, bid_amount: amount }, token)

const lotOf = async (id: number, token: string) =>
  (await apiA.get(`/api/auctions/${id}/bidding_player`, token)).body as {
    bidding_player: { id: number }
    next_bid_amount: number
  }

describe.skipIf(TEST_DIALECT !== 'postgres')('one auction through two processes', () => {
  it('accepts exactly one of equal bids split across A and B, and answers the rest 409, never 5xx', async () => {
    const owner = await apiA.player()
    const others = await Promise.all([apiA.player(), apiA.player(), apiA.player()])
    const everyone = [owner, ...others]
    const id = await runningAuction(owner, others)
    for (let round = 0; round < 8; round++) {
      const lot = await lotOf(id, owner.token)
      const body = { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount }
      const answers = await Promise.all(
        everyone.flatMap((p) => [
          apiA.post(`/api/auctions/${id}/bid_player`, body, p.token),
          apiB.post(`/api/auctions/${id}/bid_player`, body, p.token),
        ]),
      )
      const statuses = answers.map((r) => r.status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(1)
      expect(statuses.every((s) => s === 200 || s === 409 || s === 422)).toBe(true)
    }
    const events = await a.db
      .selectFrom('auction_events')
      .select('seq')
      .where('auction_id', '=', id)
      .orderBy('seq')
      .execute()
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1))
  })

  it('accepts the correct next bid through B after A moved the auction on', async () => {
    const owner = await apiA.player()
    const bob = await apiA.player()
    const id = await runningAuction(owner, [bob])
    const player = (await lotOf(id, owner.token)).bidding_player.id
    // B remembers the auction as its own bid left it…
    let lot = await lotOf(id, owner.token)
    const first = await bid(apiB, id, player, lot.next_bid_amount, owner.token)
    expect(first.status).toBe(200)
    // …then bob's bid through A moves it on, without B knowing.
    lot = await lotOf(id, bob.token)
    const second = await bid(apiA, id, player, lot.next_bid_amount, bob.token)
    expect(second.status).toBe(200)
    lot = await lotOf(id, owner.token)
    const third = await bid(apiB, id, player, lot.next_bid_amount, owner.token)
    expect(third.body).toMatchObject({ current_user_last_bid: { amount: lot.next_bid_amount } })
    expect(third.status).toBe(200)
  })

  it('writes the lot timer again after another process cancelled it (pause through B, resume through A)', async () => {
    const owner = await apiA.player()
    const bob = await apiA.player()
    // A starts the auction: A remembers the lot timer it wrote (the lot's end).
    const id = await runningAuction(owner, [bob])
    const lot = await lotOf(id, owner.token)
    // B pauses (the timer job is cancelled), A resumes at the same instant: the lot ends when
    // it did, the very timer A remembers writing — but the job is gone.
    expect((await apiB.post(`/api/auctions/${id}/pause`, {}, owner.token)).status).toBe(200)
    expect((await apiA.post(`/api/auctions/${id}/resume`, {}, owner.token)).status).toBe(200)
    const timers = await rowsWhere(
      a.db,
      'scheduled_jobs',
      { kind: 'auction.timer', status: 'pending' },
      'run_at_ms',
    )
    expect(timers).toHaveLength(1)
    world.wall.advance(16_000)
    await a.scheduler.runDue()
    expect((await lotOf(id, owner.token)).bidding_player.id).not.toBe(lot.bidding_player.id)
  })

  it('runs the lot timer once when both schedulers are up, wherever the last bid came from', async () => {
    const owner = await apiA.player()
    const bob = await apiA.player()
    const id = await runningAuction(owner, [bob])
    a.scheduler.start()
    b.scheduler.start()
    const lot = await lotOf(id, owner.token)
    expect((await bid(apiB, id, lot.bidding_player.id, lot.next_bid_amount, bob.token)).status).toBe(200)
    world.wall.advance(16_000)
    await Promise.all([a.scheduler.runDue(), b.scheduler.runDue()])
    const sold = await a.db
      .selectFrom('auction_events')
      .select(['seq', 'type'])
      .where('auction_id', '=', id)
      .where('type', '=', 'lot_closed')
      .execute()
    expect(sold).toHaveLength(1)
    const next = await lotOf(id, owner.token)
    expect(next.bidding_player.id).not.toBe(lot.bidding_player.id)
  })
})

describe.skipIf(TEST_DIALECT !== 'postgres')('a live simulation with two schedulers', () => {
  it('plays a T20 to the end, each ball once', async () => {
    const match = await upcomingMatch(a)
    a.scheduler.start()
    b.scheduler.start()
    await startSimulation(a, match.id, 'live')
    // Three and a half hours of game time, a few minutes at a time, both schedulers firing.
    for (let step = 0; step < 70; step++) {
      world.wall.advance(3 * 60_000)
      await Promise.all([a.scheduler.runDue(), b.scheduler.runDue()])
      const row = await rowById(a.db, 'matches', match.id, 'status')
      if (row.status === 'completed') break
    }
    const row = await rowById(a.db, 'matches', match.id, 'status')
    expect(row.status).toBe('completed')
    expect(await failedJobs(a.db)).toEqual([])
    const events = await a.db
      .selectFrom('match_events')
      .select('seq')
      .where('match_id', '=', match.id)
      .orderBy('seq')
      .execute()
    expect(events.length).toBeGreaterThan(120)
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1))
  }, 120_000)
})
