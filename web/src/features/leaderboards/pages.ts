/** The leaderboard pages, one lazy chunk for the router. */
export { BoardPage } from './BoardPage'
export { LeaderboardsPage } from './LeaderboardsPage'
