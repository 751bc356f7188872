/** The contest pages, one lazy chunk for the router. */

export { ActivitiesPage } from './ActivitiesPage'
export { CompareMemberPage } from './CompareMemberPage'
export { ComparePage } from './ComparePage'
export { ContestIndexTab, ContestLayout } from './ContestLayout'
export {
  CricketContestsPage,
  PopularContestsPage,
  SeriesContestsPage,
} from './ContestListPage'
export { ContestPostsPage } from './ContestPostsPage'
export { ContestsHomePage } from './ContestsHomePage'
export { CreatePostPage } from './CreatePostPage'
export { InfoTab } from './InfoTab'
export { LeaderboardTab } from './LeaderboardTab'
export { MatchContestsPage } from './MatchContestsPage'
export { MyContestsPage } from './MyContestsPage'
export { PrizesTab } from './PrizesTab'
export { ReportPage } from './ReportPage'
export { SquadsTab } from './SquadsTab'
