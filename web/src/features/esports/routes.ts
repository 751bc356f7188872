import type { LoaderFunctionArgs, RouteObject } from 'react-router'
import { byId, page, wholeNumberParams } from '../../lib/routing'

const results = () => import('./results/pages')
const contest = () => import('./contest/pages')
const tournaments = () => import('./tournaments/pages')

/** PUBG contests and rooms, tournaments, rounds and slots (docs/esports.md), for anyone. */
export const esportsRoutes: RouteObject[] = [
  { path: 'pubg/contests', ...page(() => import('./create/PubgContestsPage'), 'PubgContestsPage') },
  { path: 'pubg/tournaments', ...page(tournaments, 'TournamentsPage') },
  { path: 'pubg/tournaments/:id', ...byId(), ...page(tournaments, 'TournamentPage') },
  {
    path: 'pubg-rounds/:id?/slots',
    loader: (args: LoaderFunctionArgs) =>
      wholeNumberParams(...(args.params.id === undefined ? [] : ['id']))(args),
    ...page(tournaments, 'RoundSlotsPage'),
  },
  // An esports squad's captain's page.
  { path: 'contests/:id/squad-update', ...byId(), ...page(contest, 'SquadUpdatePage') },
]

/**
 * `contests/:id`, one contest whichever table it is in: esports ids get the esports page, daily
 * ids the daily contest's layout with its `tabs` (contests' contestTabRoutes).
 */
export const contestRoute = (tabs: RouteObject[]): RouteObject => ({
  path: 'contests/:id',
  ...byId(),
  ...page(contest, 'ContestRoute'),
  children: tabs,
})

/** An esports contest's room, live (docs/esports.md "Room details"), and its results, one page per game. */
export const signedInEsportsRoutes: RouteObject[] = [
  { path: 'contests/:id/room', ...byId(), ...page(contest, 'EsportsRoomPage') },
  { path: 'contests/:id/pubg-update', ...byId(), ...page(results, 'PubgUpdatePage') },
  { path: 'contests/:id/free-fire-update', ...byId(), ...page(results, 'FreeFireUpdatePage') },
  { path: 'contests/:id/call-of-duty-update', ...byId(), ...page(results, 'CallOfDutyUpdatePage') },
]
