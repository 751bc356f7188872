import { post } from '../../lib/api'
import type { Auction, Lot, Manager } from './api'

/** Every write the auction screens make, one function per endpoint. */
export interface CreateAuctionBody {
  name: string
  series_id?: number
  match_id?: number
  purse: number
  squad_min: number
  squad_max: number
  balanced: boolean
  lot_seconds: number
  bidding_interval: string
  charges: number
  private: boolean
  /** Seconds away before a bot plays for a manager; null: never. */
  bot_takeover_seconds: number | null
  /** Whose players: the match's or series' (the default) or every cricket player of the league. */
  pool?: 'match' | 'series' | 'league'
  /** At most this many franchises; null: as many as the pool gives a full squad. */
  max_managers: number | null
}

export const createAuction = (body: CreateAuctionBody) =>
  post<{ new_auction: Auction }>('/api/auctions', body).then((r) => r.new_auction)

export interface JoinBody {
  code: string
  franchise_name: string
  color: string
}
export const joinAuction = (id: number, body: JoinBody) =>
  post<{ manager: Manager; new_auction: Auction }>(`/api/auctions/${id}/join`, body)

export const decideManager = (id: number, managerId: number, decision: 'approve' | 'reject') =>
  post<{ manager: Manager }>(`/api/auctions/${id}/managers/${managerId}/${decision}`)

export type BotStrategy = 'mixed' | 'value' | 'star' | 'hoarder' | 'random'
export const addBots = (id: number, count: number, strategy: BotStrategy) =>
  post<{ bots: unknown[] }>(`/api/auctions/${id}/bots`, { count, strategy })

export type OwnerControl =
  | 'start'
  | 'pause'
  | 'resume'
  | 'complete'
  | 'secondary_round'
  | 'secondary_round/close'
export const ownerControl = (id: number, control: OwnerControl, body?: { closes_at_in_millis: number }) =>
  post<{ new_auction: Auction }>(`/api/auctions/${id}/${control}`, body).then((r) => r.new_auction)

export const bidPlayer = (id: number, playerId: number, amount: number) =>
  post<Lot>(`/api/auctions/${id}/bid_player`, { player_id: playerId, bid_amount: amount })

export const placeSealedBid = (id: number, playerId: number, amount: number) =>
  post<{ secondary_bid: { player_id: number; bid_amount: number; manager_id: number } }>(
    `/api/auctions/${id}/secondary_bids`,
    { player_id: playerId, bid_amount: amount },
  )
