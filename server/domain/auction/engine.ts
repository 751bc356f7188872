import {
  type ApplyResult,
  type AuctionCommand,
  type AuctionConfig,
  type AuctionEvent,
  type AuctionState,
  type Emit,
  type EventBody,
  fail,
  type Violation,
  type ViolationCode,
} from './engine-state'
import { bid, bidProblem, closeLot, openNext } from './open-round'
import { type AuctionPlayer, lotOrder } from './rules'
import { closeSealed, sealedBid } from './sealed-round'

// The engine's shapes and its two rounds live beside it; importers keep reaching them here.
export type * from './engine-state'
export { DEFAULT_TIMINGS } from './engine-state'
export { bidProblem, buyProblem, currentNextBid, LOT_BIDS_KEPT } from './open-round'

/**
 * The one auction engine (DESIGN §5 "Auctions"): `apply(state, command)` → the new state and
 * the events it caused, or a violation and the state untouched. Pure and deterministic: time
 * comes in on every command (`atMs`, the server clock) and tie-breaks draw from the auction's
 * seed, so the same commands give the same auction, and the state — plain JSON — can be stored
 * after every command and resumed exactly (a lot ends at its stored `endsAtMs`).
 *
 * Open rounds sell one player at a time: bids must equal `nextBidAmount`, a bid with less than
 * `resetMs` left puts the timer back to `resetMs`, expiry sells to the high bidder or leaves
 * the player unsold. Sealed rounds take hidden bids on the unsold and released players and
 * assign them, dearest base price first, to the highest bid that still fits.
 */

/** A new auction in its waiting room. */
export function createAuction(config: AuctionConfig, players: AuctionPlayer[]): AuctionState {
  return {
    phase: 'waiting',
    round: 0,
    seq: 0,
    config,
    players: [...players].sort((a, b) => a.id - b.id),
    managers: [],
    queue: [],
    lot: null,
    paused: null,
    unsold: [],
    sealed: null,
    lastTieWinner: null,
    tieDraws: 0,
    locks: [],
  }
}

export function apply(state: AuctionState, command: AuctionCommand): ApplyResult {
  // A refused bid (most bids in a busy room) is found without copying anything.
  if (command.type === 'bid') {
    const problem = bidProblem(state, command)
    if (problem) return { ok: false, violation: problem }
  }
  // Every command works on a copy: a violation leaves the caller's state as it was. A bid
  // changes only its lot (and the seq), so it copies just that and shares the rest, which no
  // command ever changes in place.
  const s: AuctionState =
    command.type === 'bid' && state.lot
      ? { ...state, lot: { ...state.lot, bids: [...state.lot.bids] } }
      : structuredClone(state)
  const events: AuctionEvent[] = []
  const emit = (body: EventBody) => {
    s.seq++
    events.push({ ...body, seq: s.seq, atMs: command.atMs } as AuctionEvent)
  }
  const violation = run(s, command, emit)
  if (violation) return { ok: false, violation }
  return { ok: true, state: s, events }
}

// Long: one switch over the engine's commands, a short case each (the whole command set on one page).
function run(s: AuctionState, c: AuctionCommand, emit: Emit): Violation | null {
  const v = (code: ViolationCode, message: string) =>
    (fail(code, message) as { violation: Violation }).violation
  switch (c.type) {
    case 'add_manager': {
      if (s.phase === 'completed') return v('PHASE', 'The auction is over')
      if (s.managers.some((m) => m.id === c.managerId)) return null
      s.managers.push({ id: c.managerId, purse: s.config.purse, squad: [] })
      emit({ type: 'manager_added', managerId: c.managerId })
      return null
    }
    case 'remove_manager': {
      if (s.phase !== 'waiting') return v('PHASE', 'Managers can only leave before the auction starts')
      if (!s.managers.some((m) => m.id === c.managerId))
        return v('NOT_A_MANAGER', 'Not a manager of this auction')
      s.managers = s.managers.filter((m) => m.id !== c.managerId)
      emit({ type: 'manager_removed', managerId: c.managerId })
      return null
    }
    case 'start': {
      if (s.phase !== 'waiting') return v('PHASE', 'The auction has already started')
      if (s.managers.length < 2) return v('NOT_ENOUGH_MANAGERS', 'An auction needs at least two managers')
      if (c.sealedOnly) {
        s.phase = 'between'
        s.unsold = lotOrder(s.players, s.config.seed)
        emit({ type: 'round_changed', phase: 'between', round: s.round, closesAtMs: null })
        return null
      }
      s.phase = 'open'
      s.queue = lotOrder(s.players, s.config.seed)
      emit({ type: 'round_changed', phase: 'open', round: s.round, closesAtMs: null })
      openNext(s, c.atMs, emit)
      return null
    }
    case 'bid':
      return bid(s, c, emit)
    case 'tick': {
      if (s.paused) return null
      if (s.phase === 'open' && s.lot && c.atMs >= s.lot.endsAtMs) {
        closeLot(s, emit)
        openNext(s, c.atMs, emit)
      } else if (s.phase === 'sealed' && s.sealed?.closesAtMs != null && c.atMs >= s.sealed.closesAtMs)
        closeSealed(s, emit)
      return null
    }
    case 'pause': {
      if (s.phase !== 'open' && s.phase !== 'sealed') return v('PHASE', 'Only a running round can be paused')
      if (s.paused) return v('PAUSED', 'The auction is already paused')
      const ends = s.phase === 'open' ? (s.lot?.endsAtMs ?? null) : (s.sealed?.closesAtMs ?? null)
      s.paused = { atMs: c.atMs, remainingMs: ends === null ? null : Math.max(0, ends - c.atMs) }
      if (c.untilMs === undefined) emit({ type: 'paused', remainingMs: s.paused.remainingMs })
      else {
        s.paused.untilMs = c.untilMs
        if (c.note !== undefined) s.paused.note = c.note
        emit({
          type: 'paused',
          remainingMs: s.paused.remainingMs,
          resumesAtMs: c.untilMs,
          ...(c.note ? { note: c.note } : {}),
        })
      }
      return null
    }
    case 'resume': {
      if (!s.paused) return v('PHASE', 'The auction is not paused')
      const kept = s.paused.remainingMs
      const left = kept === null ? null : Math.max(kept, c.minRemainingMs ?? 0)
      s.paused = null
      if (left !== null) {
        if (s.phase === 'open' && s.lot) s.lot.endsAtMs = c.atMs + left
        if (s.phase === 'sealed' && s.sealed) s.sealed.closesAtMs = c.atMs + left
      }
      emit({
        type: 'resumed',
        endsAtMs: s.phase === 'open' ? (s.lot?.endsAtMs ?? null) : null,
        closesAtMs: s.phase === 'sealed' ? (s.sealed?.closesAtMs ?? null) : null,
      })
      return null
    }
    case 'start_sealed': {
      if (s.phase !== 'between')
        return v('PHASE', 'A sealed round starts after the open round, between rounds')
      if (s.unsold.length === 0) return v('NOT_IN_ROUND', 'There are no unsold players for a sealed round')
      s.phase = 'sealed'
      s.round++
      s.sealed = { bids: [], closesAtMs: c.closesAtMs }
      emit({ type: 'round_changed', phase: 'sealed', round: s.round, closesAtMs: c.closesAtMs })
      return null
    }
    case 'sealed_bid':
      return sealedBid(s, c, emit)
    case 'close_sealed': {
      if (s.phase !== 'sealed') return v('PHASE', 'No sealed round is running')
      if (s.paused) return v('PAUSED', 'The auction is paused')
      closeSealed(s, emit)
      return null
    }
    case 'close_lot': {
      if (s.phase !== 'open' || !s.lot) return v('PHASE', 'No lot is running')
      if (s.paused) return v('PAUSED', 'The auction is paused')
      closeLot(s, emit)
      openNext(s, c.atMs, emit)
      return null
    }
    case 'release': {
      if (s.phase !== 'between' && s.phase !== 'sealed')
        return v('PHASE', 'Players can be released between rounds and during sealed rounds')
      const m = s.managers.find((x) => x.id === c.managerId)
      if (!m) return v('NOT_A_MANAGER', 'Not a manager of this auction')
      const owned = m.squad.find((x) => x.playerId === c.playerId)
      if (!owned) return v('NOT_OWNED', 'That player is not in your squad')
      m.squad = m.squad.filter((x) => x.playerId !== c.playerId)
      m.purse += owned.price
      s.unsold.push(c.playerId)
      const untilMs = c.atMs + s.config.releaseLockMs
      s.locks.push({ managerId: m.id, playerId: c.playerId, untilMs })
      emit({
        type: 'released',
        playerId: c.playerId,
        managerId: m.id,
        price: owned.price,
        lockedUntilMs: untilMs,
      })
      emit({ type: 'manager_updated', managerId: m.id, purse: m.purse, squadSize: m.squad.length })
      return null
    }
    case 'complete': {
      if (s.phase === 'completed') return v('PHASE', 'The auction is already completed')
      if (s.phase === 'waiting') return v('PHASE', 'The auction has not started')
      s.paused = null
      if (s.phase === 'open' && s.lot) closeLot(s, emit)
      if (s.phase === 'sealed') closeSealed(s, emit)
      s.unsold.push(...s.queue)
      s.queue = []
      s.phase = 'completed'
      emit({ type: 'completed' })
      return null
    }
  }
}
