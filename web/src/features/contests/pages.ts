/** The contest pages, one lazy chunk for the router. */

export { ActivitiesPage } from './ActivitiesPage'
export { CompareMemberPage } from './CompareMemberPage'
export { ComparePage } from './ComparePage'
export { ContestIndexTab, ContestLayout } from './ContestLayout'
export {
  CricketContestsPage,
  PopularContestsPage,
  PubgContestsPage,
  SeriesContestsPage,
} from './ContestListPage'
export { ContestsHomePage } from './ContestsHomePage'
export { InfoTab } from './InfoTab'
export { LeaderboardTab } from './LeaderboardTab'
export { MatchContestsPage } from './MatchContestsPage'
export { MyContestsPage } from './MyContestsPage'
export { PrizesTab } from './PrizesTab'
export { ReportPage } from './ReportPage'
export { SquadsTab } from './SquadsTab'
