/** The shapes every sport's position rules share (cricket.ts, football.ts, positions.ts). */
import type { StyleCounts } from './sports'
import type { RuleId, Violation } from './violations'

export const CRICKET_FLAGS = [
  'balanced_wk',
  'balanced_pure_wk',
  'balanced_bat',
  'balanced_ar',
  'balanced_bowl',
  'balanced_ar_and_bowl',
] as const
export const FOOTBALL_FLAGS = ['balanced_gk', 'balanced_def', 'balanced_mid', 'balanced_fwd'] as const
export type BalanceFlag = (typeof CRICKET_FLAGS)[number] | (typeof FOOTBALL_FLAGS)[number]

/** The balance flags of the team's sport only: cricket's six, football's four, none otherwise. */
export type BalanceFlags = Partial<Record<BalanceFlag, boolean>>

/** What the position rules of a sport say about a set of selected styles. */
export interface LineupCheck {
  flags: BalanceFlags
  /** Players per role (per tab): cricket WK/BAT/AR/BOWL after the flexible assignment, football GK/DEF/MID/FWD. */
  role_counts: Record<string, number>
  violations: Violation[]
  /** Fewest players to add that would fix every position rule; Infinity when only removing players can. */
  additions_needed: number
}

/** A maximum per style: the builder greys out a player whose style is at its cap. */
export interface StyleCap {
  style: number
  max: number
  rule: RuleId
  message: string
}

export interface PositionRules {
  check(counts: StyleCounts): LineupCheck
  /** `check(counts).additions_needed` without building messages: the completion search calls it often. */
  additionsNeeded(counts: StyleCounts): number
  caps: ReadonlyArray<StyleCap>
}
