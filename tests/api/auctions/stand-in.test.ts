import { describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { seatAndStart, smallAuction } from '../../helpers/auctions'
import { upcomingMatch } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })

/** Moves the game clock on and fires whatever became due (the stand-in and bot jobs, lot timers). */
async function advance(ms: number) {
  ctx.world.wall.advance(ms)
  await ctx.world.deps.scheduler.runDue()
}

type ManagerRow = { id: number; autopilot: boolean; purse_remaining: number; user: { id: number } }

/**
 * Stand-ins (docs/auctions.md, "Over days"): in an auction created with `stand_in: true`, when a
 * lot opens every absent person (no socket in the room: API callers here) is played by a bot —
 * marked `stand_in` in the bid feed, within their purse — until they bid themselves.
 */
describe('stand_in: bots stand in for absent students when a lot opens', () => {
  async function started(more: Record<string, unknown>) {
    const owner = await ctx.api.player()
    const bob = await ctx.api.player()
    const match = await upcomingMatch(ctx.world.deps)
    const created = await ctx.api.post(
      '/api/auctions',
      smallAuction('Stand-ins', match.id, more),
      owner.token,
    )
    expect(created.status).toBe(201)
    const a = created.body.new_auction as { id: number; code: string; stand_in: boolean }
    await seatAndStart(ctx.api, a, owner, [bob])
    await ctx.world.deps.scheduler.runDue()
    const managers = async () =>
      (await ctx.api.get(`/api/auctions/${a.id}/managers`, owner.token)).body.managers as ManagerRow[]
    const lot = async () => (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, bob.token)).body
    return { a, owner, bob, managers, lot }
  }

  it('plays for the absent, marks its bids, stays within the purse; a bid of their own takes the seat back', async () => {
    const { a, owner, bob, managers, lot } = await started({ stand_in: true, lot_seconds: 15 })
    expect(a.stand_in).toBe(true)
    // Nobody has the room open: both are stood in for as the first lot opens.
    expect((await managers()).map((m) => m.autopilot)).toEqual([true, true])
    // The bots think for a few seconds, then bid for them, marked as stand-ins.
    await advance(5000)
    const first = await lot()
    expect(first.player_bids.length).toBeGreaterThan(0)
    expect(first.player_bids.every((b: { stand_in?: boolean }) => b.stand_in === true)).toBe(true)

    // Bob bids himself (the stand-in for the owner leads: the seed decides, the same every run).
    const now = await lot()
    const bobsId = (await managers()).find((m) => m.user.id === bob.id)?.id
    expect(now.player_bids[0].manager_id).not.toBe(bobsId)
    const mine = await ctx.api.post(
      `/api/auctions/${a.id}/bid_player`,
      { player_id: now.bidding_player.id, bid_amount: now.next_bid_amount },
      bob.token,
    )
    expect(mine.status).toBe(200)
    expect(mine.body.player_bids[0]).toMatchObject({ manager_id: bobsId })
    expect(mine.body.player_bids[0].stand_in).toBeUndefined()
    // His seat is his again; the owner, still away, is still stood in for.
    expect((await managers()).map((m) => [m.id === bobsId, m.autopilot])).toEqual([
      [false, true],
      [true, false],
    ])
    // A bid that is refused takes the seat back too: the owner's stand-in has outbid bob, and
    // the owner's own bid at its lead is refused — but the seat is the owner's again.
    await advance(5000)
    const again = await lot()
    expect(again.player_bids[0]).toMatchObject({ stand_in: true })
    expect(again.player_bids[0].manager_id).not.toBe(bobsId)
    const refusedAt = owner
    const refused = await ctx.api.post(
      `/api/auctions/${a.id}/bid_player`,
      { player_id: again.bidding_player.id, bid_amount: again.next_bid_amount },
      refusedAt.token,
    )
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe('You already have the highest bid')
    expect((await managers()).map((m) => m.autopilot)).toEqual([false, false])

    // Lots go by: whatever the stand-ins buy, no purse goes below zero and the ledger holds.
    await advance(120_000)
    for (const m of await managers()) expect(m.purse_remaining).toBeGreaterThanOrEqual(0)
    await verifyLedger(ctx.world.deps.db)
  })

  it('without stand_in nobody is played for when a lot opens', async () => {
    const { managers } = await started({ lot_seconds: 15 })
    await advance(5000)
    expect((await managers()).map((m) => m.autopilot)).toEqual([false, false])
  })
})
