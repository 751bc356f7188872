import type { RandomStream } from '../domain/rng'
import { clamp, weightedIndex } from './common'
import { type EraModel, SET_AFTER } from './cricket-eras'

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
  /** Runs the batters ran (they cross on an odd number); a boundary is not run. */
  ran: number
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
  /** A free hit (after a no-ball): the batter swings freely and only a run out dismisses. */
  freeHit: boolean
  /** Fours and sixes × this for the whole match. */
  pitch: number
  /** Dot balls × this for the whole over: some overs are tighter than others. */
  tight: number
  /** Wickets down in the innings: the last pairs hang on (the set batter farms the strike). */
  down: number
  /** The striker has a set of wickets in hand for the death-overs surge (not a tail in trouble). */
  surge: boolean
  model: EraModel
}

const RUNS = [0, 1, 2, 3, 4, 6]
const WIDE_RUNS = [1, 2, 3, 5]

export const KINDS: WicketKind[] = [
  'caught',
  'bowled',
  'lbw',
  'run out',
  'stumped',
  'caught and bowled',
  'hit wicket',
]

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
  ran: 0,
})

export function bowlDelivery(rng: RandomStream, m: Matchup): Delivery {
  const d = none()
  const { model } = m
  // Weaker bowlers spray more extras.
  const wayward = 1.5 - m.bowl
  const r = rng.next()
  if (r < model.wide * wayward) return wide(rng, d, m)
  if (r < (model.wide + model.noball) * wayward) {
    d.legal = false
    d.noballs = 1
    d.runs = RUNS[weightedIndex(rng, [0.45, 0.3, 0.07, 0.01, 0.12, 0.06])] as number
    d.boundary = d.runs >= 4
    d.ran = d.boundary ? 0 : d.runs
    return d
  }
  const outcome = weightedIndex(rng, weights(m))
  if (outcome < 6) {
    d.runs = RUNS[outcome] as number
    d.boundary = d.runs >= 4
    d.ran = d.boundary ? 0 : d.runs
  } else if (outcome === 6) {
    const kind = KINDS[weightedIndex(rng, model.kinds)] as WicketKind
    // On a free hit only a run out dismisses; the ball the batter missed or skied is a dot.
    if (m.freeHit && kind !== 'run out') return d
    d.wicket = kind
    if (kind === 'run out') runOut(rng, d, rng.bool(0.4) ? 1 : 0)
  } else {
    const runs = [1, 1, 1, 1, 1, 1, 1, 1, 2, 4][rng.int(0, 9)] as number
    if (rng.bool(0.7)) d.legbyes = runs
    else d.byes = runs
    d.ran = runs === 4 ? 0 : runs
  }
  return d
}

function runOut(rng: RandomStream, d: Delivery, completed: number): void {
  d.ran = completed
  d.nonStrikerOut = rng.bool(0.4)
}

/** A wide, with whatever is run or reaches the boundary; now and then a stumping or run out off it. */
function wide(rng: RandomStream, d: Delivery, m: Matchup): Delivery {
  d.legal = false
  d.wides = WIDE_RUNS[weightedIndex(rng, m.model.wideRuns)] as number
  d.ran = d.wides === 5 ? 0 : d.wides - 1
  // A batter who charges and misses is stumped (not on a free hit); one who runs off a wide may be run out.
  if (d.wides === 1 && rng.bool(0.006)) {
    if (!m.freeHit) d.wicket = 'stumped'
  } else if (d.wides < 5 && rng.bool(0.02)) {
    d.wicket = 'run out'
    runOut(rng, d, d.wides - 1)
  }
  return d
}

/** The era's table bent by the matchup (skill gap), the batter's intent and how set he is. */
function weights(m: Matchup): number[] {
  const { model } = m
  const table = model.legal
  const base = (table[m.phase] ?? table[0]) as number[]
  const gap = m.bat - m.bowl
  // The bowler's skill counts for more than the batter's in taking wickets: tails are not skittled.
  const skill = Math.exp(model.bowlWicket * (m.bowl - 0.7) - model.batWicket * (m.bat - 0.6))
  const tail = 1 - model.tail * Math.max(0, m.down - 5)
  const i = m.freeHit ? 1 : clamp(m.intent, -1, 1)
  const settling = m.faced < 8 ? 1 : 0
  const surge = (m.phase === 2 && m.surge ? model.surge : 1) * m.pitch
  const w = [...base]
  w[0] = (w[0] as number) * Math.exp(-0.6 * gap) * (1 - 0.25 * i) * m.tight
  // A new batter looks to get off the mark with a single.
  if (m.faced < 3) w[1] = (w[1] as number) * 1.5
  w[4] = (w[4] as number) * Math.exp(1.2 * gap) * (1 + 0.35 * i) * (1 - 0.2 * settling) * surge
  w[5] = (w[5] as number) * Math.exp(1.6 * gap) * (1 + 0.7 * i) * (1 - 0.3 * settling) * surge
  const risk = 1 + (i > 0 ? model.riskUp : model.riskDown) * i
  const set = m.faced < SET_AFTER ? model.newBatter : model.setBatter
  w[6] = (w[6] as number) * skill * tail * risk * set * m.wear
  return w.map((x) => Math.max(0, x))
}
