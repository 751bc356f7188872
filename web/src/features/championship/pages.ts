/** The championship pages, one lazy chunk for the router. */
export { CreateClassicTeamPage, EditClassicTeamPage } from './BuilderPage'
export { ContestChampionshipStatsPage } from './ContestStatsPage'
export { HistoryPage } from './HistoryPage'
export { ChampionshipHomePage } from './HomePage'
export { PhaseLeaderboardPage } from './LeaderboardPage'
export { ClassicTeamPage } from './TeamPage'
