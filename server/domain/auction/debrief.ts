import type { AuctionEvent } from './engine-state'

/**
 * The debrief of a finished auction (docs/auctions.md, "The debrief"), as pure functions over
 * the auction's stored events: every lot in the order it ran with its bids, each manager's
 * spend over time, the revenue, and the efficiency of the allocation. The server reads; this
 * only counts, so the CLI's and the page's numbers are the server's.
 */

export interface DebriefBid {
  at_in_millis: number
  manager_id: number
  amount: number
}

export interface DebriefLot {
  /** 1, 2, 3… in the order the lots ran (sealed assignments after the open round's lots). */
  index: number
  round: 'open' | 'sealed'
  player_id: number
  base_price: number
  opened_at_in_millis: number
  closed_at_in_millis: number
  result: 'sold' | 'unsold'
  manager_id: number | null
  price: number | null
  /** Price over base price, two decimals; null when unsold. */
  price_to_base: number | null
  bids: DebriefBid[]
}

export interface SpendPoint {
  at_in_millis: number
  lot_index: number
  player_id: number
  price: number
  /** What the manager had paid in all after this lot. */
  spent: number
}

const round2 = (n: number) => Math.round(n * 100) / 100
const round1 = (n: number) => Math.round(n * 10) / 10

/**
 * The lots in the order they ran, replayed from the event log (in `seq` order): an open lot from
 * its `lot_opened` to its `lot_closed` with every `bid` between; a sealed round's assignment as
 * a lot of its own, opened when its round opened (sealed bids stay sealed: only the result).
 */
export function debriefLots(events: AuctionEvent[], basePrice: (playerId: number) => number): DebriefLot[] {
  const lots: DebriefLot[] = []
  let open: DebriefLot | null = null
  let sealedFrom = 0
  for (const e of events) {
    if (e.type === 'lot_opened') {
      open = {
        index: lots.length + 1,
        round: 'open',
        player_id: e.playerId,
        base_price: e.basePrice,
        opened_at_in_millis: e.atMs,
        closed_at_in_millis: e.atMs,
        result: 'unsold',
        manager_id: null,
        price: null,
        price_to_base: null,
        bids: [],
      }
    } else if (e.type === 'bid' && open && open.player_id === e.playerId) {
      open.bids.push({ at_in_millis: e.atMs, manager_id: e.managerId, amount: e.amount })
    } else if (e.type === 'lot_closed' && open && open.player_id === e.playerId) {
      lots.push(closed(open, e.atMs, e.result === 'sold' ? e.managerId : null, e.price))
      open = null
    } else if (e.type === 'round_changed' && e.phase === 'sealed') {
      sealedFrom = e.atMs
    } else if (e.type === 'sealed_assigned') {
      const base = basePrice(e.playerId)
      lots.push(
        closed(
          {
            index: lots.length + 1,
            round: 'sealed',
            player_id: e.playerId,
            base_price: base,
            opened_at_in_millis: sealedFrom || e.atMs,
            closed_at_in_millis: e.atMs,
            result: 'unsold',
            manager_id: null,
            price: null,
            price_to_base: null,
            bids: [],
          },
          e.atMs,
          e.managerId,
          e.price,
        ),
      )
    }
  }
  return lots
}

function closed(lot: DebriefLot, atMs: number, managerId: number | null, price: number | null): DebriefLot {
  const sold = managerId !== null && price !== null
  return {
    ...lot,
    closed_at_in_millis: atMs,
    result: sold ? 'sold' : 'unsold',
    manager_id: sold ? managerId : null,
    price: sold ? price : null,
    price_to_base: sold && lot.base_price > 0 ? round2(price / lot.base_price) : null,
  }
}

/** Each manager's cumulative spend after each lot they won, in time order (managers with none: []). */
export function spendCurves(lots: DebriefLot[], managerIds: number[]): Map<number, SpendPoint[]> {
  const curves = new Map<number, SpendPoint[]>(managerIds.map((id) => [id, []]))
  for (const lot of lots) {
    if (lot.manager_id === null || lot.price === null) continue
    const curve = curves.get(lot.manager_id) ?? []
    const spent = (curve.at(-1)?.spent ?? 0) + lot.price
    curve.push({
      at_in_millis: lot.closed_at_in_millis,
      lot_index: lot.index,
      player_id: lot.player_id,
      price: lot.price,
      spent,
    })
    curves.set(lot.manager_id, curve)
  }
  return curves
}

/** Revenue: the sum of the prices paid. */
export const revenueOf = (lots: DebriefLot[]) => lots.reduce((sum, l) => sum + (l.price ?? 0), 0)

/**
 * Allocative efficiency: the value the auction's squads realised (each squad as the auction's
 * scorer values it) over the best the pool could give the same number of squad places — the
 * `sold` most valuable players of the pool, whoever holds them. A player's value is the same to
 * every squad, so no assignment of those players does better; purses and roles are left out,
 * so the best is an upper bound and 100% may be out of reach. Null when the best is not above 0.
 */
export function efficiencyOf(realised: number, poolValues: number[], sold: number) {
  const best = [...poolValues]
    .sort((a, b) => b - a)
    .slice(0, sold)
    .reduce((sum, v) => sum + v, 0)
  return {
    realised_value: round1(realised),
    best_value: round1(best),
    sold_count: sold,
    efficiency: best > 0 ? Math.round((realised / best) * 10_000) / 10_000 : null,
  }
}

/** Value per 100 coins paid, one decimal; null for a manager who paid nothing. */
export const valuePer100 = (value: number, spent: number) =>
  spent > 0 ? round1((value * 100) / spent) : null

export { round1 }
