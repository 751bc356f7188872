import type { RandomStream } from '../domain/rng'
import { clamp, weightedIndex } from './common'

export type CricketFormat = 'T20' | 'ODI' | 'Test'
export type WicketKind =
  | 'bowled'
  | 'caught'
  | 'lbw'
  | 'stumped'
  | 'hit wicket'
  | 'caught and bowled'
  | 'run out'

/** What happened on one delivery, before names are attached. */
export interface Delivery {
  legal: boolean
  runs: number
  boundary: boolean
  wides: number
  noballs: number
  byes: number
  legbyes: number
  wicket: WicketKind | null
  /** A run-out of the non-striker rather than the striker. */
  nonStrikerOut: boolean
}

export interface Matchup {
  format: CricketFormat
  /** 0 powerplay, 1 middle overs, 2 death overs (always 1 in a Test). */
  phase: 0 | 1 | 2
  bat: number
  bowl: number
  /** −1 (blocking it out) … +1 (all-out attack), from the match situation. */
  intent: number
  /** Balls the striker has faced: new batters are vulnerable and slow to start. */
  faced: number
  /** Multiplies the wicket chance: a Test pitch wears and gets harder to bat on. */
  wear: number
}

// Legal-ball outcomes: dot, 1, 2, 3, four, six, wicket, byes/leg-byes. Calibrated so an even
// T20 first innings lands around 165, an ODI around 280 and a Test first innings around 320.
const LEGAL: Record<CricketFormat, number[][]> = {
  T20: [
    [0.39, 0.3, 0.06, 0.004, 0.168, 0.053, 0.042, 0.02],
    [0.3, 0.42, 0.09, 0.005, 0.11, 0.058, 0.042, 0.02],
    [0.26, 0.34, 0.09, 0.004, 0.147, 0.1, 0.07, 0.02],
  ],
  ODI: [
    [0.56, 0.25, 0.04, 0.004, 0.105, 0.016, 0.021, 0.015],
    [0.45, 0.39, 0.065, 0.005, 0.062, 0.019, 0.02, 0.015],
    [0.34, 0.36, 0.085, 0.004, 0.105, 0.055, 0.042, 0.015],
  ],
  Test: [[0.72, 0.14, 0.035, 0.01, 0.07, 0.004, 0.0135, 0.012]],
}
const WIDE: Record<CricketFormat, number> = { T20: 0.035, ODI: 0.03, Test: 0.008 }
const NOBALL: Record<CricketFormat, number> = { T20: 0.006, ODI: 0.005, Test: 0.012 }
const RUNS = [0, 1, 2, 3, 4, 6]

const KINDS: WicketKind[] = [
  'caught',
  'bowled',
  'lbw',
  'run out',
  'stumped',
  'caught and bowled',
  'hit wicket',
]
const KIND_WEIGHTS: Record<CricketFormat, number[]> = {
  T20: [0.56, 0.17, 0.1, 0.08, 0.045, 0.035, 0.005],
  ODI: [0.56, 0.17, 0.12, 0.06, 0.04, 0.04, 0.005],
  Test: [0.55, 0.16, 0.18, 0.03, 0.03, 0.045, 0.005],
}

const none = (): Delivery => ({
  legal: true,
  runs: 0,
  boundary: false,
  wides: 0,
  noballs: 0,
  byes: 0,
  legbyes: 0,
  wicket: null,
  nonStrikerOut: false,
})

export function bowlDelivery(rng: RandomStream, m: Matchup): Delivery {
  const d = none()
  // Weaker bowlers spray more extras.
  const wayward = 1.5 - m.bowl
  const r = rng.next()
  if (r < WIDE[m.format] * wayward) {
    d.legal = false
    d.wides = rng.bool(0.03) ? 5 : 1
    return d
  }
  if (r < (WIDE[m.format] + NOBALL[m.format]) * wayward) {
    d.legal = false
    d.noballs = 1
    d.runs = RUNS[weightedIndex(rng, [0.45, 0.3, 0.07, 0.01, 0.12, 0.06])] as number
    d.boundary = d.runs >= 4
    return d
  }
  const outcome = weightedIndex(rng, weights(m))
  if (outcome < 6) {
    d.runs = RUNS[outcome] as number
    d.boundary = d.runs >= 4
  } else if (outcome === 6) {
    d.wicket = KINDS[weightedIndex(rng, KIND_WEIGHTS[m.format])] as WicketKind
    if (d.wicket === 'run out') {
      d.runs = rng.bool(0.4) ? 1 : 0
      d.nonStrikerOut = rng.bool(0.4)
    }
  } else {
    const runs = [1, 1, 1, 1, 1, 1, 1, 1, 2, 4][rng.int(0, 9)] as number
    if (rng.bool(0.7)) d.legbyes = runs
    else d.byes = runs
  }
  return d
}

/** The format's base table bent by the matchup (skill gap), the batter's intent and how set he is. */
function weights(m: Matchup): number[] {
  const table = LEGAL[m.format]
  const base = (table[m.phase] ?? table[0]) as number[]
  const gap = m.bat - m.bowl
  const i = clamp(m.intent, -1, 1)
  const settling = m.faced < 8 ? 1 : 0
  const w = [...base]
  w[0] = (w[0] as number) * Math.exp(-0.6 * gap) * (1 - 0.25 * i)
  w[4] = (w[4] as number) * Math.exp(1.2 * gap) * (1 + 0.35 * i) * (1 - 0.2 * settling)
  w[5] = (w[5] as number) * Math.exp(1.6 * gap) * (1 + 0.7 * i) * (1 - 0.3 * settling)
  w[6] =
    (w[6] as number) * Math.exp(-1.0 * gap) * (1 + (i > 0 ? 0.9 : 0.5) * i) * (1 + 0.25 * settling) * m.wear
  return w.map((x) => Math.max(0, x))
}
