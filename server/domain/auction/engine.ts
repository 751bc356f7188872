import { hashString, randomStream } from '../rng'
import {
  type AuctionPlayer,
  type Band,
  canAdd,
  lotOrder,
  maxBid,
  nextBidAmount,
  type SquadRules,
} from './rules'

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
  /** Set while paused: what was left of the lot (or sealed round) when it was paused. */
  paused: { atMs: number; remainingMs: number | null } | null
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
  | { type: 'bid'; managerId: number; playerId: number; amount: number; atMs: number }
  | { type: 'tick'; atMs: number }
  | { type: 'pause'; atMs: number }
  /**
   * `minRemainingMs`: the lot (or sealed round) gets at least this long, whatever was left when
   * it was paused (the server's own pause over an outage: people need a moment to reconnect).
   */
  | { type: 'resume'; atMs: number; minRemainingMs?: number }
  | { type: 'start_sealed'; atMs: number; closesAtMs: number | null }
  | { type: 'sealed_bid'; managerId: number; playerId: number; amount: number; atMs: number }
  | { type: 'close_sealed'; atMs: number }
  | { type: 'release'; managerId: number; playerId: number; atMs: number }
  | { type: 'complete'; atMs: number }

type EventBody =
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
  | { type: 'paused'; remainingMs: number | null }
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

const fail = (code: ViolationCode, message: string): ApplyResult => ({
  ok: false,
  violation: { code, message },
})

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

type Emit = (body: EventBody) => void

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
      emit({ type: 'paused', remainingMs: s.paused.remainingMs })
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

function player(s: AuctionState, id: number): AuctionPlayer | undefined {
  return s.players.find((p) => p.id === id)
}

function squadOf(s: AuctionState, m: ManagerState): AuctionPlayer[] {
  return m.squad.map((x) => player(s, x.playerId) as AuctionPlayer)
}

/** The cheapest base price among players still to be sold (the reservation's unit). */
function minBase(s: AuctionState): number {
  let min = Number.POSITIVE_INFINITY
  for (const id of [...s.queue, ...s.unsold, ...(s.lot ? [s.lot.playerId] : [])]) {
    const p = player(s, id)
    if (p && p.basePrice < min) min = p.basePrice
  }
  return Number.isFinite(min) ? min : 0
}

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
  if (s.paused) return { code: 'PAUSED', message: 'The auction is paused' }
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

function bid(s: AuctionState, c: Extract<AuctionCommand, { type: 'bid' }>, emit: Emit): Violation | null {
  const problem = bidProblem(s, c)
  if (problem) return problem
  const lot = s.lot as Lot
  const m = s.managers.find((x) => x.id === c.managerId) as ManagerState
  lot.bids.push({ managerId: m.id, amount: c.amount, atMs: c.atMs })
  if (lot.bids.length > LOT_BIDS_KEPT) lot.bids.splice(0, lot.bids.length - LOT_BIDS_KEPT)
  if (lot.endsAtMs - c.atMs < s.config.resetMs) lot.endsAtMs = c.atMs + s.config.resetMs
  emit({
    type: 'bid',
    playerId: lot.playerId,
    managerId: m.id,
    amount: c.amount,
    nextBidAmount: currentNextBid(s) as number,
    endsAtMs: lot.endsAtMs,
  })
  return null
}

function closeLot(s: AuctionState, emit: Emit): void {
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
function openNext(s: AuctionState, atMs: number, emit: Emit): void {
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

function sealedBid(
  s: AuctionState,
  c: Extract<AuctionCommand, { type: 'sealed_bid' }>,
  emit: Emit,
): Violation | null {
  const m = s.managers.find((x) => x.id === c.managerId)
  if (!m) return { code: 'NOT_A_MANAGER', message: 'Not a manager of this auction' }
  if (s.phase !== 'sealed' || !s.sealed) return { code: 'PHASE', message: 'No sealed round is running' }
  if (s.paused) return { code: 'PAUSED', message: 'The auction is paused' }
  if (s.sealed.closesAtMs !== null && c.atMs >= s.sealed.closesAtMs)
    return { code: 'LOT_CLOSED', message: 'The sealed round has closed' }
  const p = player(s, c.playerId)
  if (!p || !s.unsold.includes(c.playerId))
    return { code: 'NOT_IN_ROUND', message: 'That player is not in this round' }
  if (!Number.isInteger(c.amount) || c.amount < p.basePrice)
    return { code: 'BELOW_BASE', message: `A sealed bid must be at least the base price, ${p.basePrice}` }
  const lock = s.locks.find((l) => l.managerId === m.id && l.playerId === p.id && l.untilMs > c.atMs)
  if (lock) return { code: 'RELEASE_LOCKED', message: 'You released this player and cannot buy him back yet' }
  const problem = buyProblem(s, m, p, c.amount)
  if (problem) return problem
  // A new bid on the same player replaces the manager's previous one.
  s.sealed.bids = s.sealed.bids.filter((b) => !(b.managerId === m.id && b.playerId === p.id))
  s.sealed.bids.push({ managerId: m.id, playerId: p.id, amount: c.amount, atMs: c.atMs })
  emit({ type: 'sealed_bid', managerId: m.id, playerId: p.id, amount: c.amount, private: true })
  return null
}

/**
 * Assigns the round's players, dearest base price first (then by id), each to the highest bid
 * that still fits its manager's purse and squad at that moment. Equal highest bids are broken
 * by the seeded draw, the last tie's winner left out when others are tied with him.
 */
function closeSealed(s: AuctionState, emit: Emit): void {
  const round = s.sealed as NonNullable<AuctionState['sealed']>
  s.sealed = null
  const order = [...new Set(round.bids.map((b) => b.playerId))]
    .map((id) => player(s, id) as AuctionPlayer)
    .sort((a, b) => b.basePrice - a.basePrice || a.id - b.id)
  for (const p of order) {
    const fitting = round.bids.filter((b) => {
      if (b.playerId !== p.id) return false
      const m = s.managers.find((x) => x.id === b.managerId) as ManagerState
      return buyProblem(s, m, p, b.amount) === null
    })
    if (fitting.length === 0) continue
    const top = Math.max(...fitting.map((b) => b.amount))
    let tied = fitting.filter((b) => b.amount === top).sort((a, b) => a.managerId - b.managerId)
    const tie = tied.length > 1
    if (tie && s.lastTieWinner !== null && tied.some((b) => b.managerId !== s.lastTieWinner))
      tied = tied.filter((b) => b.managerId !== s.lastTieWinner)
    let winner = tied[0] as SealedBid
    if (tied.length > 1) {
      const rand = randomStream(hashString(`auction:tie:${s.config.seed}:${s.tieDraws++}`))
      winner = rand.pick(tied)
    }
    if (tie) s.lastTieWinner = winner.managerId
    const m = s.managers.find((x) => x.id === winner.managerId) as ManagerState
    m.squad.push({ playerId: p.id, price: top })
    m.purse -= top
    s.unsold = s.unsold.filter((id) => id !== p.id)
    emit({ type: 'sealed_assigned', playerId: p.id, managerId: m.id, price: top, tie })
    emit({ type: 'manager_updated', managerId: m.id, purse: m.purse, squadSize: m.squad.length })
  }
  s.phase = 'between'
  emit({ type: 'round_changed', phase: 'between', round: s.round, closesAtMs: null })
}
