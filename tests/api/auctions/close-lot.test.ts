import { describe, expect, it } from 'vitest'
import { seatAndStart, smallAuction } from '../../helpers/auctions'
import { upcomingMatch } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })

/**
 * `POST /api/auctions/{id}/close_lot`: the owner's hammer (the projector board's N key). The
 * running lot closes at once — sold to its leader, or unsold without a bid — and the next opens
 * with a full timer; only the owner may, and not while the auction is paused.
 */
describe('closing the running lot now', () => {
  it('sells to the leader or leaves unsold, opens the next lot; owner only; refused while paused', async () => {
    const owner = await ctx.api.player()
    const bob = await ctx.api.player()
    const match = await upcomingMatch(ctx.world.deps)
    const created = await ctx.api.post('/api/auctions', smallAuction('Hammer', match.id), owner.token)
    const a = created.body.new_auction as { id: number; code: string }
    await seatAndStart(ctx.api, a, owner, [bob])
    const lot = async () => (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, owner.token)).body
    const first = await lot()
    const bid = await ctx.api.post(
      `/api/auctions/${a.id}/bid_player`,
      { player_id: first.bidding_player.id, bid_amount: first.next_bid_amount },
      bob.token,
    )
    expect(bid.status).toBe(200)
    expect((await ctx.api.post(`/api/auctions/${a.id}/close_lot`, {}, bob.token)).status).toBe(403)
    const closed = await ctx.api.post(`/api/auctions/${a.id}/close_lot`, {}, owner.token)
    expect(closed.status).toBe(200)
    expect(closed.body.new_auction).toMatchObject({ sold_count: 1, unsold_count: 0 })
    const second = await lot()
    expect(second.bidding_player.id).not.toBe(first.bidding_player.id)
    expect(second.ends_at_in_millis - second.server_time_in_millis).toBe(15_000)
    const managers = (await ctx.api.get(`/api/auctions/${a.id}/managers`, owner.token)).body
    const bobs = (managers.managers ?? managers).find((m: { players_count: number }) => m.players_count === 1)
    expect(bobs).toMatchObject({ players_count: 1 })

    expect(
      (await ctx.api.post(`/api/auctions/${a.id}/close_lot`, {}, owner.token)).body.new_auction,
    ).toMatchObject({
      sold_count: 1,
      unsold_count: 1,
    })
    await ctx.api.post(`/api/auctions/${a.id}/pause`, {}, owner.token)
    const paused = await ctx.api.post(`/api/auctions/${a.id}/close_lot`, {}, owner.token)
    expect(paused.status).toBe(409)
    expect(paused.body.code).toBe('AUCTION_STATE')
  })
})
