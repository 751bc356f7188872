import { afterEach, describe, expect, it } from 'vitest'
import { smallAuction } from '../../helpers/auctions'
import { rowsWhere } from '../../helpers/db'
import { player, type RestartWorld, restartWorld, upcomingCricket, waitFor } from '../helpers'

let world: RestartWorld | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

/**
 * kill -9, and `gameMs` of game time passes before the next server starts. The clock keeps
 * running while a server is down (it is restored from its saved anchor), so the outage is
 * written as that anchor: the game time of the kill plus `gameMs`, paused — the new server
 * comes back at that instant with its clock stopped, so what it did at its start can be read
 * without racing a running clock.
 */
async function downFor(w: RestartWorld, gameMs: number) {
  await w.server.crash()
  const killedAt = Date.now()
  const row = await w.sql
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'clock')
    .executeTakeFirstOrThrow()
  const anchor = JSON.parse(row.value)
  const gameAtKill = anchor.paused
    ? anchor.anchorGameMs
    : anchor.anchorGameMs + Math.floor((killedAt - anchor.anchorRealMs) * anchor.speed)
  const value = JSON.stringify({
    ...anchor,
    anchorRealMs: Date.now(),
    anchorGameMs: gameAtKill + gameMs,
    paused: true,
  })
  await w.sql.updateTable('app_settings').set({ value }).where('key', '=', 'clock').execute()
  await w.start()
  return gameAtKill
}

async function setClock(w: RestartWorld, change: Record<string, unknown>) {
  const res = await w.api('POST', '/api/admin/clock', change, await w.adminToken())
  expect(res.status).toBe(200)
  return res.body
}

async function eventTypes(w: RestartWorld, auctionId: number) {
  const rows = await w.sql
    .selectFrom('auction_events')
    .select(['type', 'payload', 'at_ms'])
    .where('auction_id', '=', auctionId)
    .orderBy('seq')
    .execute()
  return rows.map((r) => ({ ...JSON.parse(r.payload), type: r.type, at_ms: Number(r.at_ms) }))
}

/** The last command's game time, and what was left of the lot or window then. */
async function lastCommand(w: RestartWorld, auctionId: number) {
  const row = await w.sql
    .selectFrom('auctions')
    .select(['state', 'updated_at_ms'])
    .where('id', '=', auctionId)
    .executeTakeFirstOrThrow()
  const state = JSON.parse(row.state)
  const at = Number(row.updated_at_ms)
  return { at, left: (state.lot?.endsAtMs ?? state.sealed?.closesAtMs) - at }
}

/**
 * The server's own pause over the outage: paused with what was left when it went down (the
 * last command, or a heartbeat after it: `slackMs` is the game time between the last command
 * and the kill), resumed at the start with the same, and at least the 10 s anti-snipe window.
 */
async function expectOutagePause(w: RestartWorld, auctionId: number, leftAtCommand: number, slackMs: number) {
  const [paused, resumed] = (await eventTypes(w, auctionId)).slice(-2)
  expect([paused?.type, resumed?.type]).toEqual(['paused', 'resumed'])
  expect(paused.remainingMs).toBeLessThanOrEqual(leftAtCommand)
  expect(paused.remainingMs).toBeGreaterThanOrEqual(leftAtCommand - slackMs)
  const deadline = resumed.endsAtMs ?? resumed.closesAtMs
  expect(deadline - resumed.at_ms).toBe(Math.max(paused.remainingMs, 10_000))
  // The outage itself outlasted what was left: without the pause it would have run out.
  expect(resumed.at_ms - paused.at_ms).toBeGreaterThan(paused.remainingMs)
  return deadline as number
}

/** The game time the server came back at: the outage's `resumed` event. */
const outageEnd = (events: Array<{ type: string; at_ms: number }>) =>
  (events.findLast((e) => e.type === 'resumed') as { at_ms: number }).at_ms

describe('an auction across kill -9', () => {
  it('gives the open lot back the time it had left and sells nothing while the server was down', async () => {
    world = await restartWorld('rst_auction', { seedLeague: true, heartbeatIntervalMs: 200 })
    const w = world
    const { auction, alice, bob } = await openLot(w, {
      names: ['alice_rst', 'bob_rst'],
      franchises: ['Alice XI', 'Bob XI'],
      name: 'Outage cup',
      more: { bot_takeover_seconds: 30 },
    })
    const lot = (await w.api('GET', `/api/auctions/${auction.id}/bidding_player`, undefined, bob.token)).body
    const bid = await w.api(
      'POST',
      `/api/auctions/${auction.id}/bid_player`,
      { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
      bob.token,
    )
    expect(bid.status).toBe(200)
    const last = await lastCommand(w, auction.id)
    expect(last.left).toBeGreaterThan(5000)

    // Killed with about 9 s left on a 10 s lot, down for 35 s (and past the 30 s takeover delay).
    const killedAt = await downFor(w, 35_000)

    const after = (await w.api('GET', `/api/auctions/${auction.id}/bidding_player`, undefined, alice.token))
      .body
    expect(after.bidding_player.id).toBe(lot.bidding_player.id)
    expect(after.player_bids).toMatchObject([{ manager_id: bid.body.player_bids[0].manager_id }])
    // Paused where the server went down, resumed at the start with the time it had left.
    const deadline = await expectOutagePause(w, auction.id, last.left, killedAt - last.at)
    expect(after.ends_at_in_millis).toBe(deadline)
    expect(after.remaining_millis).toBeGreaterThan(0)
    expect((await eventTypes(w, auction.id)).filter((e) => e.type === 'lot_closed')).toEqual([])
    // Nobody was taken over for time the server was down: the countdown starts again.
    const managers = (await w.api('GET', `/api/auctions/${auction.id}/managers`, undefined, alice.token)).body
    expect(managers.managers.map((m: { autopilot: boolean }) => m.autopilot)).toEqual([false, false])
    const takeovers = await rowsWhere(
      w.sql,
      'scheduled_jobs',
      { kind: 'auction.takeover', status: 'pending' },
      'run_at_ms',
    )
    expect(takeovers.map((j) => Number(j.run_at_ms))).toEqual([
      outageEnd(await eventTypes(w, auction.id)) + 30_000,
      outageEnd(await eventTypes(w, auction.id)) + 30_000,
    ])

    // The lot ends at its new time, sold; the next player gets a whole lot.
    await setClock(w, { advance_ms: after.remaining_millis })
    const next = (await w.api('GET', `/api/auctions/${auction.id}/bidding_player`, undefined, alice.token))
      .body
    expect(next.bidding_player.id).not.toBe(lot.bidding_player.id)
    expect(next.remaining_millis).toBe(10_000)
    const sold = (await eventTypes(w, auction.id)).filter((e) => e.type === 'lot_closed')
    expect(sold).toMatchObject([{ playerId: lot.bidding_player.id, result: 'sold' }])
  })

  it('keeps a tournament window open for the time it had left when its close passed during the outage', async () => {
    world = await restartWorld('rst_window', { seedLeague: true, heartbeatIntervalMs: 200 })
    const w = world
    const managers = await Promise.all(['ann', 'ben', 'cal', 'dev'].map((n) => player(w, `${n}_rst`)))
    const [ann, ben] = managers as [Awaited<ReturnType<typeof player>>, Awaited<ReturnType<typeof player>>]
    const match = await upcomingCricket(w.sql, 'latest')
    const made = await w.api(
      'POST',
      '/api/auction/tournaments',
      { name: 'Outage league', series_id: match.series_id, window_hours: 6 },
      ann.token,
    )
    expect(made.status).toBe(201)
    const t = made.body.tournament
    await setClock(w, { paused: true })
    for (const m of managers.slice(1))
      expect((await w.api('POST', `/api/auction/tournaments/${t.id}/join`, {}, m.token)).status).toBe(201)
    const bidding = (await w.api('GET', `/api/auction/tournaments/${t.id}/bidding`, undefined, ben.token))
      .body
    const target = bidding.unsold_players[0]
    await setClock(w, { speed: 1, paused: false })
    const bid = await w.api(
      'POST',
      `/api/auction/tournaments/${t.id}/bid_player`,
      { player_id: target.id, bid_amount: target.base_price + 100 },
      ben.token,
    )
    expect(bid.status).toBe(200)
    const last = await lastCommand(w, t.id)
    // The 6-hour window's close passes while the server is down for 12 hours.
    const killedAt = await downFor(w, 12 * 3600_000)

    const state = JSON.parse(
      (await w.sql.selectFrom('auctions').select('state').where('id', '=', t.id).executeTakeFirstOrThrow())
        .state,
    )
    const now = (await setClock(w, { paused: true })).now_in_millis
    expect(state.phase).toBe('sealed')
    expect(state.round).toBe(1)
    expect(state.sealed.bids).toMatchObject([{ playerId: target.id, amount: target.base_price + 100 }])
    expect(state.sealed.closesAtMs).toBeGreaterThan(now)
    expect(await expectOutagePause(w, t.id, last.left, killedAt - last.at)).toBe(state.sealed.closesAtMs)
    const events = await eventTypes(w, t.id)
    expect(events.filter((e) => e.type === 'sealed_assigned')).toEqual([])
  })
})

/**
 * Alice's auction (10 s lots; `more` adds settings) with Bob approved, a lot
 * open and the clock running at 1×; each joins under the franchise name given.
 */
async function openLot(
  w: RestartWorld,
  o: { names: [string, string]; franchises: [string, string]; name: string; more?: Record<string, unknown> },
) {
  const alice = await player(w, o.names[0])
  const bob = await player(w, o.names[1])
  const match = await upcomingCricket(w.sql, 'latest')
  const body = smallAuction(o.name, match.id, { lot_seconds: 10, ...o.more })
  const created = await w.api('POST', '/api/auctions', body, alice.token)
  expect(created.status).toBe(201)
  const auction = created.body.new_auction
  for (const [who, color, franchise] of [
    [alice, 'blue', o.franchises[0]],
    [bob, 'red', o.franchises[1]],
  ] as const) {
    const joined = await w.api(
      'POST',
      `/api/auctions/${auction.id}/join`,
      { code: auction.code, franchise_name: franchise, color },
      who.token,
    )
    expect(joined.status).toBe(201)
    if (who === bob) {
      const path = `/api/auctions/${auction.id}/managers/${joined.body.manager.id}/approve`
      expect((await w.api('POST', path, undefined, alice.token)).status).toBe(200)
    }
  }
  await setClock(w, { speed: 1, paused: false })
  expect((await w.api('POST', `/api/auctions/${auction.id}/start`, undefined, alice.token)).status).toBe(200)
  return { auction, alice, bob }
}

describe('an auction across kill -9 and a restart inside two heartbeats', () => {
  it('resumes the open lot with at least its anti-snipe window, not the seconds the restart left it', async () => {
    // Heartbeats 5 s apart: a restart within 10 s of the last one is "inside two heartbeats",
    // where a start used to take the beat for another live server and leave the lot alone.
    world = await restartWorld('rst_quick', { seedLeague: true, heartbeatIntervalMs: 5000 })
    const w = world
    const { auction, alice } = await openLot(w, {
      names: ['alice_quick', 'bob_quick'],
      franchises: ['alice_quick XI', 'bob_quick XI'],
      name: 'Quick restart cup',
    })
    const auctionId: number = auction.id
    const lotPlayer = (
      await w.api('GET', `/api/auctions/${auctionId}/bidding_player`, undefined, alice.token)
    ).body.bidding_player.id
    // Let most of the lot run out, then kill and start again at once.
    await new Promise((resolve) => setTimeout(resolve, 4000))
    await w.server.crash()
    await w.start()

    const events = await eventTypes(w, auctionId)
    const [paused, resumed] = events.slice(-2)
    expect([paused?.type, resumed?.type]).toEqual(['paused', 'resumed'])
    // Paused at the last sign of life (a beat, or the lot's opening if no beat came after it).
    expect(paused.remainingMs).toBeLessThanOrEqual(10_000)
    expect(resumed.endsAtMs - resumed.at_ms).toBe(10_000)
    expect(events.filter((e) => e.type === 'lot_closed')).toEqual([])
    const after = (await w.api('GET', `/api/auctions/${auctionId}/bidding_player`, undefined, alice.token))
      .body
    expect(after.bidding_player.id).toBe(lotPlayer)
    expect(after.ends_at_in_millis).toBe(resumed.endsAtMs)
    // The lot is still open with most of its window: people have time to reconnect and bid.
    expect(after.remaining_millis).toBeGreaterThan(5000)
  })
})

describe('an auction over days across kill -9 (quiet hours)', () => {
  it('stays paused over a restart inside its window, and after one past it resumes with the time it had', async () => {
    world = await restartWorld('rst_quiet', { seedLeague: true, heartbeatIntervalMs: 200 })
    const w = world
    const MIN = 60_000
    const now = (await w.api('GET', '/api/health')).body.now_in_millis as number
    // A window from half an hour ahead (on a whole minute) for two hours, in UTC.
    const from = Math.ceil(now / MIN) * MIN + 30 * MIN
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16)
    const window = { from: hhmm(from), to: hhmm(from + 120 * MIN), time_zone: 'UTC' }
    const { auction, alice } = await openLot(w, {
      names: ['alice_quiet', 'bob_quiet'],
      franchises: ['Alice Nights', 'Bob Nights'],
      name: 'Over days cup',
      more: { lot_seconds: 3600, quiet_hours: window },
    })
    await setClock(w, { paused: true })
    const show = async () => {
      const token = await w.api('POST', '/oauth/token', {
        grant_type: 'password',
        email: alice.email,
        password: alice.password,
      })
      const path = `/api/auctions/${auction.id}/bidding_player`
      return (await w.api('GET', path, undefined, token.body.access_token)).body
    }
    const lot = await show()
    const left = lot.ends_at_in_millis - from

    // Ten minutes into the window: paused at its start with the time the lot had then.
    await setClock(w, { now_in_millis: from + 10 * MIN })
    expect(await show()).toMatchObject({
      paused: true,
      remaining_millis: left,
      paused_until_in_millis: from + 120 * MIN,
    })
    const quietEvents = (await eventTypes(w, auction.id)).length

    // Killed inside the window and back inside it: still paused, nothing given back or run out.
    await downFor(w, 30 * MIN)
    expect(await show()).toMatchObject({
      paused: true,
      remaining_millis: left,
      paused_until_in_millis: from + 120 * MIN,
    })
    expect((await eventTypes(w, auction.id)).length).toBe(quietEvents)

    // Killed inside the window and back 40 minutes after it ended: the lot resumes now with
    // the time it had (the server was down at the window's end; that time is not lost).
    const killedAt = await downFor(w, 110 * MIN)
    const back = killedAt + 110 * MIN
    const after = await waitFor(async () => {
      const l = await show()
      return l.paused ? false : l
    }, 'the lot to resume')
    expect(after).toMatchObject({ paused: false, paused_until_in_millis: null })
    expect(after.bidding_player.id).toBe(lot.bidding_player.id)
    expect(after.ends_at_in_millis).toBe(back + left)
    const events = await eventTypes(w, auction.id)
    expect(events.filter((e) => e.type === 'lot_closed')).toEqual([])
    expect(events.at(-1)).toMatchObject({ type: 'resumed', at_ms: back })
    // The job waits for the next night.
    const jobs = await rowsWhere(
      w.sql,
      'scheduled_jobs',
      { kind: 'auction.quiet', status: 'pending' },
      'run_at_ms',
    )
    expect(jobs.map((j) => Number(j.run_at_ms))).toEqual([from + 24 * 60 * MIN])
  })
})
