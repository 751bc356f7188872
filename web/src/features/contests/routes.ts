import type { LoaderFunctionArgs, RouteObject } from 'react-router'
import { isEsportsContestId } from '../../../../server/domain/esports/rules'
import { byId, type Prefetch, page } from '../../lib/routing'
import { isSignedIn } from '../../lib/session'
import {
  contestQuery,
  homeQuery,
  type MyContestsType,
  matchContestsQuery,
  myContestsQuery,
  myContestsType,
} from './api'
import { readListParams } from './list-params'

const contests = () => import('./pages')
/** The projector board and its QR code: a chunk of their own, never part of the feature's pages. */
const board = () => import('./board/ContestBoardPage')

/*
 * What the entry pages read first, started beside their chunk (lib/routing `page`'s prefetch):
 * the same query options the pages use, from the same address.
 */
const search = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams
const home: Prefetch = (args, start) => start.query(homeQuery(search(args).get('sport')))
const matchContests: Prefetch = (args, start) =>
  start.pages(matchContestsQuery(Number(args.params.id), readListParams(search(args))))
/** The open tab, and the upcoming and live lists that say when a contest moves on. */
const mine: Prefetch = (args, start) => {
  if (!isSignedIn()) return // the guard above sends the visitor to /login
  const type = myContestsType(search(args).get('type'))
  const types = new Set<MyContestsType>([type, 'upcoming', ...(type === 'finished' ? [] : ['live' as const])])
  for (const t of types) start.pages(myContestsQuery(t))
}
/** A daily contest's tabs all sit in its layout, which reads the contest (esports ids have their own page). */
const contest: Prefetch = ({ params }, start) => {
  if (!isEsportsContestId(Number(params.id))) start.query(contestQuery(Number(params.id)))
}
/** The tabs' loaders run beside their parent's: each checks the id before fetching with it. */
const tab = { ids: ['id'], prefetch: contest }

/** Daily fantasy (docs/contests.md): contest lists and pages anyone can look at… */
export const contestRoutes: RouteObject[] = [
  { path: 'contests', ...page(contests, 'ContestsHomePage', { prefetch: home }) },
  { path: 'popular/contests', ...page(contests, 'PopularContestsPage') },
  { path: 'cricket/contests', ...page(contests, 'CricketContestsPage') },
  {
    path: 'matches/:id/contests',
    ...page(contests, 'MatchContestsPage', { ids: ['id'], prefetch: matchContests }),
  },
  { path: 'series/:id/contests', ...byId(), ...page(contests, 'SeriesContestsPage') },
  { path: 'contests/:id/activities', ...byId(), ...page(contests, 'ActivitiesPage') },
  { path: 'contests/:id/comments', ...byId(), ...page(contests, 'ContestPostsPage') },
]

/** A daily contest's tabs, under `contests/:id` (whose page the esports feature chooses by id). */
export const contestTabRoutes: RouteObject[] = [
  { index: true, ...page(contests, 'ContestIndexTab', tab) },
  { path: 'members', ...page(contests, 'LeaderboardTab', tab) },
  { path: 'prizes', ...page(contests, 'PrizesTab', tab) },
  { path: 'info', ...page(contests, 'InfoTab', tab) },
  { path: 'squads', ...page(contests, 'SquadsTab', tab) },
]

/** …and the ones about the player's own entries, the report (it needs a player) and writing a post. */
export const signedInContestRoutes: RouteObject[] = [
  { path: 'my-contests', ...page(contests, 'MyContestsPage', { prefetch: mine }) },
  { path: 'contests/:id/compare', ...byId(), ...page(contests, 'ComparePage') },
  { path: 'contests/:id/compare/member', ...byId(), ...page(contests, 'CompareMemberPage') },
  { path: 'contests/:id/report', ...byId(), ...page(contests, 'ReportPage') },
  { path: 'contests/create/create-a-post', ...page(contests, 'CreatePostPage') },
]

/** The projector board: full screen, outside the app's shell, signed in (routes.tsx places it). */
export const contestBoardRoutes: RouteObject[] = [
  { path: 'contests/:id/board', ...byId(), ...page(board, 'ContestBoardPage') },
]
