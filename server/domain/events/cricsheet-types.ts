import type { MatchEvent } from './schema'

/** How a batter was out: the product's kinds are Cricsheet's own words. */
type WicketKind = NonNullable<Extract<MatchEvent, { type: 'ball' }>['wicket']>['kind']

/** The shapes of a Cricsheet JSON file (https://cricsheet.org/format/json/, data version 1.1.0) that toCricsheet writes. */

/** What the events do not say: names, the date, the event. */
export interface CricsheetContext {
  matchType: 'T20' | 'ODI' | 'Test'
  /** The two sides, in the match's order. */
  teams: Array<{ id: number; name: string }>
  /** Every player who may appear (the squads): id → name, and side. */
  players: Array<{ id: number; name: string; team_id: number }>
  /** The match's start (epoch ms): its date, and the file's `created`. */
  startMs: number
  event?: { name: string; match_number?: number }
  venue?: string
  city?: string
  teamType: 'club' | 'international'
}

export interface CricsheetDelivery {
  batter: string
  bowler: string
  non_striker: string
  runs: { batter: number; extras: number; total: number; non_boundary?: true }
  extras?: { wides?: number; noballs?: number; byes?: number; legbyes?: number }
  wickets?: Array<{ player_out: string; kind: WicketKind; fielders?: Array<{ name: string }> }>
}

export interface CricsheetInnings {
  team: string
  overs: Array<{ over: number; deliveries: CricsheetDelivery[] }>
  powerplays?: Array<{ from: number; to: number; type: 'mandatory' }>
  target?: { runs: number; overs?: number }
  super_over?: true
}

export type CricsheetOutcome =
  | { winner: string; by: { runs?: number; wickets?: number; innings?: number } }
  | { result: 'tie'; eliminator?: string }
  | { result: 'draw' | 'no result' }

export interface CricsheetMatch {
  meta: { data_version: string; created: string; revision: number }
  info: {
    balls_per_over: 6
    city?: string
    dates: string[]
    event?: { name: string; match_number?: number }
    gender: 'male'
    match_type: 'T20' | 'ODI' | 'Test'
    outcome: CricsheetOutcome
    overs?: number
    player_of_match?: string[]
    players: Record<string, string[]>
    registry: { people: Record<string, string> }
    season: string
    team_type: 'club' | 'international'
    teams: string[]
    toss: { winner: string; decision: 'bat' | 'field' }
    venue?: string
  }
  innings: CricsheetInnings[]
}

/** One innings of the product's events, as the outcome needs it. */
export interface PlayedInnings {
  number: number
  teamId: number
  runs: number
  wickets: number
  /** Players in the batting side's lineup (ten wickets down is all out with eleven). */
  batters: number
  superOver: boolean
}
