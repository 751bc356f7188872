/** The front door of features/contests: what other features may use. Daily contests: lists, a contest's pages, joining, invite codes. */

export { type Contest, gamesQuery, type Meta, type UserTeam } from './api'
export { ContestCard } from './ContestCard'
export { ContestLayout } from './ContestLayout'
export { ContestList } from './ContestListPage'
export { userTeamsQuery } from './contest-api'
export { type Invited, inviteQuery } from './invite-api'
export { useJoinFlow } from './JoinFlow'
export { LiveContestCounts, openMatchIds, setMembersEverywhere } from './live-counts'
export { OwnerControls } from './OwnerControls'
export { PrizeTable } from './WinningBreakup'
