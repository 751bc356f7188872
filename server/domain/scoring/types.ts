import type { MatchEvent, ScoringFamily } from '../events/schema'
import type { PointSystem } from './point-systems'

/** A player of the match as the scorer needs them: the style picks football's points column. */
export interface RosterPlayer {
  id: number
  style: number
  /** The player's side: a cricket or football team, an F1 constructor, a battle-royale squad. */
  real_team_id: number
}

export interface ScorerOptions {
  family: ScoringFamily
  /** Cricket: T20 | ODI | Test (case-insensitive). Ignored by football (its columns are positions). */
  format?: string | null
  players: readonly RosterPlayer[]
  /** Race distance, echoed in the race summary. */
  laps?: number | null
  /** The point table; defaults to the family's system in `./point-systems/`. */
  system?: PointSystem
}

export interface BreakdownLine {
  /** A rule id of the point system (`./point-systems/*.json`). */
  rule: string
  label: string
  points: number
}

export type StatValue = number | boolean | string | null

export interface PlayerScore {
  player_id: number
  /** Integer; equals the sum of the breakdown. */
  total_score: number
  stats: Record<string, StatValue>
  breakdown: BreakdownLine[]
}

export interface CricketInningsSummary {
  innings: number
  team_id: number | null
  runs: number
  wickets: number
  /** Completed overs and legal balls of the next one: '12.3'. */
  overs: string
  extras: number
  complete: boolean
  /** Innings 3 and 4 of a T20 or ODI are super overs: shown, never scored. */
  super_over: boolean
}

export interface CricketSummary {
  family: 'cricket'
  format: string
  innings: CricketInningsSummary[]
  /** Who is in after the latest ball (a dismissed batter drops out until the next ball names the new one). */
  batters: Array<{ player_id: number; runs: number; balls: number; on_strike: boolean }>
  bowler: { player_id: number; overs: string; runs: number; wickets: number; maidens: number } | null
  player_of_the_match: number | null
}

export interface FootballSummary {
  family: 'football'
  /** Goals by team id. */
  score: Record<string, number>
  minute: number
  full_time: boolean
}

export interface RaceSummary {
  family: 'race'
  /** The latest lap reported (0 before the first). */
  lap: number
  laps: number | null
  leader_id: number | null
  /** The latest running order (the classification after `finish`). */
  order: number[]
  finished: boolean
  fastest_lap: { driver_id: number; lap: number } | null
  dnf: number[]
}

export interface BattleRoyaleSummary {
  family: 'battle_royale'
  zone: number
  teams_alive: number
  kills_by_team: Record<string, number>
  /** Placement by team id, for squads eliminated so far and the winner. */
  placements: Record<string, number>
  winner_id: number | null
}

export type MatchSummary = CricketSummary | FootballSummary | RaceSummary | BattleRoyaleSummary

export interface Scorer {
  readonly family: ScoringFamily
  /** The point-system column in use ('T20', 'Race', …; 'position' for football). */
  readonly format: string
  /** How many events were applied. */
  readonly eventCount: number
  /**
   * Applies one (validated) event, in match order, and returns the ids of the players whose
   * stats changed — a superset of those whose points changed. O(players touched).
   */
  apply(event: MatchEvent): number[]
  /** The player's current integer points (0 for a player not in the roster). O(1). */
  points(playerId: number): number
  /** Points with stats and a per-rule breakdown; undefined for a player not in the roster. */
  playerScore(playerId: number): PlayerScore | undefined
  /** Every roster player, in roster order, including those on 0. */
  all(): PlayerScore[]
  summary(): MatchSummary
  /** An independent copy with the same events applied. */
  clone(): Scorer
}
