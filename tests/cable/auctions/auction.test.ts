import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/main'
import { smallAuction } from '../../helpers/auctions'
import { actionCable, cableUrl, signedInUser, startCableServer, watch, webRequest } from '../../helpers/cable'
import { durableDatabase } from '../../helpers/db'
import { seedLeague, upcomingMatch } from '../../helpers/league'

const ActionCable = actionCable()
let database: Awaited<ReturnType<typeof durableDatabase>>
const running: RunningServer[] = []

beforeAll(async () => {
  database = await durableDatabase('auction')
})

afterAll(async () => {
  for (const server of running) await server.close()
  await database.drop()
})

async function call(server: RunningServer, method: string, url: string, token: string, body?: unknown) {
  const send = () => webRequest(server, method, url, token, body)
  // A kept-alive socket to the server that was stopped fails once; the retry opens a new one.
  const res = await send().catch(() => send())
  return { status: res.status, body: (await res.json()) as any }
}

describe('AuctionChannel with @rails/actioncable', () => {
  it('snapshots, broadcasts bids in seq order, refuses to the bidder only, and resumes the lot after a restart', async () => {
    const first = await startCableServer({ database: database.config })
    running.push(first)
    await seedLeague(first.deps)
    const owner = await signedInUser(first)
    const bob = await signedInUser(first)
    const match = await upcomingMatch(first.deps)
    const created = await call(
      first,
      'POST',
      '/api/auctions',
      owner.token,
      smallAuction('Cable night', match.id),
    )
    const id = created.body.new_auction.id
    const code = created.body.new_auction.code
    await call(first, 'POST', `/api/auctions/${id}/join`, owner.token, {
      code,
      franchise_name: 'Owners',
      color: 'blue',
    })
    const joined = await call(first, 'POST', `/api/auctions/${id}/join`, bob.token, {
      code,
      franchise_name: 'Bobcats',
      color: 'red',
    })
    const bobManager = joined.body.manager.id
    await call(first, 'POST', `/api/auctions/${id}/managers/${bobManager}/approve`, owner.token)
    expect((await call(first, 'POST', `/api/auctions/${id}/start`, owner.token)).status).toBe(200)

    const ownerCable = ActionCable.createConsumer(cableUrl(first, `?access_token=${owner.token}`))
    const bobCable = ActionCable.createConsumer(cableUrl(first, `?access_token=${bob.token}`))
    try {
      const identifier = { channel: 'AuctionChannel', auction_id: id }
      const o = watch(ownerCable, identifier)
      const b = watch(bobCable, identifier)
      const [snapshot] = (await o.waitFor('received')).map((e) => e.message)
      await b.waitFor('received')
      expect(snapshot).toMatchObject({ type: 'snapshot', auction: { id, phase: 'open' } })
      const lot = snapshot.bidding_player
      expect(lot.bidding_player.id).toEqual(expect.any(Number))
      expect(lot.ends_at_in_millis).toBeGreaterThan(lot.server_time_in_millis)

      // Bob bids over the channel; both rooms see it with the next seq.
      b.subscription.perform('bid', { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount })
      await o.waitFor('received', 2)
      const bid = o.events.filter((e) => e.kind === 'received').map((e) => (e as { message: any }).message)[1]
      expect(bid).toMatchObject({
        type: 'bid',
        seq: snapshot.seq + 1,
        manager_id: bobManager,
        amount: lot.next_bid_amount,
        player_id: lot.bidding_player.id,
      })
      await b.waitFor('received', 2)

      // The owner's wrong amount is refused to the owner alone.
      o.subscription.perform('bid', { player_id: lot.bidding_player.id, bid_amount: 1 })
      await o.waitFor('received', 3)
      expect(o.events.at(-1)).toMatchObject({
        kind: 'received',
        message: { type: 'bid_refused', code: 'BID_REFUSED' },
      })
      await new Promise((r) => setTimeout(r, 200))
      expect(b.events.filter((e) => e.kind === 'received')).toHaveLength(2)
    } finally {
      ownerCable.disconnect()
      bobCable.disconnect()
    }

    // A restart mid-lot: the same lot, its end moved by the time the server was down (the
    // clock runs at 1×, docs/restarts.md), and it sells when the clock gets there.
    const before = (await call(first, 'GET', `/api/auctions/${id}/bidding_player`, owner.token)).body
    const stopping = Date.now()
    await first.close()
    const second = await startCableServer({ port: first.port, database: database.config })
    const downMs = Date.now() - stopping
    running.push(second)
    const after = (await call(second, 'GET', `/api/auctions/${id}/bidding_player`, owner.token)).body
    expect(after.bidding_player.id).toBe(before.bidding_player.id)
    expect(after.ends_at_in_millis).toBeGreaterThanOrEqual(before.ends_at_in_millis)
    expect(after.ends_at_in_millis - before.ends_at_in_millis).toBeLessThanOrEqual(downMs)
    expect(after.player_bids).toEqual(before.player_bids)
    const admin = await signedInUser(second, 'admin')
    const jump = await call(second, 'POST', '/api/admin/clock', admin.token, {
      now_in_millis: after.ends_at_in_millis + 1,
    })
    expect(jump.status).toBe(200)
    const sold = (await call(second, 'GET', `/api/auctions/${id}/players?status=sold`, owner.token)).body
      .players
    expect(sold).toEqual([expect.objectContaining({ id: before.bidding_player.id, manager_id: bobManager })])
  }, 30_000)
})
