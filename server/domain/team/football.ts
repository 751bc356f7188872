import { STYLE } from '../styles'
import type { BalanceFlag, LineupCheck, PositionRules } from './position-types'
import type { StyleCounts } from './sports'
import { has, plural, type RuleId, type Violation, violation } from './violations'

/** Football (spec §5): exactly 1 GK (101), 3–5 DEF (102), 3–5 MID (103), 1–3 FWD (104). */
export const FOOTBALL_POSITIONS: ReadonlyArray<{
  key: 'GK' | 'DEF' | 'MID' | 'FWD'
  style: number
  min: number
  max: number
  flag: BalanceFlag
  rule: RuleId
  name: string
}> = [
  {
    key: 'GK',
    style: STYLE.GOALKEEPER,
    min: 1,
    max: 1,
    flag: 'balanced_gk',
    rule: 'football_goalkeeper',
    name: 'goalkeeper',
  },
  {
    key: 'DEF',
    style: STYLE.DEFENDER,
    min: 3,
    max: 5,
    flag: 'balanced_def',
    rule: 'football_defenders',
    name: 'defender',
  },
  {
    key: 'MID',
    style: STYLE.MIDFIELDER,
    min: 3,
    max: 5,
    flag: 'balanced_mid',
    rule: 'football_midfielders',
    name: 'midfielder',
  },
  {
    key: 'FWD',
    style: STYLE.FORWARD,
    min: 1,
    max: 3,
    flag: 'balanced_fwd',
    rule: 'football_forwards',
    name: 'forward',
  },
]

function additionsNeeded(counts: StyleCounts): number {
  let additions = 0
  for (const pos of FOOTBALL_POSITIONS) {
    const count = counts.get(pos.style) ?? 0
    if (count > pos.max) return Number.POSITIVE_INFINITY
    additions += Math.max(0, pos.min - count)
  }
  // Every position below its maximum can take the extra players: 1 + 5 + 5 + 3 = 14 ≥ 11.
  return additions
}

function check(counts: StyleCounts): LineupCheck {
  const flags: LineupCheck['flags'] = {}
  const roleCounts: Record<string, number> = {}
  const violations: Violation[] = []
  for (const pos of FOOTBALL_POSITIONS) {
    const count = counts.get(pos.style) ?? 0
    const ok = count >= pos.min && count <= pos.max
    flags[pos.flag] = ok
    roleCounts[pos.key] = count
    if (ok) continue
    const need =
      pos.min === pos.max
        ? `exactly ${pos.min} ${plural(pos.min, pos.name)}`
        : `${pos.min} to ${pos.max} ${pos.name}s`
    violations.push(violation(pos.rule, `You need ${need} (${pos.key}); your team has ${has(count)}.`))
  }
  return { flags, role_counts: roleCounts, violations, additions_needed: additionsNeeded(counts) }
}

export const FOOTBALL: PositionRules = {
  check,
  additionsNeeded,
  caps: FOOTBALL_POSITIONS.map((pos) => ({
    style: pos.style,
    max: pos.max,
    rule: pos.rule,
    message:
      pos.max === 1
        ? `You already have a ${pos.name} (${pos.key}); a team can have only 1.`
        : `You already have ${pos.max} ${pos.name}s (${pos.key}), the most a team can have.`,
  })),
}
