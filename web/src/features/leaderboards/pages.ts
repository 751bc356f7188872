/** The leaderboard pages (issue 14), one lazy chunk for the router. */
export { BoardPage } from './BoardPage'
export { LeaderboardsPage } from './LeaderboardsPage'
