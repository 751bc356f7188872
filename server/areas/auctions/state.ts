import type { Deps } from '../../core/deps'
import {
  type AuctionCommand,
  type AuctionState,
  bidProblem,
  type Violation,
} from '../../domain/auction/engine'
import { auctionHead, storedSeq } from './command-queries'
import { type AuctionRow, findAuction } from './queries'

interface Memo {
  states: Map<number, AuctionState>
  /** The lot / sealed-round timer last written per auction (null: none pending). */
  due: Map<number, number | null>
  /** The auction's bots (and managers on autopilot), as last read. */
  bots: Map<number, Array<{ id: number; bot_strategy: string | null }>>
  /** Auctions whose bot job is known to be cancelled. */
  botsIdle: Set<number>
  /** The seq this process last stored per auction (its own commit, not a read). */
  wrote: Map<number, number>
}

const memos = new WeakMap<Deps, Memo>()

export function memo(deps: Deps): Memo {
  let m = memos.get(deps)
  if (!m) {
    m = { states: new Map(), due: new Map(), bots: new Map(), botsIdle: new Set(), wrote: new Map() }
    memos.set(deps, m)
  }
  return m
}

export function cached(deps: Deps): Map<number, AuctionState> {
  return memo(deps).states
}

/** Forgets what this process remembers of an auction's managers and jobs (they changed elsewhere). */
export function forgetAuctionJobs(deps: Deps, auctionId: number): void {
  const m = memo(deps)
  m.due.delete(auctionId)
  m.bots.delete(auctionId)
  m.botsIdle.delete(auctionId)
}

/** Several server processes share the database (PostgreSQL): memory may be behind it. */
export const shared = (deps: Deps) => deps.dbHandle.kind === 'postgres'

/**
 * A bid refused by the auction's current state, or null. Commands of one auction are
 * serialised and each leaves its state here, so a bid that this state refuses would be refused
 * in turn too: most bids of a busy lot (everyone at the same amount) are answered from memory,
 * without waiting for the auction's turn or parsing its state. A bid it accepts still goes
 * through `runCommand`, which checks it again. On PostgreSQL another process may have moved
 * the auction on: the state in memory answers only while its seq is the stored one (one
 * indexed read); otherwise the command itself decides.
 */
export async function refusedBid(
  deps: Deps,
  auctionId: number,
  command: Extract<AuctionCommand, { type: 'bid' }>,
): Promise<Violation | null> {
  const state = cached(deps).get(auctionId)
  if (!state) return null
  if (shared(deps)) {
    const stored = await storedSeq(deps.db, { id: auctionId })
    if (stored?.seq !== state.seq) return null
  }
  return bidProblem(state, command)
}

export function stateOf(deps: Deps, row: AuctionRow): AuctionState {
  const map = cached(deps)
  const hit = map.get(row.id)
  if (hit && hit.seq === row.seq) return hit
  const state = JSON.parse(row.state) as AuctionState
  map.set(row.id, state)
  return state
}

/**
 * The auction for a command: its columns and its state — from memory when the stored seq is
 * the one in memory (a busy room's state is tens of kilobytes of JSON: reading and parsing it
 * for every bid, refused ones included, was most of a bid's cost).
 */
export async function loadForCommand(
  deps: Deps,
  id: number,
): Promise<{ row: AuctionRow; state: AuctionState } | undefined> {
  const head = await auctionHead(deps.db, { id })
  if (!head) return undefined
  const hit = cached(deps).get(id)
  const row = hit && hit.seq === head.seq ? undefined : await findAuction(deps.db, id)
  if (!row) {
    const full = { ...head, state: '' } as unknown as AuctionRow
    return { row: full, state: hit as AuctionState }
  }
  return { row, state: stateOf(deps, row) }
}

const locks = new WeakMap<Deps, Map<number, Promise<unknown>>>()

/** Commands of one auction run strictly one at a time (the first valid bid at an amount wins). */
export function withAuctionLock<T>(deps: Deps, auctionId: number, fn: () => Promise<T>): Promise<T> {
  let byAuction = locks.get(deps)
  if (!byAuction) {
    byAuction = new Map()
    locks.set(deps, byAuction)
  }
  const previous = byAuction.get(auctionId) ?? Promise.resolve()
  const run = previous.then(fn, fn)
  const settled = run.catch(() => undefined)
  byAuction.set(auctionId, settled)
  void settled.then(() => {
    if (byAuction?.get(auctionId) === settled) byAuction.delete(auctionId)
  })
  return run
}
