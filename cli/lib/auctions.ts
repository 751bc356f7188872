import type { Schema } from './api-types'

/** An auction as its routes answer it (`new_auction`). */
export type AuctionJson = Schema<'Auction'>
/** The current lot (GET …/bidding_player, POST …/bid_player). */
export type LotJson = Schema<'AuctionBiddingPlayer'>
