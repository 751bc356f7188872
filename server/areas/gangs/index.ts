/** Gangs: groups of players with a shared series score (docs/gangs.md). The front door. */
export { MAX_GANG_MEMBERS } from './membership'
export { gangRoutes } from './routes'
export { type Ranked, rankUsers, seriesScoresX2 } from './scores'
export { seriesLeaderboardRoutes } from './series-leaderboard.routes'
export type { GangJson } from './views'
export { visibleGang } from './visibility'
