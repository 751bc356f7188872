import type { MatchStatus } from '../../db/schema'
import type { Stream } from '../../db/tx'
import type { MatchEvent } from '../../domain/events/schema'
import type { MatchSummary } from '../../domain/scoring/types'

/** A player's fantasy points so far in the match. */
export type PlayerPoints = { player_id: number; total_score: number }

/**
 * What MatchChannel sends (docs/channels.md): the snapshot on subscribing, then the match's
 * stream. The web's live view reads the same types (type-only imports).
 */
export type MatchSnapshot = {
  type: 'snapshot'
  seq: number
  match_id: number
  match_status: MatchStatus
  summary: MatchSummary | Record<string, never>
  player_points: PlayerPoints[]
}
export type MatchMessage =
  | { type: 'event'; event: MatchEvent & { seq: number }; correction: boolean; summary: MatchSummary }
  | { type: 'player_points'; players: PlayerPoints[] }
  | { type: 'status'; match_status: MatchStatus }

export type MatchChannelMessage = MatchSnapshot | MatchMessage

/** The bus stream a match's MatchChannel subscribers follow. */
export const matchStream = (matchId: number) => `match:${matchId}` as Stream<MatchMessage>
