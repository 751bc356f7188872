import type { RouteObject } from 'react-router'
import { byId, page } from '../../lib/routing'

const contests = () => import('./pages')

/** Daily fantasy (docs/contests.md): contest lists and pages anyone can look at… */
export const contestRoutes: RouteObject[] = [
  { path: 'contests', ...page(contests, 'ContestsHomePage') },
  { path: 'popular/contests', ...page(contests, 'PopularContestsPage') },
  { path: 'cricket/contests', ...page(contests, 'CricketContestsPage') },
  { path: 'matches/:id/contests', ...byId(), ...page(contests, 'MatchContestsPage') },
  { path: 'series/:id/contests', ...byId(), ...page(contests, 'SeriesContestsPage') },
  { path: 'contests/:id/activities', ...byId(), ...page(contests, 'ActivitiesPage') },
  { path: 'contests/:id/comments', ...byId(), ...page(contests, 'ContestPostsPage') },
]

/** A daily contest's tabs, under `contests/:id` (whose page the esports feature chooses by id). */
export const contestTabRoutes: RouteObject[] = [
  { index: true, ...page(contests, 'ContestIndexTab') },
  { path: 'members', ...page(contests, 'LeaderboardTab') },
  { path: 'prizes', ...page(contests, 'PrizesTab') },
  { path: 'info', ...page(contests, 'InfoTab') },
  { path: 'squads', ...page(contests, 'SquadsTab') },
]

/** …and the ones about the player's own entries, the report (it needs a player) and writing a post. */
export const signedInContestRoutes: RouteObject[] = [
  { path: 'my-contests', ...page(contests, 'MyContestsPage') },
  { path: 'contests/:id/compare', ...byId(), ...page(contests, 'ComparePage') },
  { path: 'contests/:id/compare/member', ...byId(), ...page(contests, 'CompareMemberPage') },
  { path: 'contests/:id/report', ...byId(), ...page(contests, 'ReportPage') },
  { path: 'contests/create/create-a-post', ...page(contests, 'CreatePostPage') },
]
