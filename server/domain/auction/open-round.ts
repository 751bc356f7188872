import {
  type AuctionCommand,
  type AuctionState,
  type Emit,
  type Lot,
  type ManagerState,
  minBase,
  player,
  squadOf,
  type Violation,
} from './engine-state'
import { type AuctionPlayer, canAdd, maxBid, nextBidAmount } from './rules'

/** Why a manager may not buy a player at an amount, or null. */
export function buyProblem(
  s: AuctionState,
  m: ManagerState,
  p: AuctionPlayer,
  amount: number,
): Violation | null {
  const squad = canAdd(s.config, squadOf(s, m), p)
  if (squad === 'SQUAD_FULL') return { code: squad, message: 'Your squad is full' }
  if (squad === 'STAR_LIMIT')
    return { code: squad, message: `A squad may have at most ${s.config.maxStars} star players` }
  if (squad === 'SQUAD_BALANCE')
    return {
      code: squad,
      message: 'Your squad would no longer have room for a keeper, six batters and five bowlers',
    }
  const limit = maxBid(s.config, m.purse, m.squad.length, minBase(s))
  if (amount > limit)
    return {
      code: 'OVER_BUDGET',
      message: `You can bid at most ${limit}: the rest of your purse completes your squad`,
    }
  return null
}

/** The current lot's next bid amount (null when no lot is open). */
export function currentNextBid(s: AuctionState): number | null {
  if (!s.lot) return null
  const p = player(s, s.lot.playerId) as AuctionPlayer
  return nextBidAmount(s.config.bands, p.basePrice, s.lot.bids.at(-1)?.amount ?? null)
}

/** Why an open-round bid is refused, or null; reads the state only (so a refusal costs no copy). */
export function bidProblem(s: AuctionState, c: Extract<AuctionCommand, { type: 'bid' }>): Violation | null {
  const m = s.managers.find((x) => x.id === c.managerId)
  if (!m) return { code: 'NOT_A_MANAGER', message: 'Not a manager of this auction' }
  if (s.phase !== 'open') return { code: 'PHASE', message: 'No open round is running' }
  if (s.paused) return { code: 'PAUSED', message: s.paused.note ?? 'The auction is paused' }
  const lot = s.lot
  if (!lot || lot.playerId !== c.playerId || c.atMs >= lot.endsAtMs)
    return { code: 'LOT_CLOSED', message: 'Bidding on this player is closed' }
  const next = currentNextBid(s) as number
  if (c.amount !== next) return { code: 'WRONG_AMOUNT', message: `The next bid is ${next}` }
  if (lot.bids.at(-1)?.managerId === m.id)
    return { code: 'ALREADY_HIGHEST', message: 'You already have the highest bid' }
  return buyProblem(s, m, player(s, c.playerId) as AuctionPlayer, c.amount)
}

/** The most recent bids a lot keeps (its whole history is in the event log). */
export const LOT_BIDS_KEPT = 50

export function bid(
  s: AuctionState,
  c: Extract<AuctionCommand, { type: 'bid' }>,
  emit: Emit,
): Violation | null {
  const problem = bidProblem(s, c)
  if (problem) return problem
  const lot = s.lot as Lot
  const m = s.managers.find((x) => x.id === c.managerId) as ManagerState
  // A bot's bid for an absent person is marked as such (the feed says "by stand-in").
  lot.bids.push(
    c.standIn
      ? { managerId: m.id, amount: c.amount, atMs: c.atMs, standIn: true }
      : { managerId: m.id, amount: c.amount, atMs: c.atMs },
  )
  if (lot.bids.length > LOT_BIDS_KEPT) lot.bids.splice(0, lot.bids.length - LOT_BIDS_KEPT)
  if (lot.endsAtMs - c.atMs < s.config.resetMs) lot.endsAtMs = c.atMs + s.config.resetMs
  emit({
    type: 'bid',
    playerId: lot.playerId,
    managerId: m.id,
    amount: c.amount,
    nextBidAmount: currentNextBid(s) as number,
    endsAtMs: lot.endsAtMs,
    ...(c.standIn ? { standIn: true as const } : {}),
  })
  return null
}

export function closeLot(s: AuctionState, emit: Emit): void {
  const lot = s.lot as Lot
  s.lot = null
  const high = lot.bids.at(-1)
  if (!high) {
    s.unsold.push(lot.playerId)
    emit({ type: 'lot_closed', playerId: lot.playerId, result: 'unsold', managerId: null, price: null })
    return
  }
  const m = s.managers.find((x) => x.id === high.managerId) as ManagerState
  m.squad.push({ playerId: lot.playerId, price: high.amount })
  m.purse -= high.amount
  emit({ type: 'lot_closed', playerId: lot.playerId, result: 'sold', managerId: m.id, price: high.amount })
  emit({ type: 'manager_updated', managerId: m.id, purse: m.purse, squadSize: m.squad.length })
}

/** Opens the next lot (skipping players nobody could still buy), or ends the open round. */
export function openNext(s: AuctionState, atMs: number, emit: Emit): void {
  const id = s.queue.shift()
  if (id === undefined) {
    s.phase = 'between'
    emit({ type: 'round_changed', phase: 'between', round: s.round, closesAtMs: null })
    return
  }
  const p = player(s, id) as AuctionPlayer
  s.lot = { playerId: id, bids: [], endsAtMs: atMs + s.config.lotMs }
  emit({
    type: 'lot_opened',
    playerId: id,
    basePrice: p.basePrice,
    nextBidAmount: p.basePrice,
    endsAtMs: s.lot.endsAtMs,
  })
}
