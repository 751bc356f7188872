import { hashString, randomStream } from '../rng'
import {
  type AuctionCommand,
  type AuctionState,
  type Emit,
  type ManagerState,
  player,
  type SealedBid,
  type Violation,
} from './engine-state'
import { buyProblem } from './open-round'
import type { AuctionPlayer } from './rules'

export function sealedBid(
  s: AuctionState,
  c: Extract<AuctionCommand, { type: 'sealed_bid' }>,
  emit: Emit,
): Violation | null {
  const m = s.managers.find((x) => x.id === c.managerId)
  if (!m) return { code: 'NOT_A_MANAGER', message: 'Not a manager of this auction' }
  if (s.phase !== 'sealed' || !s.sealed) return { code: 'PHASE', message: 'No sealed round is running' }
  if (s.paused) return { code: 'PAUSED', message: s.paused.note ?? 'The auction is paused' }
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
export function closeSealed(s: AuctionState, emit: Emit): void {
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
