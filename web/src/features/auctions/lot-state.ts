import type { Lot, Manager, Phase } from './api'

/**
 * AuctionChannel's engine events as they arrive (snake_case, times `…_in_millis`), and the pure
 * fold that keeps the current lot up to date from them, so a bid shows without a refetch.
 */
interface Stamp {
  seq: number
  server_time_in_millis: number
}
export type EngineEvent = Stamp &
  (
    | {
        type: 'lot_opened'
        player_id: number
        base_price: number
        next_bid_amount: number
        ends_at_in_millis: number
      }
    | {
        type: 'bid'
        player_id: number
        manager_id: number
        amount: number
        next_bid_amount: number
        ends_at_in_millis: number
        at_in_millis: number
        /** Placed by a bot standing in for the absent manager. */
        stand_in?: boolean
      }
    | {
        type: 'lot_closed'
        player_id: number
        result: 'sold' | 'unsold'
        manager_id: number | null
        price: number | null
      }
    | { type: 'manager_updated'; manager_id: number; purse: number; squad_size: number }
    | { type: 'round_changed'; phase: Phase; round: number; closes_at_in_millis: number | null }
    | { type: 'paused'; remaining_millis: number | null; resumes_at_in_millis?: number; note?: string }
    | { type: 'resumed'; ends_at_in_millis: number | null; closes_at_in_millis: number | null }
    | { type: 'sealed_bid'; manager_id: number }
    | { type: 'sealed_assigned'; player_id: number; manager_id: number; price: number; tie: boolean }
    | { type: 'released'; player_id: number; manager_id: number; price: number }
    | { type: 'completed' }
    | { type: 'manager_added' | 'manager_removed'; manager_id: number }
  )

/** The lot after one event (the caller has checked that `e.seq` is the next one). */
// Long: one switch over the engine's events, a short case each (the whole set on one page).
export function applyLotEvent(lot: Lot, e: EngineEvent): Lot {
  const next: Lot = { ...lot, seq: e.seq, server_time_in_millis: e.server_time_in_millis }
  switch (e.type) {
    case 'lot_opened':
      return {
        ...next,
        phase: 'open',
        // The card (name, side, role) comes with the refetch this event triggers.
        bidding_player: { id: e.player_id, base_price: e.base_price },
        player_bids: [],
        current_user_last_bid: null,
        next_bid_amount: e.next_bid_amount,
        ends_at_in_millis: e.ends_at_in_millis,
        remaining_millis: null,
      }
    case 'bid': {
      if (lot.bidding_player?.id !== e.player_id) return next
      const bid = {
        manager_id: e.manager_id,
        franchise_name: null,
        color: null,
        amount: e.amount,
        at_in_millis: e.at_in_millis,
        ...(e.stand_in ? { stand_in: true } : {}),
      }
      return {
        ...next,
        player_bids: [bid, ...lot.player_bids],
        next_bid_amount: e.next_bid_amount,
        ends_at_in_millis: e.ends_at_in_millis,
      }
    }
    case 'lot_closed':
      return {
        ...next,
        bidding_player: null,
        player_bids: [],
        current_user_last_bid: null,
        next_bid_amount: null,
        ends_at_in_millis: null,
        remaining_millis: null,
      }
    case 'round_changed':
      return { ...next, phase: e.phase }
    case 'paused':
      return {
        ...next,
        paused: true,
        remaining_millis: e.remaining_millis,
        // A pause for quiet hours says when it ends (docs/auctions.md, "Over days").
        paused_until_in_millis: e.resumes_at_in_millis ?? null,
        paused_note: e.note ?? null,
      }
    case 'resumed':
      return {
        ...next,
        paused: false,
        paused_until_in_millis: null,
        paused_note: null,
        remaining_millis: null,
        ends_at_in_millis: e.ends_at_in_millis ?? lot.ends_at_in_millis,
      }
    case 'completed':
      return {
        ...next,
        phase: 'completed',
        bidding_player: null,
        next_bid_amount: null,
        ends_at_in_millis: null,
      }
    default:
      return next
  }
}

/**
 * A fetched lot brought up to date with the events that arrived while it was on its way
 * (those numbered after it), so a slow answer never rolls the lot back.
 */
export function replay(lot: Lot, events: readonly EngineEvent[]): Lot {
  let out = lot
  for (const e of events) if (e.seq === out.seq + 1) out = applyLotEvent(out, e)
  return out
}

/** The managers list after a purse or squad change. */
export function applyManagerUpdate(
  managers: Manager[],
  e: { manager_id: number; purse: number; squad_size: number },
  startPurse: number,
): Manager[] {
  return managers.map((m) =>
    m.id === e.manager_id
      ? { ...m, purse_remaining: e.purse, players_count: e.squad_size, spent: startPurse - e.purse }
      : m,
  )
}

/** Whether a lot still lacks its player's card (the refetch after `lot_opened` has not landed). */
export const needsCard = (lot: Lot | undefined): boolean =>
  Boolean(lot?.bidding_player && lot.bidding_player.display_name === undefined)
