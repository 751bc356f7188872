import { STYLE } from '../styles'
import type { LineupCheck, PositionRules } from './position-types'
import type { StyleCounts } from './sports'
import { has, type Violation, violation } from './violations'

/**
 * Cricket roles (spec §5). Fixed styles have one role: 1 BAT, 7 WK (pure), 9 AR, 13 BOWL.
 * Flexible styles count towards whichever role is short: 3 BAT or AR, 5 BAT or WK, 11 AR
 * or BOWL. Each player fills exactly one role, so a BAT/WK keeping wicket is not also a
 * batter. Players of one style are interchangeable, so "every assignment" is every split
 * of each flexible style's count between its two roles: at most 12 × 12 × 12 cases.
 */
export const CRICKET_MIN = { WK: 1, BAT: 4, AR: 1, BOWL: 2, AR_AND_BOWL: 5 } as const
export const CRICKET_MAX_PURE_KEEPERS = 1

export type CricketRole = 'WK' | 'BAT' | 'AR' | 'BOWL'
export type CricketRoles = Record<CricketRole, number>

/** How many players of each flexible style take their second role (AR for 3, WK for 5, AR for 11). */
export interface CricketSplit {
  to_ar_from_3: number
  to_wk_from_5: number
  to_ar_from_11: number
}

export interface CricketAssignment {
  roles: CricketRoles
  split: CricketSplit
  met: { wk: boolean; bat: boolean; ar: boolean; bowl: boolean; ar_and_bowl: boolean }
}

function assign(counts: StyleCounts, split: CricketSplit): CricketAssignment {
  const n = (style: number) => counts.get(style) ?? 0
  const roles: CricketRoles = {
    WK: n(STYLE.PURE_KEEPER) + split.to_wk_from_5,
    BAT:
      n(STYLE.BATTER) +
      n(STYLE.BATTER_ALLROUNDER) -
      split.to_ar_from_3 +
      n(STYLE.BATTER_KEEPER) -
      split.to_wk_from_5,
    AR: n(STYLE.ALLROUNDER) + split.to_ar_from_3 + split.to_ar_from_11,
    BOWL: n(STYLE.BOWLER) + n(STYLE.ALLROUNDER_BOWLER) - split.to_ar_from_11,
  }
  const met = {
    wk: roles.WK >= CRICKET_MIN.WK,
    bat: roles.BAT >= CRICKET_MIN.BAT,
    ar: roles.AR >= CRICKET_MIN.AR,
    bowl: roles.BOWL >= CRICKET_MIN.BOWL,
    ar_and_bowl: roles.AR + roles.BOWL >= CRICKET_MIN.AR_AND_BOWL,
  }
  return { roles, split, met }
}

function* everyAssignment(counts: StyleCounts): Generator<CricketAssignment> {
  const n = (style: number) => counts.get(style) ?? 0
  for (let a = 0; a <= n(STYLE.BATTER_ALLROUNDER); a++)
    for (let k = 0; k <= n(STYLE.BATTER_KEEPER); k++)
      for (let b = 0; b <= n(STYLE.ALLROUNDER_BOWLER); b++)
        yield assign(counts, { to_ar_from_3: a, to_wk_from_5: k, to_ar_from_11: b })
}

/**
 * The assignment meeting the most minimums; ties go to the one meeting the earlier rules in
 * table order (keeper, batters, all-rounders, bowlers, all-rounders + bowlers), so the report
 * is deterministic. A valid team's best assignment meets all of them.
 */
export function bestCricketAssignment(counts: StyleCounts): CricketAssignment {
  let best: CricketAssignment | undefined
  let bestScore = -1
  for (const candidate of everyAssignment(counts)) {
    const { wk, bat, ar, bowl, ar_and_bowl } = candidate.met
    const bits = [wk, bat, ar, bowl, ar_and_bowl]
    const met = bits.filter(Boolean).length
    const score = met * 32 + bits.reduce((acc, bit) => acc * 2 + (bit ? 1 : 0), 0)
    if (score > bestScore) {
      best = candidate
      bestScore = score
    }
  }
  // The loops always run at least once (every bound is ≥ 0).
  return best!
}

/** Fewest players to add so that some assignment meets every minimum (added players take fixed roles). */
function additionsNeeded(counts: StyleCounts): number {
  if ((counts.get(STYLE.PURE_KEEPER) ?? 0) > CRICKET_MAX_PURE_KEEPERS) return Number.POSITIVE_INFINITY
  let fewest = Number.POSITIVE_INFINITY
  for (const { roles } of everyAssignment(counts)) {
    const wk = Math.max(0, CRICKET_MIN.WK - roles.WK)
    const bat = Math.max(0, CRICKET_MIN.BAT - roles.BAT)
    const ar = Math.max(0, CRICKET_MIN.AR - roles.AR)
    const bowl = Math.max(0, CRICKET_MIN.BOWL - roles.BOWL)
    const both = Math.max(0, CRICKET_MIN.AR_AND_BOWL - (roles.AR + ar + roles.BOWL + bowl))
    fewest = Math.min(fewest, wk + bat + ar + bowl + both)
  }
  return fewest
}

function check(counts: StyleCounts): LineupCheck {
  const pure = counts.get(STYLE.PURE_KEEPER) ?? 0
  const { roles, met } = bestCricketAssignment(counts)
  const violations: Violation[] = []
  if (pure > CRICKET_MAX_PURE_KEEPERS)
    violations.push(
      violation(
        'cricket_max_pure_keeper',
        `A team can have at most 1 pure wicket-keeper (WK); yours has ${pure}.`,
      ),
    )
  if (!met.wk)
    violations.push(
      violation(
        'cricket_min_keeper',
        'You need at least 1 wicket-keeper (WK or BAT/WK); your team has none.',
      ),
    )
  if (!met.bat)
    violations.push(
      violation(
        'cricket_min_batters',
        `You need at least 4 batters (BAT, BAT/AL or BAT/WK); your team has ${has(roles.BAT)}.`,
      ),
    )
  if (!met.ar)
    violations.push(
      violation(
        'cricket_min_allrounders',
        'You need at least 1 all-rounder (AL, BAT/AL or AL/BOWL); your team has none.',
      ),
    )
  if (!met.bowl)
    violations.push(
      violation(
        'cricket_min_bowlers',
        `You need at least 2 bowlers (BOWL or AL/BOWL); your team has ${has(roles.BOWL)}.`,
      ),
    )
  if (!met.ar_and_bowl)
    violations.push(
      violation(
        'cricket_min_allrounders_and_bowlers',
        `You need at least 5 all-rounders and bowlers together; your team has ${has(roles.AR + roles.BOWL)}.`,
      ),
    )
  return {
    flags: {
      balanced_wk: met.wk,
      balanced_pure_wk: pure <= CRICKET_MAX_PURE_KEEPERS,
      balanced_bat: met.bat,
      balanced_ar: met.ar,
      balanced_bowl: met.bowl,
      balanced_ar_and_bowl: met.ar_and_bowl,
    },
    role_counts: { ...roles },
    violations,
    additions_needed: additionsNeeded(counts),
  }
}

export const CRICKET: PositionRules = {
  check,
  additionsNeeded,
  caps: [
    {
      style: STYLE.PURE_KEEPER,
      max: CRICKET_MAX_PURE_KEEPERS,
      rule: 'cricket_max_pure_keeper',
      message: 'You already have a pure wicket-keeper (WK); a team can have only 1.',
    },
  ],
}
