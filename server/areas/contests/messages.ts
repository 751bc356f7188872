import type { ContestActivityKind, ContestStatus, MatchStatus } from '../../db/schema'
import type { Stream } from '../../db/tx'
import type { LeaderboardMessage, MyRanksMessage } from '../scoring'

/**
 * What ContestChannel sends (docs/channels.md): the snapshot on subscribing, then what the
 * contest's stream carries. The web follows the same types (type-only imports), so a renamed
 * field fails its typecheck as a REST answer's does.
 */
export type ContestSnapshot = {
  type: 'snapshot'
  seq: number
  user_seq: number
  contest_id: number
  contest_status: ContestStatus
  match_status: MatchStatus
  members_count: number
}
export type ChampionshipContestSnapshot = {
  type: 'snapshot'
  seq: number
  championship_contest_id: number
  contest_status: ContestStatus
  members_count: number
}

export type ContestType = 'contest' | 'championship_contest'

/** One line of a contest's activity (its page, and the `activity` message). */
export type ActivityJson = {
  id: number
  kind: ContestActivityKind
  body: string
  user: { slug: string; username: string } | null
  created_at_in_millis: number
}

/** A contest's (or a championship contest's) stream. */
export type ContestMessage =
  | LeaderboardMessage
  | { type: 'members'; members_count: number }
  | { type: 'status'; contest_status: ContestStatus; reason?: string | null }
  | { type: 'activity'; activity: ActivityJson }
  | { type: 'likes'; likes_count: number }

/** Everything a ContestChannel subscriber may receive, before the bus numbers it. */
export type ContestChannelMessage =
  | ContestSnapshot
  | ChampionshipContestSnapshot
  | ContestMessage
  | MyRanksMessage

export const contestStream = (contestId: number) => `contest:${contestId}` as Stream<ContestMessage>

/** The bus stream a contest's ContestChannel subscribers follow. */
export const contestStreamOf = (type: ContestType, id: number): Stream<ContestMessage> =>
  type === 'contest' ? contestStream(id) : `championship_contest:${id}`

/**
 * The member counts of a match's public contests (ContestChannel with `match_id`): what the
 * contest cards of lists and the home screen follow. Private contests are left out, so the
 * stream never names one to someone who may not see it.
 */
export type MatchContestsMessage = { type: 'members'; contest_id: number; members_count: number }
export type MatchContestsSnapshot = { type: 'snapshot'; seq: number; match_id: number }

export const matchContestsStream = (matchId: number) =>
  `match_contests:${matchId}` as Stream<MatchContestsMessage>

/** The signed-in player's own "My Contests" changed (a join, a removal): refetch the lists. */
export type MyContestsMessage = { type: 'my_contests'; contest_id: number }
