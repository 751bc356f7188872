import type { AuctionPlayer, Band, SquadRules } from './rules'

export interface AuctionConfig extends SquadRules {
  bands: Band[]
  /** A lot's length (default 15 s). */
  lotMs: number
  /** A bid with less than this left resets the timer to it (10 s). */
  resetMs: number
  /** A released player cannot be bought back by the same manager for this long (2 days). */
  releaseLockMs: number
  /** Lot order and tie-breaks. */
  seed: number
}

export interface ManagerState {
  id: number
  purse: number
  squad: Array<{ playerId: number; price: number }>
}

export interface LotBid {
  managerId: number
  amount: number
  atMs: number
  /** Placed by a bot standing in for the absent manager (docs/auctions.md, "Over days"). */
  standIn?: true
}

export interface Lot {
  playerId: number
  bids: LotBid[]
  endsAtMs: number
}

export interface SealedBid {
  managerId: number
  playerId: number
  amount: number
  atMs: number
}

export type Phase = 'waiting' | 'open' | 'between' | 'sealed' | 'completed'

export interface AuctionState {
  phase: Phase
  /** Sealed rounds run so far. */
  round: number
  seq: number
  config: AuctionConfig
  players: AuctionPlayer[]
  managers: ManagerState[]
  /** Players still to come up in the open round, in order. */
  queue: number[]
  lot: Lot | null
  /**
   * Set while paused: what was left of the lot (or sealed round) when it was paused. A pause
   * for quiet hours also has when it ends (`untilMs`) and what refused bids are told (`note`).
   */
  paused: { atMs: number; remainingMs: number | null; untilMs?: number; note?: string } | null
  /** Players nobody owns and who are not queued: the sealed rounds' pool. */
  unsold: number[]
  sealed: { bids: SealedBid[]; closesAtMs: number | null } | null
  lastTieWinner: number | null
  tieDraws: number
  locks: Array<{ managerId: number; playerId: number; untilMs: number }>
}

export type AuctionCommand =
  | { type: 'add_manager'; managerId: number; atMs: number }
  | { type: 'remove_manager'; managerId: number; atMs: number }
  /** `sealedOnly`: no open round — every player goes straight to the sealed pool (tournaments). */
  | { type: 'start'; atMs: number; sealedOnly?: boolean }
  /** `standIn`: a bot bids for the (absent) manager. */
  | { type: 'bid'; managerId: number; playerId: number; amount: number; atMs: number; standIn?: boolean }
  | { type: 'tick'; atMs: number }
  /** `untilMs` / `note`: a pause for quiet hours, until the window ends (docs/auctions.md, "Over days"). */
  | { type: 'pause'; atMs: number; untilMs?: number; note?: string }
  /**
   * `minRemainingMs`: the lot (or sealed round) gets at least this long, whatever was left when
   * it was paused (the server's own pause over an outage: people need a moment to reconnect).
   */
  | { type: 'resume'; atMs: number; minRemainingMs?: number }
  | { type: 'start_sealed'; atMs: number; closesAtMs: number | null }
  | { type: 'sealed_bid'; managerId: number; playerId: number; amount: number; atMs: number }
  | { type: 'close_sealed'; atMs: number }
  /** The owner's hammer: the running lot closes now (sold to its leader, if any) and the next opens. */
  | { type: 'close_lot'; atMs: number }
  | { type: 'release'; managerId: number; playerId: number; atMs: number }
  | { type: 'complete'; atMs: number }

export type EventBody =
  | { type: 'manager_added'; managerId: number }
  | { type: 'manager_removed'; managerId: number }
  | { type: 'lot_opened'; playerId: number; basePrice: number; nextBidAmount: number; endsAtMs: number }
  | {
      type: 'bid'
      playerId: number
      managerId: number
      amount: number
      nextBidAmount: number
      endsAtMs: number
      standIn?: true
    }
  | {
      type: 'lot_closed'
      playerId: number
      result: 'sold' | 'unsold'
      managerId: number | null
      price: number | null
    }
  | { type: 'manager_updated'; managerId: number; purse: number; squadSize: number }
  | { type: 'round_changed'; phase: Phase; round: number; closesAtMs: number | null }
  | { type: 'paused'; remainingMs: number | null; resumesAtMs?: number; note?: string }
  | { type: 'resumed'; endsAtMs: number | null; closesAtMs: number | null }
  /** Only for the bidder until the round closes: never broadcast as is. */
  | { type: 'sealed_bid'; managerId: number; playerId: number; amount: number; private: true }
  | { type: 'sealed_assigned'; playerId: number; managerId: number; price: number; tie: boolean }
  | { type: 'released'; playerId: number; managerId: number; price: number; lockedUntilMs: number }
  | { type: 'completed' }

export type AuctionEvent = EventBody & { seq: number; atMs: number }

export type ViolationCode =
  | 'PHASE'
  | 'PAUSED'
  | 'NOT_A_MANAGER'
  | 'NOT_ENOUGH_MANAGERS'
  | 'LOT_CLOSED'
  | 'WRONG_AMOUNT'
  | 'ALREADY_HIGHEST'
  | 'OVER_BUDGET'
  | 'SQUAD_FULL'
  | 'STAR_LIMIT'
  | 'SQUAD_BALANCE'
  | 'BELOW_BASE'
  | 'NOT_IN_ROUND'
  | 'RELEASE_LOCKED'
  | 'NOT_OWNED'

export interface Violation {
  code: ViolationCode
  message: string
}

export type ApplyResult =
  | { ok: true; state: AuctionState; events: AuctionEvent[] }
  | { ok: false; violation: Violation }

export const DEFAULT_TIMINGS = { lotMs: 15_000, resetMs: 10_000, releaseLockMs: 2 * 24 * 3600_000 }

export const fail = (code: ViolationCode, message: string): ApplyResult => ({
  ok: false,
  violation: { code, message },
})

export type Emit = (body: EventBody) => void

export function player(s: AuctionState, id: number): AuctionPlayer | undefined {
  return s.players.find((p) => p.id === id)
}

export function squadOf(s: AuctionState, m: ManagerState): AuctionPlayer[] {
  return m.squad.map((x) => player(s, x.playerId) as AuctionPlayer)
}

/** The cheapest base price among players still to be sold (the reservation's unit). */
export function minBase(s: AuctionState): number {
  let min = Number.POSITIVE_INFINITY
  for (const id of [...s.queue, ...s.unsold, ...(s.lot ? [s.lot.playerId] : [])]) {
    const p = player(s, id)
    if (p && p.basePrice < min) min = p.basePrice
  }
  return Number.isFinite(min) ? min : 0
}
