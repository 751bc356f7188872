import { registerCardCheck } from '../groups'
import { visibleAuction } from './visibility'

// The auctions' front door: what the app, the cable channels and other areas may use. Inside,
// the files (lifecycle, bidding, sealed rounds, bots, tournaments, managers) import each other.
export { addBots, registerAuctionBotJobs } from './bots'
export { runCommand, violationCode } from './commands'
export { createAuction, startAuction } from './lifecycle'
export { registerAuctionLotReminderJobs } from './lot-reminders'
export { auctionManagerRoutes } from './manager.routes'
export { resumeAuctions } from './outage'
export { poolOf } from './pools'
export { managerOf } from './queries'
export {
  LONG_LOT_MAX_SECONDS,
  QuietHoursInput,
  registerAuctionQuietJobs,
  SHORT_LOT_MAX_SECONDS,
} from './quiet'
export { auctionRoutes } from './routes'
export type { ManagerMatchScore } from './scoring'
export { auctionLeaderboard } from './scoring'
export { seatManagers } from './seat'
export type { PlayerCard } from './serialize'
export { auctionJson, biddingPlayerJson, managerJson, managersOf } from './serialize'
export { registerAuctionStandInJobs } from './stand-in'
export { refusedBid, stateOf } from './state'
export { auctionStream, managerStream, roomStream } from './streams'
export { managerArrived, managerLeft, registerAuctionTakeoverJobs, roomsAbandoned } from './takeover'
export { registerAuctionJobs } from './timer'
export { tournamentRoutes } from './tournament.routes'
export type { activities } from './tournaments'
export { managerView, tournamentJson } from './tournaments'
export { visibleAuction }

// An `auction_invite` card in a group shows an auction its sender may see.
registerCardCheck('auction_invite', (db, auctionId, senderId) => visibleAuction(db, auctionId, senderId))
