import { describe, expect, it } from 'vitest'
import type { Lot } from '../../../web/src/features/auctions/api'
import {
  applyLotEvent,
  applyManagerUpdate,
  needsCard,
  replay,
} from '../../../web/src/features/auctions/lot-state'

/** The web client's fold of AuctionChannel events into the current lot. */
const T = 1_800_000_000_000
const lot = (over: Partial<Lot> = {}): Lot =>
  ({
    bidding_player: { id: 7, base_price: 100, display_name: 'J. Palmer' },
    player_bids: [],
    current_user_last_bid: null,
    next_bid_amount: 100,
    ends_at_in_millis: T + 15_000,
    remaining_millis: null,
    server_time_in_millis: T,
    max_bid_amount: 900,
    paused: false,
    phase: 'open',
    seq: 10,
    ...over,
  }) as Lot
const stamp = (seq: number) => ({ seq, server_time_in_millis: T + seq })

describe('auction lot state', () => {
  it('adds a bid on the lot in front of the history, with the next amount and the reset end', () => {
    const next = applyLotEvent(lot(), {
      ...stamp(11),
      type: 'bid',
      player_id: 7,
      manager_id: 3,
      amount: 100,
      next_bid_amount: 105,
      ends_at_in_millis: T + 20_000,
      at_in_millis: T + 10_000,
    })
    expect(next).toMatchObject({ seq: 11, next_bid_amount: 105, ends_at_in_millis: T + 20_000 })
    expect(next.player_bids[0]).toMatchObject({ manager_id: 3, amount: 100 })
    // A bid for another player (a stale event) changes nothing but the seq.
    const stale = applyLotEvent(lot(), {
      ...stamp(11),
      type: 'bid',
      player_id: 8,
      manager_id: 3,
      amount: 1,
      next_bid_amount: 2,
      ends_at_in_millis: 0,
      at_in_millis: 0,
    })
    expect(stale.player_bids).toEqual([])
  })

  it('closes, opens (without the card until the refetch), pauses and resumes', () => {
    const closed = applyLotEvent(lot(), {
      ...stamp(11),
      type: 'lot_closed',
      player_id: 7,
      result: 'sold',
      manager_id: 3,
      price: 120,
    })
    expect(closed).toMatchObject({ bidding_player: null, next_bid_amount: null })
    const opened = applyLotEvent(closed, {
      ...stamp(12),
      type: 'lot_opened',
      player_id: 9,
      base_price: 50,
      next_bid_amount: 50,
      ends_at_in_millis: T + 30_000,
    })
    expect(opened.bidding_player).toEqual({ id: 9, base_price: 50 })
    expect(needsCard(opened)).toBe(true)
    const paused = applyLotEvent(opened, { ...stamp(13), type: 'paused', remaining_millis: 4_000 })
    expect(paused).toMatchObject({ paused: true, remaining_millis: 4_000 })
    const resumed = applyLotEvent(paused, {
      ...stamp(14),
      type: 'resumed',
      ends_at_in_millis: T + 90_000,
      closes_at_in_millis: null,
    })
    expect(resumed).toMatchObject({ paused: false, remaining_millis: null, ends_at_in_millis: T + 90_000 })
  })

  it('replays only the events after a fetched lot, in order, so a slow answer never rolls back', () => {
    const bid = (seq: number, amount: number) => ({
      ...stamp(seq),
      type: 'bid' as const,
      player_id: 7,
      manager_id: seq,
      amount,
      next_bid_amount: amount + 5,
      ends_at_in_millis: T + 15_000,
      at_in_millis: T,
    })
    const out = replay(lot(), [bid(9, 90), bid(11, 100), bid(12, 105), bid(14, 120)])
    expect(out.seq).toBe(12)
    expect(out.player_bids.map((b) => b.amount)).toEqual([105, 100])
  })

  it('updates a manager’s purse and squad', () => {
    const managers = [{ id: 3, purse_remaining: 1000, players_count: 0, spent: 0 }] as Parameters<
      typeof applyManagerUpdate
    >[0]
    expect(applyManagerUpdate(managers, { manager_id: 3, purse: 880, squad_size: 1 }, 1000)[0]).toMatchObject(
      {
        purse_remaining: 880,
        players_count: 1,
        spent: 120,
      },
    )
  })
})
