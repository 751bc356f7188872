import { describe, expect, it } from 'vitest'
import { lotAnnouncement, secondsAnnouncement } from '../../../web/src/features/auctions/announce'
import type { Lot } from '../../../web/src/features/auctions/api'

/** What the auction room says to a screen reader, from the lot before and after a change. */
const T = 1_800_000_000_000
const lot = (over: Partial<Lot> = {}): Lot =>
  ({
    bidding_player: { id: 7, base_price: 100, display_name: 'J. Palmer', style_label: 'Batter' },
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
const bid = (manager_id: number, amount: number) => ({
  manager_id,
  franchise_name: null,
  color: null,
  amount,
  at_in_millis: T,
})
const nameOf = (id: number | null | undefined) =>
  id === 1 ? 'You' : id === 2 ? 'Chennai Chargers' : 'A franchise'

describe('lotAnnouncement', () => {
  it('says who bid how much and who leads, in the second person for the viewer', () => {
    const first = lot({ player_bids: [bid(2, 1200)] })
    expect(lotAnnouncement(lot(), first, nameOf)).toBe('Chennai Chargers bids 1,200. Chennai Chargers leads.')
    expect(lotAnnouncement(first, lot({ player_bids: [bid(1, 1300), bid(2, 1200)] }), nameOf)).toBe(
      'You bid 1,300. You lead.',
    )
  })

  it('says nothing when nothing a listener needs changed (a re-render, a new seq)', () => {
    const now = lot({ player_bids: [bid(2, 120)] })
    expect(lotAnnouncement(now, now, nameOf)).toBeNull()
    expect(lotAnnouncement(now, { ...now, seq: 11 }, nameOf)).toBeNull()
  })

  it('says a new player once his card has arrived, not at the bare lot_opened', () => {
    const bare = lot({ bidding_player: { id: 8, base_price: 50 } })
    expect(lotAnnouncement(null, bare, nameOf)).toBeNull()
    const carded = lot({
      bidding_player: { id: 8, base_price: 50, display_name: 'K. Rao', style_label: 'Bowler' },
    })
    expect(lotAnnouncement(bare, carded, nameOf)).toBe('Now bidding: K. Rao, Bowler, base price 50.')
  })

  it('says the sale (or no sale) of the lot that closed', () => {
    const sold = lot({ player_bids: [bid(1, 140)] })
    expect(lotAnnouncement(sold, lot({ bidding_player: null }), nameOf)).toBe(
      'Sold: J. Palmer to You for 140.',
    )
    expect(lotAnnouncement(lot(), lot({ bidding_player: null }), nameOf)).toBe('Unsold: J. Palmer.')
  })

  it('says a bid by a stand-in for an absent manager as one', () => {
    const standIn = { ...bid(2, 1200), stand_in: true }
    expect(lotAnnouncement(lot(), lot({ player_bids: [standIn] }), nameOf)).toBe(
      'A stand-in for Chennai Chargers bids 1,200. Chennai Chargers leads.',
    )
    expect(lotAnnouncement(lot(), lot({ player_bids: [{ ...bid(1, 1300), stand_in: true }] }), nameOf)).toBe(
      'Your stand-in bids 1,300. You lead.',
    )
  })

  it('says a pause overnight with when bidding resumes', () => {
    const night = lot({
      paused: true,
      paused_note: 'Paused overnight — bidding resumes at Fri 08:00 (Asia/Kolkata)',
    })
    expect(lotAnnouncement(lot(), night, nameOf)).toBe(
      'Paused overnight — bidding resumes at Fri 08:00 (Asia/Kolkata).',
    )
  })

  it('says a pause and a resume', () => {
    expect(lotAnnouncement(lot(), lot({ paused: true }), nameOf)).toBe('Paused by the owner.')
    expect(lotAnnouncement(lot({ paused: true }), lot(), nameOf)).toBe('Bidding resumed.')
  })
})

describe('secondsAnnouncement', () => {
  it('says 10, 5, 3, 2 and 1 on the way down, and no other second', () => {
    const spoken: string[] = []
    for (let s = 15; s >= 0; s--) {
      const word = secondsAnnouncement(s + 1, s)
      if (word) spoken.push(word)
    }
    expect(spoken).toEqual([
      '10 seconds left',
      '5 seconds left',
      '3 seconds left',
      '2 seconds left',
      '1 second left',
    ])
  })

  it('is silent on the first reading and when a bid puts the timer back up', () => {
    expect(secondsAnnouncement(null, 10)).toBeNull()
    expect(secondsAnnouncement(3, 10)).toBeNull()
    expect(secondsAnnouncement(10, 10)).toBeNull()
  })
})
