import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/main'
import { actionCable, cableUrl, signedInUser, startCableServer, watch, webRequest } from '../../helpers/cable'
import { seedLeague, upcomingMatch } from '../../helpers/league'

const ActionCable = actionCable()
let server: RunningServer
let admin: { token: string }

beforeAll(async () => {
  server = await startCableServer()
  await seedLeague(server.deps, 7)
  admin = await signedInUser(server, 'admin')
})
afterAll(async () => {
  await server.close()
})

async function call(method: string, url: string, token: string, body?: unknown) {
  const res = await webRequest(server, method, url, token, body)
  return { status: res.status, body: (await res.json()) as any }
}

/** Game time moves on by `ms` (the scheduler fires whatever became due). */
async function advance(ms: number) {
  expect((await call('POST', '/api/admin/clock', admin.token, { advance_ms: ms })).status).toBe(200)
}

/** An auction of the owner and Bob (approved), with long lots so that only the test ends them. */
async function auctionOfTwo(settings: Record<string, unknown>) {
  const owner = await signedInUser(server)
  const bob = await signedInUser(server)
  const match = await upcomingMatch(server.deps)
  const created = await call('POST', '/api/auctions', owner.token, {
    name: 'Away night',
    match_id: match.id,
    squad_min: 1,
    squad_max: 4,
    balanced: false,
    purse: 1000,
    lot_seconds: 120,
    ...settings,
  })
  expect(created.status).toBe(201)
  const { id, code } = created.body.new_auction
  await call('POST', `/api/auctions/${id}/join`, owner.token, {
    code,
    franchise_name: 'Owners',
    color: 'blue',
  })
  const joined = await call('POST', `/api/auctions/${id}/join`, bob.token, {
    code,
    franchise_name: 'Bobcats',
    color: 'red',
  })
  const bobManager: number = joined.body.manager.id
  await call('POST', `/api/auctions/${id}/managers/${bobManager}/approve`, owner.token)
  return { id, owner, bob, bobManager, auction: created.body.new_auction }
}

const managers = async (id: number, token: string) =>
  (await call('GET', `/api/auctions/${id}/managers?status=approved`, token)).body.managers as Array<{
    id: number
    autopilot: boolean
  }>

const pendingTakeovers = (id: number) =>
  server.deps.db
    .selectFrom('scheduled_jobs')
    .select(['unique_key', 'run_at_ms'])
    .where('kind', '=', 'auction.takeover')
    .where('status', '=', 'pending')
    .where('unique_key', 'like', `auction:${id}:takeover:%`)
    .execute()

describe('bots take over a manager who is away', () => {
  it('a bot plays for a manager away longer than the setting, and hands back when they return', async () => {
    const { id, owner, bob, bobManager, auction } = await auctionOfTwo({ bot_takeover_seconds: 30 })
    expect(auction.bot_takeover_seconds).toBe(30)
    const identifier = { channel: 'AuctionChannel', auction_id: id }
    const ownerCable = ActionCable.createConsumer(cableUrl(server, `?access_token=${owner.token}`))
    let bobCable = ActionCable.createConsumer(cableUrl(server, `?access_token=${bob.token}`))
    try {
      const o = watch(ownerCable, identifier)
      await o.waitFor('received')
      const b = watch(bobCable, identifier)
      await b.waitFor('received')
      expect((await call('POST', `/api/auctions/${id}/start`, owner.token)).status).toBe(200)
      // Both are in the room: nobody is due to be taken over.
      expect(await pendingTakeovers(id)).toEqual([])

      // Bob closes his laptop; 29 s later he is still himself, at 30 s a bot plays for him.
      bobCable.disconnect()
      await expect
        .poll(async () => (await pendingTakeovers(id)).map((j) => j.unique_key))
        .toEqual([`auction:${id}:takeover:${bobManager}`])
      await advance(29_000)
      expect((await managers(id, owner.token)).find((m) => m.id === bobManager)?.autopilot).toBe(false)
      await advance(1_500)
      await expect
        .poll(async () => (await managers(id, owner.token)).find((m) => m.id === bobManager)?.autopilot)
        .toBe(true)
      const received = () => o.events.flatMap((e) => (e.kind === 'received' ? [(e as any).message] : []))
      await expect
        .poll(() => received().some((m) => m.type === 'managers_changed' && m.autopilot === true))
        .toBe(true)

      // The bot bids for Bob on the open lot within its thinking time (at most 4 s).
      await advance(4_500)
      await expect
        .poll(() => received().some((m) => m.type === 'bid' && m.manager_id === bobManager))
        .toBe(true)
      // The owner never left: nobody plays for them.
      expect((await managers(id, owner.token)).find((m) => m.id !== bobManager)?.autopilot).toBe(false)

      // Bob is back: the bot hands over at once and the room hears of it.
      bobCable = ActionCable.createConsumer(cableUrl(server, `?access_token=${bob.token}`))
      const again = watch(bobCable, identifier)
      await again.waitFor('received')
      await expect
        .poll(async () => (await managers(id, bob.token)).find((m) => m.id === bobManager)?.autopilot)
        .toBe(false)
      await expect
        .poll(() => received().some((m) => m.type === 'managers_changed' && m.autopilot === false))
        .toBe(true)
      // With him in the room no takeover is pending, and the bot no longer bids for him.
      expect(await pendingTakeovers(id)).toEqual([])
      const bidsBefore = received().filter((m) => m.type === 'bid' && m.manager_id === bobManager).length
      await advance(10_000)
      await new Promise((r) => setTimeout(r, 200))
      expect(received().filter((m) => m.type === 'bid' && m.manager_id === bobManager).length).toBe(
        bidsBefore,
      )
    } finally {
      ownerCable.disconnect()
      bobCable.disconnect()
    }
  }, 30_000)

  it('a manager who never opens the room is away from the start; without the setting nobody is taken over', async () => {
    const on = await auctionOfTwo({ bot_takeover_seconds: 10 })
    expect((await call('POST', `/api/auctions/${on.id}/start`, on.owner.token)).status).toBe(200)
    // Neither opened the room: both are due 10 s after the start.
    expect((await pendingTakeovers(on.id)).map((j) => j.unique_key).sort()).toHaveLength(2)
    await advance(10_500)
    await expect
      .poll(async () => (await managers(on.id, on.owner.token)).every((m) => m.autopilot))
      .toBe(true)

    const off = await auctionOfTwo({})
    expect(off.auction.bot_takeover_seconds).toBeNull()
    expect((await call('POST', `/api/auctions/${off.id}/start`, off.owner.token)).status).toBe(200)
    expect(await pendingTakeovers(off.id)).toEqual([])
    await advance(60_000)
    expect((await managers(off.id, off.owner.token)).some((m) => m.autopilot)).toBe(false)
  }, 30_000)

  it('refuses a takeover delay outside 10 s – 1 h', async () => {
    const owner = await signedInUser(server)
    const match = await upcomingMatch(server.deps)
    const bad = await call('POST', '/api/auctions', owner.token, {
      name: 'Too quick',
      match_id: match.id,
      bot_takeover_seconds: 5,
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.bot_takeover_seconds).toBeDefined()
  })
})

describe('stand-ins when a lot opens (stand_in: true)', () => {
  it('stand in for the one away, not for the one in the room; the bids say so on the wire', async () => {
    const { id, owner, bobManager } = await auctionOfTwo({ stand_in: true })
    const identifier = { channel: 'AuctionChannel', auction_id: id }
    // The owner has the room open; Bob does not.
    const ownerCable = ActionCable.createConsumer(cableUrl(server, `?access_token=${owner.token}`))
    try {
      const o = watch(ownerCable, identifier)
      await o.waitFor('received')
      expect((await call('POST', `/api/auctions/${id}/start`, owner.token)).status).toBe(200)
      await advance(0)
      await expect
        .poll(async () => (await managers(id, owner.token)).map((m) => [m.id === bobManager, m.autopilot]))
        .toEqual([
          [false, false],
          [true, true],
        ])
      const received = () => o.events.flatMap((e) => (e.kind === 'received' ? [(e as any).message] : []))
      expect(
        received().some(
          (m) => m.type === 'managers_changed' && m.manager_id === bobManager && m.stand_in === true,
        ),
      ).toBe(true)
      // Bob's stand-in bids within its thinking time, marked as a stand-in's bid.
      await advance(4_500)
      await expect
        .poll(() => received().find((m) => m.type === 'bid' && m.manager_id === bobManager))
        .toMatchObject({ stand_in: true })
    } finally {
      ownerCable.disconnect()
    }
  })
})
