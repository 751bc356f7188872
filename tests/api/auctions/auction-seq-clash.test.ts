import { describe, expect, it } from 'vitest'
import { seatAndStart, smallAuction } from '../../helpers/auctions'
import { rowById } from '../../helpers/db'
import { upcomingMatch } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

// A unique-key clash on `auction_events (auction_id, seq)` — the trace of a command that some
// other writer already numbered — is retried on a fresh read and, if it persists, answered
// 409: never a 500, never half written.

const ctx = apiWorld({ league: true })

describe('a clash on an auction event seq', () => {
  it('answers 409 and writes nothing', async () => {
    const owner = await ctx.api.player()
    const bob = await ctx.api.player()
    const match = await upcomingMatch(ctx.world.deps)
    const created = await ctx.api.post('/api/auctions', smallAuction('Clash', match.id), owner.token)
    const auction = created.body.new_auction as { id: number; code: string }
    await seatAndStart(ctx.api, auction, owner, [bob])
    const lot = (await ctx.api.get(`/api/auctions/${auction.id}/bidding_player`, owner.token)).body
    const stored = await rowById(ctx.world.deps.db, 'auctions', auction.id, 'seq')
    // The next event's seq is already taken.
    await ctx.world.deps.db
      .insertInto('auction_events')
      .values({ auction_id: auction.id, seq: stored.seq + 1, type: 'stray', payload: '{}', at_ms: 0 })
      .execute()
    const bid = await ctx.api.post(
      `/api/auctions/${auction.id}/bid_player`,
      { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
      bob.token,
    )
    expect(bid.status).toBe(409)
    expect(bid.body.code).toBe('AUCTION_STATE')
    const after = await rowById(ctx.world.deps.db, 'auctions', auction.id, 'seq')
    expect(after.seq).toBe(stored.seq)
  })
})
