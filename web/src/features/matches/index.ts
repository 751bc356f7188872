/** The front door of features/matches: what other features may use. Matches: a match, its players and scores, live updates, the match strip. */

export {
  isSummary,
  type Match,
  matchName,
  matchQuery,
  type Player,
  playerQuery,
  playerScoresQuery,
  playersQuery,
} from './api'
export { LiveBadge } from './LiveBadge'
export { FollowMatch, type MatchLive, useMatchLive } from './live'
export { MatchState, MatchStrip } from './MatchStrip'
export { ScoreStrip } from './ScoreStrip'
export { Breakdown } from './StatisticsPage'
