/**
 * The demo league as plain data, built before anything is written. Rows refer to each
 * other by stable keys ("cricket:MUM", "cricket:MUM:3"); the writer turns keys into ids.
 */
import type { SimProfile } from '../../server/sim'
import type { SportSlug, Venue } from '../lists/types'

export type { SportSlug, Venue }

export interface TeamPlan {
  key: string
  name: string
  nameAttr: string
  color: string
  country: string | null
  /** Home ground, where the sport has them. */
  venue: Venue | null
  /** 0..1, how good the side is; drives results. */
  strength: number
}

export interface PlayerPlan {
  key: string
  teamKey: string
  name: string
  displayName: string
  style: number
  /** Credits in tenths (95 = 9.5 credits). */
  value: number
  country: string | null
  isStar: boolean
  lastSeriesScore: number
  /** 0..1, how good the player is; drives lineups and results. */
  skill: number
}

export interface RosterPlan {
  sport: SportSlug
  teams: TeamPlan[]
  players: PlayerPlan[]
}

export interface PhasePlan {
  name: string
  startsAt: number
  endsAt: number
}

export interface MatchPlayerPlan {
  playerKey: string
  teamKey: string
  value: number
  /** 1 played, 0 benched, null: lineup not announced yet. */
  inLineup: number | null
}

export type PlannedStatus = 'completed' | 'upcoming'

export interface MatchPlan {
  matchNo: number
  stage: string
  title: string
  format: string | null
  venue: Venue
  /** Participating sides in slot order; for two-sided sports exactly [team1, team2]. */
  teamKeys: string[]
  twoSided: boolean
  eventTime: number
  status: PlannedStatus
  resultText: string | null
  /** Index into the series' phases. */
  phase: number
  players: MatchPlayerPlan[]
}

export interface SeriesPlan {
  sport: SportSlug
  name: string
  shortName: string
  format: string | null
  /** The era or league its matches are simulated under (server/sim/profiles.ts); absent: the default. */
  simProfile?: SimProfile
  phases: PhasePlan[]
  matches: MatchPlan[]
}

export interface LeaguePlan {
  rosters: RosterPlan[]
  series: SeriesPlan[]
}
