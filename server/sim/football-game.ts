import type { RandomStream } from '../domain/rng'
import type { Timeline } from './common'
import type { LeagueStyle } from './football-leagues'
import type { Footballer } from './football-lineup'

/** A side during the match: who is on the pitch, who is left on the bench, bookings, the score. */
export interface LiveSide {
  teamId: number
  onPitch: Footballer[]
  bench: Footballer[]
  /** Everyone who took the field, starters and substitutes. */
  appeared: Footballer[]
  /** Planned substitution minutes, earliest first (at most five). */
  subMinutes: number[]
  booked: Set<number>
  goals: number
  /** Home advantage on attack. */
  home: number
}

export interface FootballGame {
  rng: RandomStream
  timeline: Timeline
  sides: [LiveSide, LiveSide]
  impact: Map<number, number>
  /** The league's scoring, home advantage and bookings. */
  style: LeagueStyle
}
