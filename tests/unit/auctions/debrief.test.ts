import { describe, expect, it } from 'vitest'
import {
  debriefLots,
  efficiencyOf,
  revenueOf,
  spendCurves,
  valuePer100,
} from '../../../server/domain/auction/debrief'
import type { AuctionEvent } from '../../../server/domain/auction/engine'

/** The debrief's counting (docs/auctions.md, "The debrief"), over an event log written by hand. */
const log: AuctionEvent[] = [
  { type: 'lot_opened', playerId: 10, basePrice: 100, nextBidAmount: 100, endsAtMs: 15, seq: 1, atMs: 0 },
  { type: 'bid', playerId: 10, managerId: 1, amount: 100, nextBidAmount: 110, endsAtMs: 20, seq: 2, atMs: 3 },
  { type: 'bid', playerId: 10, managerId: 2, amount: 110, nextBidAmount: 120, endsAtMs: 25, seq: 3, atMs: 5 },
  { type: 'lot_closed', playerId: 10, result: 'sold', managerId: 2, price: 110, seq: 4, atMs: 25 },
  { type: 'manager_updated', managerId: 2, purse: 890, squadSize: 1, seq: 5, atMs: 25 },
  { type: 'lot_opened', playerId: 11, basePrice: 50, nextBidAmount: 50, endsAtMs: 40, seq: 6, atMs: 25 },
  { type: 'lot_closed', playerId: 11, result: 'unsold', managerId: null, price: null, seq: 7, atMs: 40 },
  { type: 'lot_opened', playerId: 12, basePrice: 50, nextBidAmount: 50, endsAtMs: 55, seq: 8, atMs: 40 },
  { type: 'bid', playerId: 12, managerId: 2, amount: 50, nextBidAmount: 55, endsAtMs: 60, seq: 9, atMs: 42 },
  { type: 'lot_closed', playerId: 12, result: 'sold', managerId: 2, price: 50, seq: 10, atMs: 60 },
  { type: 'round_changed', phase: 'sealed', round: 1, closesAtMs: 200, seq: 11, atMs: 100 },
  { type: 'sealed_assigned', playerId: 11, managerId: 1, price: 80, tie: false, seq: 12, atMs: 200 },
]

describe('the debrief of an event log', () => {
  const lots = debriefLots(log, (id) => (id === 11 ? 50 : 0))

  it('makes a lot of each opening and of each sealed assignment, with its bids in order', () => {
    expect(lots.map((l) => [l.index, l.round, l.player_id, l.result, l.manager_id, l.price])).toEqual([
      [1, 'open', 10, 'sold', 2, 110],
      [2, 'open', 11, 'unsold', null, null],
      [3, 'open', 12, 'sold', 2, 50],
      [4, 'sealed', 11, 'sold', 1, 80],
    ])
    expect(lots[0]?.bids).toEqual([
      { at_in_millis: 3, manager_id: 1, amount: 100 },
      { at_in_millis: 5, manager_id: 2, amount: 110 },
    ])
    expect(lots[0]).toMatchObject({ opened_at_in_millis: 0, closed_at_in_millis: 25, price_to_base: 1.1 })
    expect(lots[3]).toMatchObject({
      opened_at_in_millis: 100,
      closed_at_in_millis: 200,
      base_price: 50,
      price_to_base: 1.6,
    })
    expect(revenueOf(lots)).toBe(240)
  })

  it('draws each manager’s cumulative spend after each lot won, and an empty curve for none', () => {
    const curves = spendCurves(lots, [1, 2, 3])
    expect(curves.get(2)?.map((p) => [p.at_in_millis, p.lot_index, p.spent])).toEqual([
      [25, 1, 110],
      [60, 3, 160],
    ])
    expect(curves.get(1)?.map((p) => p.spent)).toEqual([80])
    expect(curves.get(3)).toEqual([])
  })

  it('measures efficiency against the most valuable players of the pool for the places sold', () => {
    expect(efficiencyOf(30, [20, 5, 15, 10], 2)).toEqual({
      realised_value: 30,
      best_value: 35,
      sold_count: 2,
      efficiency: 0.8571,
    })
    expect(efficiencyOf(0, [0, 0], 1).efficiency).toBeNull()
    expect(valuePer100(45, 900)).toBe(5)
    expect(valuePer100(10, 0)).toBeNull()
  })
})
