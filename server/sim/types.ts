import type { z } from 'zod'
import type { CricketBall, MatchEvent } from '../domain/events/schema'
import type { RandomStream } from '../domain/rng'

export type SimFormat = 'T20' | 'ODI' | 'Test' | 'Race' | 'Match' | null

export interface SimPlayer {
  id: number
  style: number
  /** Credits ×10: how good the player is. */
  value_tenths: number
  /** true: announced in the lineup; false: left out; null/absent: not announced (the simulator picks). */
  in_lineup?: boolean | null
}

export interface SimTeam {
  team_id: number
  players: SimPlayer[]
}

export interface SimInput {
  sportSlug: string
  format: SimFormat
  /** Game-clock instant the match starts (epoch ms). */
  startMs: number
  teams: SimTeam[]
  rng: RandomStream
  /** The era or league the match is simulated under (server/sim/profiles.ts); null: the default. */
  profile?: string | null
}

/** One generated event and the game-clock instant it happens; `seq` is left to the server. */
export interface TimedEvent {
  atMs: number
  event: MatchEvent
}

export type BallEvent = z.infer<typeof CricketBall>
