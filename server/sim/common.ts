import type { MatchEvent } from '../domain/events/schema'
import type { RandomStream } from '../domain/rng'
import type { SimPlayer, TimedEvent } from './types'

export const SECOND = 1000
export const MINUTE = 60 * SECOND
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

export const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x))

/**
 * Credit ranges (tenths) of the seeded rosters per sport family: a player's value maps to a
 * 0..1 quality inside it. Some positions top out lower (a keeper's best value is below a
 * forward's), so callers may pass that position's cap. Values outside the range are clamped.
 */
const VALUE_RANGE = {
  cricket: [70, 105],
  football: [70, 110],
  race: [100, 300],
  battle_royale: [150, 250],
} as const

export function quality(family: keyof typeof VALUE_RANGE, valueTenths: number, cap?: number): number {
  const [lo, hi] = VALUE_RANGE[family]
  return clamp((valueTenths - lo) / ((cap ?? hi) - lo), 0, 1)
}

/** Index drawn with probability proportional to its (non-negative) weight. */
export function weightedIndex(rng: RandomStream, weights: readonly number[]): number {
  let total = 0
  for (const w of weights) total += w
  let r = rng.next() * total
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i] as number
    if (r < 0) return i
  }
  // Rounding left r a hair above zero: the last positive weight wins.
  for (let i = weights.length - 1; i >= 0; i--) if ((weights[i] as number) > 0) return i
  return weights.length - 1
}

export function weighted<T>(rng: RandomStream, items: readonly T[], weight: (item: T) => number): T {
  if (items.length === 0) throw new RangeError('cannot pick from an empty list')
  return items[weightedIndex(rng, items.map(weight))] as T
}

/** Standard normal draw (Box–Muller); 1 − u keeps the logarithm finite. */
export function normal(rng: RandomStream): number {
  const u = 1 - rng.next()
  const v = rng.next()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
}

/** Poisson draw (Knuth): fine for the small means used here. */
export function poisson(rng: RandomStream, lambda: number): number {
  const limit = Math.exp(-lambda)
  let k = 0
  for (let p = rng.next(); p > limit; p *= rng.next()) k++
  return k
}

/** Players sorted best first by quality plus a little form noise: who gets picked. */
export function byForm<T>(
  rng: RandomStream,
  players: readonly T[],
  rate: (p: T) => number,
  noise: number,
): T[] {
  const form = new Map(players.map((p) => [p, rate(p) + rng.next() * noise]))
  return [...players].sort((a, b) => (form.get(b) ?? 0) - (form.get(a) ?? 0))
}

/** The announced lineup of a side, or null when none was announced (the simulator picks one). */
export function announced<T extends SimPlayer>(players: readonly T[], max: number): T[] | null {
  const chosen = players.filter((p) => p.in_lineup === true)
  return chosen.length > 0 ? chosen.slice(0, max) : null
}

/** Collects events in time order; the game clock never runs backwards. */
export class Timeline {
  readonly events: TimedEvent[] = []
  private last = Number.NEGATIVE_INFINITY

  add(atMs: number, event: MatchEvent): void {
    const at = Math.round(atMs)
    if (at < this.last) throw new RangeError(`event at ${at} before the previous one at ${this.last}`)
    this.last = at
    this.events.push({ atMs: at, event })
  }
}

export function requireTeams(sport: string, count: number, actual: number): void {
  if (actual !== count) throw new RangeError(`${sport} needs exactly ${count} teams, got ${actual}`)
}
