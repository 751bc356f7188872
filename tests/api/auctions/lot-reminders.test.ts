import { describe, expect, it } from 'vitest'
import { seatAndStart, smallAuction } from '../../helpers/auctions'
import { upcomingMatch } from '../../helpers/league'
import { longClock } from '../../helpers/long-clock'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })

const HOUR = 3600_000
const { advance, player } = longClock(ctx)
type Player = Awaited<ReturnType<typeof player>>

type Note = { kind: string; body: string; data: { auction_id?: number; path?: string } }
const reminders = async (p: Player) =>
  ((await ctx.api.get('/api/notifications', p.token)).body.notifications as Note[]).filter(
    (n) => n.kind === 'auction_lot_opened',
  )

/**
 * Lot reminders (docs/auctions.md, "Over days"): in an auction with quiet hours, each lot that
 * opens reminds every person away from the room — once per lot, with a link to the bidding
 * room, and never inside the quiet hours (sent when the window ends). The tests' clock starts
 * at 11:30 in Kolkata.
 */
describe('a reminder when a lot opens in an auction that runs over days', () => {
  async function started(name: string, window: { from: string; to: string }) {
    const owner = await player()
    const bob = await player()
    const match = await upcomingMatch(ctx.world.deps)
    const quiet_hours = { ...window, time_zone: 'Asia/Kolkata' }
    const created = await ctx.api.post(
      '/api/auctions',
      smallAuction(name, match.id, { lot_seconds: 6 * 3600, quiet_hours }),
      owner.token,
    )
    expect(created.status).toBe(201)
    const a = created.body.new_auction as { id: number; code: string; name: string }
    await seatAndStart(ctx.api, a, owner, [bob])
    await ctx.world.deps.scheduler.runDue()
    return { a, owner, bob }
  }

  it('one per lot and person, linking to the bidding room', async () => {
    const { a, owner, bob } = await started('Reminded', { from: '22:00', to: '08:00' })
    const first = await reminders(bob)
    expect(first).toHaveLength(1)
    expect(first[0]).toMatchObject({
      data: { auction_id: a.id, path: `/auctions/${a.id}/bidding` },
      body: expect.stringContaining(`is up for bidding in ${a.name}.`),
    })
    expect(await reminders(owner)).toHaveLength(1)
    // The job running again (a crash after its commit, a second process) sends nothing more.
    await ctx.world.deps.scheduler.schedule(ctx.world.deps.db, {
      kind: 'auction.lot_reminder',
      runAtMs: ctx.world.deps.clock.now(),
      payload: { auction_id: a.id },
    })
    await ctx.world.deps.scheduler.runDue()
    expect(await reminders(bob)).toHaveLength(1)
    // 17:30: the next lot opens, and with it the next reminder.
    await advance(6 * HOUR)
    const second = await reminders(bob)
    expect(second).toHaveLength(2)
    expect(second[0]?.body).not.toBe(second[1]?.body)
  })

  it('a lot that opens inside the quiet hours is reminded of when they end', async () => {
    // 11:30 in Kolkata: inside a window from 11:00 to 12:00.
    const { bob } = await started('Quiet start', { from: '11:00', to: '12:00' })
    expect(await reminders(bob)).toHaveLength(0)
    await advance(0.5 * HOUR)
    expect(await reminders(bob)).toHaveLength(1)
  })

  it('an auction without quiet hours sends none', async () => {
    const owner = await player()
    const bob = await player()
    const match = await upcomingMatch(ctx.world.deps)
    const created = await ctx.api.post('/api/auctions', smallAuction('Evening', match.id), owner.token)
    await seatAndStart(ctx.api, created.body.new_auction, owner, [bob])
    await ctx.world.deps.scheduler.runDue()
    expect(await reminders(bob)).toHaveLength(0)
  })
})
