import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failedJobs } from '../helpers/db'
import {
  auctionEvents,
  broadcasts,
  type ClusterWorld,
  clusterWorld,
  localPortsOf,
  type Player,
  runningAuction,
  setClock,
  subscribed,
  upcomingCricket,
  waitFor,
} from './helpers'

/**
 * Faults under a running two-node cluster: a node's PostgreSQL sessions killed (as a
 * database restart or a network cut does to one node), and a node killed with SIGKILL in the
 * middle of an auction.
 */
let w: ClusterWorld
let alice: Player
let bob: Player
let cal: Player

beforeAll(async () => {
  w = await clusterWorld('cl_fault')
  ;[alice, bob, cal] = (await Promise.all(['alice_cf', 'bob_cf', 'cal_cf'].map((n) => w.player(n)))) as [
    Player,
    Player,
    Player,
  ]
  await setClock(w, w.a, { speed: 1, paused: false })
})

afterAll(async () => {
  await w?.close()
})

/** Ends every PostgreSQL session of a node's process (found by its sockets' local ports). */
async function terminateSessionsOf(pid: number): Promise<number> {
  const ports = [...localPortsOf(pid)]
  expect(ports.length).toBeGreaterThan(0)
  const rows = await sql<{ pid: number }>`
    select pid from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and client_port in (${sql.join(ports)})
  `.execute(w.sql)
  for (const row of rows.rows) await sql`select pg_terminate_backend(${row.pid})`.execute(w.sql)
  return rows.rows.length
}

describe('a two-node cluster under faults', () => {
  it('a node whose database sessions are killed reconnects: its subscribers get what happened meanwhile, or a gap they refetch, never lost state', async () => {
    const match = await upcomingCricket(w.sql)
    const { auction } = await runningAuction(w, alice, [bob, cal], { lotSeconds: 120, matchId: match.id })
    const room = { channel: 'AuctionChannel', auction_id: auction.id }
    const onA = await subscribed(w.a, alice.token, room)
    const onB = await subscribed(w.b, alice.token, room)
    try {
      const lot = (await w.b.api('GET', `/api/auctions/${auction.id}/bidding_player`, undefined, bob.token))
        .body
      expect(await terminateSessionsOf(w.a.server.pid)).toBeGreaterThan(0)

      // A bid through b while a is reconnecting.
      const bid = await w.b.api(
        'POST',
        `/api/auctions/${auction.id}/bid_player`,
        { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
        bob.token,
      )
      expect(bid.status).toBe(200)
      const bidSeq = (await auctionEvents(w.sql, auction.id)).at(-1)?.seq as number
      await onB.cable.take((f) => f.message?.type === 'bid' && f.message.seq === bidSeq, 10_000)

      // Node a's subscriber: the bid itself (caught up from the table), a later message whose
      // seq jumps past the last it had (it refetches), or a disconnect that brings a fresh
      // snapshot on reconnect. Anything but silence.
      const lastBefore = (onA.snapshot?.seq as number) ?? 0
      const outcome = await waitFor(
        async () => {
          const seen = broadcasts(onA.cable, onA.identifier)
          if (seen.some((m) => m.seq === bidSeq && m.type === 'bid')) return 'delivered'
          if (seen.some((m) => m.seq > lastBefore + 1)) return 'gap'
          if (onA.cable.frames.some((f) => f.type === 'disconnect') || onA.cable.ws.readyState > 1)
            return 'disconnected'
          return undefined
        },
        'node a’s subscriber to hear of the bid made through b',
        20_000,
      )
      if (outcome !== 'delivered') {
        // The client refetches: over HTTP through a, and (after a disconnect) a new snapshot.
        const again = await subscribed(w.a, alice.token, room)
        expect(again.snapshot?.seq).toBeGreaterThanOrEqual(bidSeq)
        await again.cable.close()
      }
      const refetched = await waitFor(
        async () => {
          const res = await w.a.api(
            'GET',
            `/api/auctions/${auction.id}/bidding_player`,
            undefined,
            alice.token,
          )
          return res.status === 200 ? res.body : undefined
        },
        'node a to answer again',
        20_000,
      )
      expect(refetched.player_bids[0]).toMatchObject({ amount: lot.next_bid_amount })

      // Node a works again: a bid through it is accepted and reaches b's subscriber.
      const next = await w.a.api(
        'POST',
        `/api/auctions/${auction.id}/bid_player`,
        { player_id: lot.bidding_player.id, bid_amount: refetched.next_bid_amount },
        cal.token,
      )
      expect(next.status, JSON.stringify(next.body)).toBe(200)
      const nextSeq = (await auctionEvents(w.sql, auction.id)).at(-1)?.seq as number
      await onB.cable.take((f) => f.message?.type === 'bid' && f.message.seq === nextSeq, 10_000)
      const events = await auctionEvents(w.sql, auction.id)
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1))
    } finally {
      await Promise.all([onA.cable.close(), onB.cable.close()])
    }
  })

  it('a node killed with SIGKILL mid-auction leaves the other running the auction to the end', async () => {
    const match = await upcomingCricket(w.sql, 1)
    const { auction, managers } = await runningAuction(w, alice, [bob], {
      lotSeconds: 5,
      squadMax: 2,
      matchId: match.id,
    })
    const onB = await subscribed(w.b, alice.token, { channel: 'AuctionChannel', auction_id: auction.id })
    try {
      const lot = (await w.a.api('GET', `/api/auctions/${auction.id}/bidding_player`, undefined, bob.token))
        .body
      const bid = await w.a.api(
        'POST',
        `/api/auctions/${auction.id}/bid_player`,
        { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
        bob.token,
      )
      expect(bid.status).toBe(200)
      // 5-second lots at 25×: a fifth of a second each; kill a once a few have closed.
      await setClock(w, w.a, { speed: 25 })
      await waitFor(
        async () =>
          (await auctionEvents(w.sql, auction.id)).filter((e) => e.type === 'lot_closed').length >= 3,
        'three lots to close',
        30_000,
      )
      await w.a.server.crash()

      // b alone runs every remaining lot to the end of the open round.
      let progress = ''
      await waitFor(
        async () => {
          const soFar = await auctionEvents(w.sql, auction.id)
          const last = soFar.at(-1)
          progress = `${soFar.filter((e) => e.type === 'lot_closed').length} lots closed, last event ${JSON.stringify(last)}`
          return soFar.some((e) => e.type === 'round_changed' && e.phase === 'between')
        },
        'the open round to end on node b',
        90_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message} (${progress})`)
      })
      const events = await auctionEvents(w.sql, auction.id)
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1))
      const closed = events.filter((e) => e.type === 'lot_closed').map((e) => e.playerId as number)
      const opened = events.filter((e) => e.type === 'lot_opened').map((e) => e.playerId as number)
      expect(new Set(closed).size).toBe(closed.length)
      expect([...closed].sort((x, y) => x - y)).toEqual([...opened].sort((x, y) => x - y))
      expect(events.find((e) => e.type === 'lot_closed')).toMatchObject({
        playerId: lot.bidding_player.id,
        result: 'sold',
        managerId: managers.get(bob.id),
      })
      await onB.cable.take(
        (f) => f.message?.type === 'round_changed' && f.message.phase === 'between',
        10_000,
      )

      // And b ends it for the owner.
      await setClock(w, w.b, { speed: 1 })
      const done = await w.b.api('POST', `/api/auctions/${auction.id}/complete`, undefined, alice.token)
      expect(done.status, JSON.stringify(done.body)).toBe(200)
      await onB.cable.take((f) => f.message?.type === 'completed', 10_000)
      const seqs = broadcasts(onB.cable, onB.identifier).map((m) => m.seq as number)
      expect(new Set(seqs).size).toBe(seqs.length)
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y))
      expect(await failedJobs(w.sql)).toEqual([])
    } finally {
      await onB.cable.close()
    }
  })
})
