import { data, http, type RequestBody } from '../../lib/client'
import { asLot } from './api'

/** Every write the auction screens make, one function per endpoint. */
type CreateBody = RequestBody<'/api/auctions'>
type JoinRequest = RequestBody<'/api/auctions/{id}/join'>
/**
 * The forms pick a bidding interval and a colour from /api/auctions/bidding_intervals and
 * /api/auctions/colors, whose schemas type the ids as strings; the writes take them as their enums.
 */
export type CreateAuctionBody = Omit<CreateBody, 'bidding_interval'> & { bidding_interval: string }
export type JoinBody = Omit<JoinRequest, 'color'> & { color: string }

export const createAuction = async (body: CreateAuctionBody) =>
  (await data(http.POST('/api/auctions', { body: body as CreateBody }))).new_auction

export const joinAuction = (id: number, body: JoinBody) =>
  data(http.POST('/api/auctions/{id}/join', { params: { path: { id } }, body: body as JoinRequest }))

const DECISIONS = {
  approve: '/api/auctions/{id}/managers/{manager_id}/approve',
  reject: '/api/auctions/{id}/managers/{manager_id}/reject',
} as const
export const decideManager = (id: number, managerId: number, decision: keyof typeof DECISIONS) =>
  data(http.POST(DECISIONS[decision], { params: { path: { id, manager_id: managerId } } }))

export type BotStrategy = NonNullable<RequestBody<'/api/auctions/{id}/bots'>['strategy']>
export const addBots = (id: number, count: number, strategy: BotStrategy) =>
  data(http.POST('/api/auctions/{id}/bots', { params: { path: { id } }, body: { count, strategy } }))

const CONTROLS = {
  start: '/api/auctions/{id}/start',
  pause: '/api/auctions/{id}/pause',
  resume: '/api/auctions/{id}/resume',
  complete: '/api/auctions/{id}/complete',
  close_lot: '/api/auctions/{id}/close_lot',
  secondary_round: '/api/auctions/{id}/secondary_round',
  'secondary_round/close': '/api/auctions/{id}/secondary_round/close',
} as const
export type OwnerControl = keyof typeof CONTROLS
export const ownerControl = async (
  id: number,
  control: OwnerControl,
  body?: { closes_at_in_millis: number },
) => (await data(http.POST(CONTROLS[control], { params: { path: { id } }, body }))).new_auction

export const bidPlayer = async (id: number, playerId: number, amount: number) =>
  asLot(
    await data(
      http.POST('/api/auctions/{id}/bid_player', {
        params: { path: { id } },
        body: { player_id: playerId, bid_amount: amount },
      }),
    ),
  )

export const placeSealedBid = (id: number, playerId: number, amount: number) =>
  data(
    http.POST('/api/auctions/{id}/secondary_bids', {
      params: { path: { id } },
      body: { player_id: playerId, bid_amount: amount },
    }),
  )
