import type { CricketEra } from './profiles'

/**
 * The numbers behind one era of cricket: what a legal ball does in each phase, how often the
 * bowler strays, how dismissals split, and how strongly intent, skill and a set batter move
 * the odds. The simulator's model is the same for every era; only these parameters change.
 * Targets and sources: docs/simulation.md, "The cricket model".
 */
export interface EraModel {
  /** Legal-ball weights per phase (powerplay, middle, death): dot, 1, 2, 3, four, six, wicket, byes/leg-byes. */
  legal: number[][]
  /** Chance a delivery is a wide / a no-ball, for an average bowler (weaker bowlers stray more). */
  wide: number
  noball: number
  /** Wides as they are scored: 1, 2 (one run taken), 3, 5 (to the boundary). */
  wideRuns: number[]
  /** Dismissal kinds, in the order of KINDS in cricket-delivery.ts. */
  kinds: number[]
  /** How much the bowler's and the batter's skill move the wicket chance (exp(k × (bowl − 0.7) − k′ × (bat − 0.6))). */
  bowlWicket: number
  batWicket: number
  /** Wicket chance × (1 − tail × wickets down beyond five): the last pairs hang on. */
  tail: number
  /** Wicket chance × (1 + up × intent) when attacking, × (1 + down × intent) when defending. */
  riskUp: number
  riskDown: number
  /** Wicket chance for a batter's first balls, and once he is set (after SET_AFTER balls). */
  newBatter: number
  setBatter: number
  /** Sixes and fours × this in the death overs of a side with wickets in hand (the late surge). */
  surge: number
  /** Spread (sd of the log) of a match's boundary rate: a flat pitch and short boundaries, or not. */
  pitchSpread: number
  /** Spread (sd of the log) of an over's tightness: how much overs differ beyond the matchup. */
  overSpread: number
}

/** Balls a batter faces before he is "in". */
export const SET_AFTER = 10

// Dismissal kinds: caught, bowled, lbw, run out, stumped, caught and bowled, hit wicket.
// IPL 2008–22 (Cricsheet ball-by-ball): lbw 6.1% and stumped 2.9% of wickets.
const T20_KINDS = [0.625, 0.165, 0.061, 0.08, 0.027, 0.037, 0.005]

const T20_2008: EraModel = {
  legal: [
    [0.45, 0.28, 0.055, 0.004, 0.157, 0.039, 0.048, 0.02],
    [0.33, 0.42, 0.085, 0.005, 0.104, 0.046, 0.055, 0.02],
    [0.27, 0.33, 0.09, 0.004, 0.165, 0.103, 0.085, 0.02],
  ],
  wide: 0.039,
  noball: 0.004,
  wideRuns: [0.9, 0.05, 0.005, 0.045],
  kinds: T20_KINDS,
  bowlWicket: 1.9,
  batWicket: 0.45,
  tail: 0.13,
  riskUp: 0.6,
  riskDown: 0.6,
  newBatter: 0.92,
  setBatter: 0.95,
  surge: 1.06,
  overSpread: 0.45,
  pitchSpread: 0.22,
}

/** The impact-player era (IPL 2023–24): deeper batting, sixes and wides up. */
const T20_2024: EraModel = {
  ...T20_2008,
  legal: [
    [0.42, 0.27, 0.055, 0.004, 0.18, 0.064, 0.048, 0.02],
    [0.31, 0.4, 0.085, 0.005, 0.113, 0.074, 0.055, 0.02],
    [0.25, 0.31, 0.085, 0.004, 0.17, 0.15, 0.085, 0.02],
  ],
  wide: 0.05,
  pitchSpread: 0.16,
}

const ODI_2015: EraModel = {
  legal: [
    [0.6, 0.19, 0.03, 0.004, 0.122, 0.011, 0.02, 0.01],
    [0.47, 0.28, 0.05, 0.005, 0.062, 0.012, 0.021, 0.01],
    [0.34, 0.33, 0.075, 0.004, 0.114, 0.04, 0.039, 0.01],
  ],
  wide: 0.022,
  noball: 0.004,
  wideRuns: [0.92, 0.04, 0.005, 0.035],
  kinds: [0.58, 0.17, 0.1, 0.065, 0.035, 0.045, 0.005],
  bowlWicket: 1.5,
  batWicket: 0.5,
  tail: 0.035,
  riskUp: 1,
  riskDown: 0.6,
  newBatter: 1.1,
  setBatter: 0.9,
  surge: 1.25,
  overSpread: 0.5,
  pitchSpread: 0,
}

/** A Test: one table for the whole innings (phases do not apply). */
const TEST: EraModel = {
  legal: [[0.72, 0.14, 0.035, 0.01, 0.07, 0.004, 0.0135, 0.012]],
  wide: 0.008,
  noball: 0.012,
  wideRuns: [0.95, 0.02, 0.005, 0.025],
  kinds: [0.55, 0.16, 0.18, 0.03, 0.03, 0.045, 0.005],
  bowlWicket: 1,
  batWicket: 1,
  tail: 0,
  riskUp: 0.9,
  riskDown: 0.5,
  newBatter: 1.25,
  setBatter: 1,
  surge: 1,
  overSpread: 0,
  pitchSpread: 0,
}

const ERAS: Record<CricketEra, EraModel> = {
  't20-2008': T20_2008,
  't20-2024': T20_2024,
  'odi-2015': ODI_2015,
}

export function eraModel(era: CricketEra | null): EraModel {
  return era == null ? TEST : ERAS[era]
}
