import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failedJobs, rowById } from '../helpers/db'
import {
  auctionEvents,
  broadcasts,
  type ClusterWorld,
  clusterWorld,
  type Player,
  runningAuction,
  setClock,
  subscribed,
  upcomingCricket,
  waitFor,
} from './helpers'

/**
 * Two real server processes (`a`, `b`) on one PostgreSQL database behave as
 * one product. The tests share one world and run in order: an auction (fan-out, timers, racing
 * bids), then the clock, a notification, and a live simulation at 1000×.
 */
let w: ClusterWorld
let alice: Player
let bob: Player
let cal: Player
let dan: Player
let auctionId: number

beforeAll(async () => {
  w = await clusterWorld('cl_main')
  ;[alice, bob, cal, dan] = (await Promise.all(
    ['alice_cl', 'bob_cl', 'cal_cl', 'dan_cl'].map((n) => w.player(n)),
  )) as [Player, Player, Player, Player]
  // Real time for the auction part; lots are 2 min, closed by advancing the clock.
  await setClock(w, w.a, { speed: 1, paused: false })
  const match = await upcomingCricket(w.sql)
  const made = await runningAuction(w, alice, [bob, cal, dan], { lotSeconds: 120, matchId: match.id })
  auctionId = made.auction.id
})

afterAll(async () => {
  await w?.close()
})

const bidding = async (through: ClusterWorld['a'], who: Player) => {
  const res = await through.api('GET', `/api/auctions/${auctionId}/bidding_player`, undefined, who.token)
  expect(res.status).toBe(200)
  return res.body as {
    bidding_player: { id: number }
    next_bid_amount: number
    player_bids: Array<{ manager_id: number; amount: number }>
  }
}

describe('two nodes on one PostgreSQL', () => {
  it('delivers bids made through either node to subscribers on both, in order, with the same seqs; every correct bid is accepted whichever node took the one before', async () => {
    const room = { channel: 'AuctionChannel', auction_id: auctionId }
    const onA = await subscribed(w.a, alice.token, room)
    const onB = await subscribed(w.b, alice.token, room)
    try {
      let lot = await bidding(w.a, bob)
      const bidders = [bob, cal, dan]
      for (let i = 0; i < 6; i++) {
        // Alternating nodes: a node that did not take the last bid must not refuse the next
        // correct amount from state it kept in memory.
        const through = i % 2 === 0 ? w.a : w.b
        const res = await through.api(
          'POST',
          `/api/auctions/${auctionId}/bid_player`,
          { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
          (bidders[i % 3] as Player).token,
        )
        expect(res.status, `bid ${i + 1} through ${through.name}: ${JSON.stringify(res.body)}`).toBe(200)
        lot = res.body
      }
      const stored = (await auctionEvents(w.sql, auctionId)).filter((e) => e.type === 'bid')
      expect(stored).toHaveLength(6)
      const lastSeq = (await auctionEvents(w.sql, auctionId)).at(-1)?.seq as number
      for (const sub of [onA, onB])
        await waitFor(
          async () => broadcasts(sub.cable, sub.identifier).some((m) => m.seq >= lastSeq),
          `the last bid (seq ${lastSeq}) on the subscriber of node ${sub === onA ? 'a' : 'b'}`,
          10_000,
        )
      const seen = (sub: typeof onA) =>
        broadcasts(sub.cable, sub.identifier)
          .filter((m) => m.seq > (sub.snapshot?.seq as number))
          .map((m) => ({ seq: m.seq, type: m.type, amount: m.amount }))
      const a = seen(onA)
      const b = seen(onB)
      expect(b).toEqual(a)
      // In order, each once, and numbered as stored.
      expect(a.map((m) => m.seq)).toEqual([...a.map((m) => m.seq)].sort((x, y) => x - y))
      expect(new Set(a.map((m) => m.seq)).size).toBe(a.length)
      expect(a.filter((m) => m.type === 'bid').map((m) => m.seq)).toEqual(stored.map((e) => e.seq))
    } finally {
      await Promise.all([onA.cable.close(), onB.cable.close()])
    }
  })

  it('fires a lot timer once: the lot closes once, the next opens once, and no node logs a clash', async () => {
    // Node b starts again while the lot runs (a rolling restart): both nodes now know the
    // lot's timer job, the way two nodes started on one database know every pending job.
    await w.restart('b')
    const onB = await subscribed(w.b, alice.token, { channel: 'AuctionChannel', auction_id: auctionId })
    try {
      const lot = await bidding(w.b, alice)
      await setClock(w, w.a, { advance_ms: 121_000 })
      const next = await waitFor(
        async () => {
          const now = await bidding(w.b, alice)
          return now.bidding_player && now.bidding_player.id !== lot.bidding_player.id ? now : undefined
        },
        'the next lot',
        10_000,
      )
      // Both nodes answer with the new lot.
      expect((await bidding(w.a, alice)).bidding_player.id).toBe(next.bidding_player.id)
      // Let any second run of the timer job land before counting (a duplicate comes within
      // a scheduler turn of the first run; the nodes poll far more often than this).
      await new Promise((r) => setTimeout(r, 1500))
      const events = await auctionEvents(w.sql, auctionId)
      const closed = events.filter((e) => e.type === 'lot_closed')
      expect(closed.map((e) => e.playerId)).toEqual([lot.bidding_player.id])
      expect(closed[0]).toMatchObject(
        lot.player_bids.length > 0
          ? { result: 'sold', managerId: lot.player_bids[0]?.manager_id }
          : { result: 'unsold' },
      )
      const opened = events.filter((e) => e.type === 'lot_opened').map((e) => e.playerId)
      expect(opened.filter((id) => id === next.bidding_player.id)).toHaveLength(1)
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1))
      expect(await failedJobs(w.sql)).toEqual([])
      expect(w.errors()).toEqual([])
      await waitFor(
        async () => broadcasts(onB.cable, onB.identifier).some((m) => m.type === 'lot_opened'),
        'lot_opened on node b',
        10_000,
      )
      // Node b's subscriber saw each once.
      const room = broadcasts(onB.cable, onB.identifier)
      expect(room.filter((m) => m.type === 'lot_closed')).toHaveLength(1)
      expect(room.filter((m) => m.type === 'lot_opened')).toHaveLength(1)
    } finally {
      await onB.cable.close()
    }
  })

  it('accepts exactly one of 30 equal bids split across the nodes and answers the rest 409, never 5xx (four rounds)', async () => {
    const bidders = [alice, bob, cal, dan]
    const match = await upcomingCricket(w.sql)
    for (let round = 0; round < 4; round++) {
      // A fresh auction each round, read through both nodes first: both start from the same,
      // current state, as they would after any refetch — the race, not a stale copy.
      const { auction } = await runningAuction(w, alice, [bob, cal, dan], {
        lotSeconds: 120,
        matchId: match.id,
      })
      const read = (through: ClusterWorld['a']) =>
        through.api('GET', `/api/auctions/${auction.id}/bidding_player`, undefined, alice.token)
      const [lotA, lotB] = await Promise.all([read(w.a), read(w.b)])
      const lot = lotA.body as { bidding_player: { id: number }; next_bid_amount: number }
      expect(lotB.body.next_bid_amount).toBe(lot.next_bid_amount)
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          (i % 2 === 0 ? w.a : w.b).api(
            'POST',
            `/api/auctions/${auction.id}/bid_player`,
            { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
            (bidders[(i + round) % 4] as Player).token,
          ),
        ),
      )
      const statuses = answers.map((r) => r.status)
      const what = `round ${round + 1}: ${JSON.stringify(answers.filter((r) => r.status !== 409))}`
      expect(
        statuses.filter((s) => s >= 500),
        what,
      ).toEqual([])
      expect(
        statuses.filter((s) => s === 200),
        what,
      ).toHaveLength(1)
      expect(
        statuses.filter((s) => s !== 200).every((s) => s === 409),
        what,
      ).toBe(true)
      const bids = (await auctionEvents(w.sql, auction.id)).filter((e) => e.type === 'bid')
      expect(bids, what).toHaveLength(1)
      // Both nodes now ask for the same next amount.
      const [a, b] = await Promise.all([read(w.a), read(w.b)])
      expect(b.body.next_bid_amount).toBe(a.body.next_bid_amount)
      expect(a.body.next_bid_amount).toBeGreaterThan(lot.next_bid_amount)
    }
  })

  it('keeps one clock: speed and an advance through a are read through b within a few ms of game time', async () => {
    const before = await setClock(w, w.a, { speed: 60, paused: false })
    const advanced = await setClock(w, w.a, { advance_ms: 3_600_000 })
    // A change is announced to the other nodes: give it the moment that takes (the issue asks
    // for agreement within a few ms, so 2 s is a generous bound, not a tuning).
    await waitFor(
      async () => {
        const b = await w.b.api('GET', '/api/health')
        return b.body.speed === 60 && b.body.now_in_millis >= advanced.now_in_millis
      },
      'node b to follow the clock change made through a',
      2000,
    )
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now()
      const a = await w.a.api('GET', '/api/health')
      const b = await w.b.api('GET', '/api/health')
      const t2 = performance.now()
      expect(b.body.speed).toBe(60)
      expect(b.body.paused).toBe(false)
      // a's reading was taken after t0 and b's after a's, before t2: at 60× their gap lies between 0 and 60 × (t2 - t0),
      // give or take 5 ms of real time either way.
      const gap = b.body.now_in_millis - a.body.now_in_millis
      expect(gap).toBeGreaterThanOrEqual(-5 * 60)
      expect(gap).toBeLessThanOrEqual((t2 - t0 + 5) * 60)
      expect(b.body.now_in_millis).toBeGreaterThan(before.now_in_millis + 3_600_000)
    }
    // Paused through b, both read the same instant.
    const paused = await setClock(w, w.b, { paused: true })
    await waitFor(
      async () => (await w.a.api('GET', '/api/health')).body.paused === true,
      'node a to follow the pause made through b',
      2000,
    )
    const [a, b] = await Promise.all([w.a.api('GET', '/api/health'), w.b.api('GET', '/api/health')])
    expect(a.body).toMatchObject({ paused: true, now_in_millis: paused.now_in_millis })
    expect(b.body).toMatchObject({ paused: true, now_in_millis: paused.now_in_millis })
  })

  it('delivers a notification made through a to the NotificationsChannel subscriber on b', async () => {
    const onB = await subscribed(w.b, dan.token, { channel: 'NotificationsChannel' })
    try {
      const credit = await w.a.api(
        'POST',
        '/api/admin/wallet/credits',
        { user_id: dan.id, amount: 250, compartment: 'unused' },
        await w.adminToken(),
      )
      expect(credit.status).toBe(201)
      const frame = await onB.cable.take((f) => f.message?.type === 'notification', 10_000)
      expect(frame.message.notification).toMatchObject({ kind: 'wallet_credit' })
      expect(frame.message.notification.body).toContain('₹250')
    } finally {
      await onB.cable.close()
    }
  })

  it('runs a live simulation to the end with both nodes up, each event once, and b’s subscribers see it finish', async () => {
    const match = await upcomingCricket(w.sql, 1)
    const onB = await subscribed(w.b, cal.token, { channel: 'MatchChannel', match_id: match.id })
    try {
      // A T20 is 3 h 20 min of game time: about 12 s at 1000×.
      await setClock(w, w.a, { speed: 1000, paused: false })
      const started = await w.a.api(
        'POST',
        `/api/admin/matches/${match.id}/simulate`,
        { mode: 'live' },
        await w.adminToken(),
      )
      expect(started.status).toBe(200)
      await waitFor(
        async () => {
          const row = await rowById(w.sql, 'matches', match.id, 'status')
          return row.status === 'completed'
        },
        'the simulated match to complete',
        90_000,
      )
      const events = await w.sql
        .selectFrom('match_events')
        .select('seq')
        .where('match_id', '=', match.id)
        .orderBy('seq')
        .execute()
      expect(events.length).toBeGreaterThan(100)
      expect(events.map((e) => Number(e.seq))).toEqual(events.map((_, i) => i + 1))
      await onB.cable.take(
        (f) => f.message?.type === 'status' && f.message.match_status === 'completed',
        10_000,
      )
      const seenSeqs = broadcasts(onB.cable, onB.identifier)
        .filter((m) => m.type === 'event')
        .map((m) => m.event.seq as number)
      expect(seenSeqs.length).toBeGreaterThan(0)
      expect(new Set(seenSeqs).size).toBe(seenSeqs.length)
      expect(seenSeqs).toEqual([...seenSeqs].sort((x, y) => x - y))
      expect(await failedJobs(w.sql)).toEqual([])
      expect(w.errors()).toEqual([])
    } finally {
      await setClock(w, w.a, { paused: true })
      await onB.cable.close()
    }
  })
})
