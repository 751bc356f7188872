import type { Debrief, DebriefLot, DebriefManager } from './api'

/**
 * The replay's arithmetic, apart from React: the auction's own time span, the bids up to a
 * moment with their lot, and a name and colour for each manager (a palette by place when the
 * server left the colours out).
 */

export interface ReplayBid {
  at: number
  lot: DebriefLot
  manager_id: number
  amount: number
}

/** From the start (or the first lot) to the end (or the last lot's close). */
export function timeSpan(d: Debrief): { start: number; end: number } {
  const first = d.lots[0]?.opened_at_in_millis ?? 0
  const last = d.lots.at(-1)?.closed_at_in_millis ?? first
  const start = d.auction.started_at_in_millis ?? first
  return { start, end: Math.max(start, d.auction.ended_at_in_millis ?? last, last) }
}

/** Every bid in order, with its lot. */
export function allBids(d: Debrief): ReplayBid[] {
  return d.lots.flatMap((lot) =>
    lot.bids.map((b) => ({ at: b.at_in_millis, lot, manager_id: b.manager_id, amount: b.amount })),
  )
}

/** The lot running at `t` (or the last one closed before it). */
export function lotAt(d: Debrief, t: number): { lot: DebriefLot | undefined; closed: boolean } {
  let current: DebriefLot | undefined
  for (const lot of d.lots) if (lot.opened_at_in_millis <= t) current = lot
  return { lot: current, closed: current !== undefined && current.closed_at_in_millis <= t }
}

const PALETTE = [
  '#60a5fa',
  '#fbbf24',
  '#f87171',
  '#a78bfa',
  '#34d399',
  '#f472b6',
  '#22d3ee',
  '#fb923c',
  '#a3e635',
  '#e2e8f0',
]

/** How the page names and colours managers: the server's names (or anonymous ids), its colours or a palette. */
export function managerLook(managers: DebriefManager[]) {
  const byId = new Map(managers.map((m, i) => [m.id, { m, i }]))
  return {
    name: (id: number | null | undefined) => {
      const found = id == null ? undefined : byId.get(id)
      return found ? found.m.franchise_name : '—'
    },
    colour: (id: number | null | undefined) => {
      const found = id == null ? undefined : byId.get(id)
      if (!found) return '#94a3b8'
      return found.m.color_hex ?? PALETTE[found.i % PALETTE.length] ?? '#94a3b8'
    },
  }
}
export type ManagerLook = ReturnType<typeof managerLook>

/** `m:ss` (or `h:mm:ss`) of auction time since the start. */
export function elapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** The replay's speeds: seconds of the auction per second; `max` jumps to the end. */
export const SPEEDS = [1, 10, 60, 600, 'max'] as const
export type Speed = (typeof SPEEDS)[number]
