import type { RouteObject } from 'react-router'
import { byId, page } from '../../lib/routing'

const auctions = () => import('./pages')
/** The projector board and its QR code: a chunk of their own, never part of the feature's pages. */
const board = () => import('./board/BoardPage')
// The debrief (charts, the replay) is a chunk of its own too: only its page loads it.
const debrief = () => import('./debrief/DebriefPage')

/** Auctions: every auction call needs a signed-in user, so every page does too. */
export const auctionRoutes: RouteObject[] = [
  { path: 'auctions', ...page(auctions, 'AuctionsPage') },
  { path: 'auctions/create', ...page(auctions, 'CreateAuctionPage') },
  // Creating a contest of the auction kind is creating an auction.
  { path: 'contests/create/auction', ...page(auctions, 'CreateAuctionPage') },
  { path: 'auctions/join', ...page(auctions, 'JoinAuctionPage') },
  {
    path: 'auctions/:id',
    ...byId(),
    ...page(auctions, 'AuctionLayout'),
    children: [
      { index: true, ...page(auctions, 'AuctionIndex') },
      { path: 'waiting-room', ...page(auctions, 'WaitingRoomPage') },
      { path: 'bidding', ...page(auctions, 'BiddingPage') },
      { path: 'players', ...page(auctions, 'PlayersPage') },
      { path: 'secondary-bidding', ...page(auctions, 'SecondaryBiddingPage') },
      { path: 'secondary-bids', ...page(auctions, 'SecondaryBidsPage') },
      { path: 'leaderboard', ...page(auctions, 'LeaderboardPage') },
    ],
  },
  { path: 'auction/managers/:id', ...byId(), ...page(auctions, 'ManagerPage') },
  { path: 'auction/tournaments', ...page(auctions, 'TournamentsPage') },
  {
    path: 'auction/tournaments/:id',
    ...byId(),
    ...page(auctions, 'TournamentLayout'),
    children: [
      { index: true, ...page(auctions, 'TournamentIndex') },
      { path: 'bidding', ...page(auctions, 'TournamentBiddingPage') },
      { path: 'squad', ...page(auctions, 'TournamentSquadPage') },
    ],
  },
]

/**
 * The projector board and the debrief: full screen, outside the app's shell (no bars, no tabs), so it is
 * registered beside the shell by routes.tsx, behind the sign-in guard as every auction page.
 */
export const auctionBoardRoutes: RouteObject[] = [
  { path: 'auctions/:id/board', ...byId(), ...page(board, 'AuctionBoardPage') },
  { path: 'auctions/:id/debrief', ...byId(), ...page(debrief, 'AuctionDebriefPage') },
]
