export { Scoreboard } from './board'
export { type IngestResult, ingestEvents } from './ingest'
export {
  currentLive,
  currentLiveLocked,
  forgetLiveMatches,
  type LiveMatch,
  peekLive,
  sharedScoring,
  withMatchLock,
} from './live'
export {
  contestUserStream,
  type LeaderboardMessage,
  type LiveEntry,
  leaderboardMessage,
  type MyRank,
  type MyRanksMessage,
  myRanksMessage,
} from './publish'
export { resultText } from './result'
export {
  forgetPlan,
  forgetPlans,
  type Plan,
  planFor,
  simInputOf,
  simulationInput,
  storedProgress,
} from './simulation-plan'
export { followMatchStandings } from './standings-relay'
