import type { Generated } from 'kysely'

// Sports, series, matches, their players, events and scores.

/** Moved by every scoring write of a match; `reset_revision` by corrections (full rebuild). */
export interface MatchScoreMarksTable {
  match_id: number
  revision: number
  reset_revision: number
}

export type SportKind = 'team' | 'racing' | 'battle_royale'

export interface SportsTable {
  id: Generated<number>
  slug: string
  name: string
  kind: SportKind
  team_size: number
  sort: Generated<number>
}

export interface RealTeamsTable {
  id: Generated<number>
  sport_id: number
  name: string
  name_attr: string
  team_color: string
  country: string | null
}

export interface PlayersTable {
  id: Generated<number>
  sport_id: number
  real_team_id: number
  name: string
  display_name: string
  style: number
  value_tenths: number
  country: string | null
  is_star: Generated<number>
  last_series_score: Generated<number>
}

export type SeriesStatus = 'upcoming' | 'live' | 'completed'

export interface SeriesTable {
  id: Generated<number>
  sport_id: number
  name: string
  short_name: string
  format: string | null
  status: SeriesStatus
  starts_at_ms: number
  ends_at_ms: number
  /** The era or league its matches are simulated under (server/sim/profiles.ts); null: the default. */
  sim_profile: string | null
}

export interface SeriesPhasesTable {
  id: Generated<number>
  series_id: number
  name: string
  phase_no: number
  starts_at_ms: number
  ends_at_ms: number
  /** JSON: [{ rank_from, rank_to, prize_paise }] best first (docs/championship.md). */
  prizes: Generated<string>
  /** When the phase's prizes were paid (once, after its last match completed). */
  prizes_paid_at_ms: number | null
}

export type MatchStatus = 'upcoming' | 'live' | 'completed' | 'abandoned'

export interface MatchesTable {
  id: Generated<number>
  sport_id: number
  series_id: number
  phase_id: number | null
  match_no: number
  match_stage: string
  title: string
  format: string | null
  venue_name: string | null
  venue_location: string | null
  venue_country: string | null
  team1_id: number | null
  team2_id: number | null
  event_time_ms: number
  status: MatchStatus
  result_text: string | null
  created_at_ms: number
  /** JSON: the live score summary derived from the match events. */
  score_summary: Generated<string>
  locked_at_ms: number | null
  completed_at_ms: number | null
  settled_at_ms: number | null
  /** 'live' or 'instant' while (or after) the simulator drives the match; null otherwise. */
  sim_mode: string | null
  player_of_the_match_id: number | null
}

export interface MatchTeamsTable {
  match_id: number
  real_team_id: number
  slot: number
}

export interface MatchPlayersTable {
  match_id: number
  player_id: number
  real_team_id: number
  value_tenths: number
  in_lineup: number | null
}

/**
 * What a simulation was started with, stored once so the plan is the same after a restart:
 * the seed of its stream, the instant it starts from, the events stored before it began
 * (`base_seq`) and the squads as JSON (`SimTeam[]`, lineup flags as they were then).
 */
export interface MatchSimulationsTable {
  match_id: number
  seed: number
  start_ms: number
  base_seq: number
  teams: string
  /** The profile the simulation started with (resolved: null only where the sport has none). */
  profile: string | null
  created_at_ms: number
}

export interface MatchEventsTable {
  id: Generated<number>
  match_id: number
  seq: number
  type: string
  payload: string
  at_ms: number
  created_at_ms: number
}

export interface PlayerMatchScoresTable {
  match_id: number
  player_id: number
  total_score: number
  stats: string
  breakdown: string
  updated_at_ms: number
}

export interface MatchesTables {
  match_score_marks: MatchScoreMarksTable
  sports: SportsTable
  real_teams: RealTeamsTable
  players: PlayersTable
  series: SeriesTable
  series_phases: SeriesPhasesTable
  matches: MatchesTable
  match_teams: MatchTeamsTable
  match_players: MatchPlayersTable
  match_simulations: MatchSimulationsTable
  match_events: MatchEventsTable
  player_match_scores: PlayerMatchScoresTable
}
