import { queryOptions } from '@tanstack/react-query'
import { type Body, data, http, type RequestBody, type Schema } from '../../lib/client'
import type { PlayerCard } from './api'

/** Auction tournaments (v1 calls): series-long games of sealed bidding windows. */
export type Tournament = Schema<'AuctionTournament'>
export type TournamentManager = Schema<'AuctionTournamentManager'>
export type BidBlock = TournamentManager['bid_block']
export type ActiveBid = TournamentManager['active_bids_info'][number]
export type SuccessBid = TournamentManager['success_bids'][number]
export type Activity = Body<'/api/auction/tournaments/{id}/activities'>['activities'][number]
type BiddingJson = Body<'/api/auction/tournaments/{id}/bidding'>
/**
 * An unsold player of the tournament. The OpenAPI document marks its card fields optional (the
 * server's schema extends a partial card), but every row carries the whole card: the query narrows.
 */
export type UnsoldPlayer = BiddingJson['unsold_players'][number] & PlayerCard
/** The tournament and my seat: what the page reads, and all the live snapshot carries. */
export type TournamentDetail = Pick<Body<'/api/auction/tournaments/{id}'>, 'tournament' | 'manager'>
export type TournamentBidding = Omit<BiddingJson, 'unsold_players'> & { unsold_players: UnsoldPlayer[] }

export const WINDOW_HOURS = [6, 8, 12, 24] as const
/** Rules fixed by the server for every tournament (shown on the create form). */
export const TOURNAMENT_RULES = { purse: 170_000, squadMax: 15, maxStars: 4, startsAt: 4 }

export const tournamentsQuery = queryOptions({
  queryKey: ['tournaments'],
  queryFn: async () => (await data(http.GET('/api/auction/tournaments'))).tournaments,
  staleTime: 5_000,
})

export const tournamentQuery = (id: number) =>
  queryOptions({
    queryKey: ['tournament', id],
    queryFn: () => data(http.GET('/api/auction/tournaments/{id}', { params: { path: { id } } })),
    staleTime: 5_000,
  })

export const tournamentBiddingQuery = (id: number) =>
  queryOptions({
    queryKey: ['tournament', id, 'bidding'],
    queryFn: async () =>
      (await data(
        http.GET('/api/auction/tournaments/{id}/bidding', { params: { path: { id } } }),
      )) as TournamentBidding,
    staleTime: 5_000,
  })

export const activitiesQuery = (id: number) =>
  queryOptions({
    queryKey: ['tournament', id, 'activities'],
    queryFn: async () =>
      (await data(http.GET('/api/auction/tournaments/{id}/activities', { params: { path: { id } } })))
        .activities,
    staleTime: 5_000,
  })

export type CreateTournamentBody = RequestBody<'/api/auction/tournaments'>
export const createTournament = async (body: CreateTournamentBody) =>
  (await data(http.POST('/api/auction/tournaments', { body }))).tournament

export const joinTournament = async (id: number, body: RequestBody<'/api/auction/tournaments/{id}/join'>) =>
  (await data(http.POST('/api/auction/tournaments/{id}/join', { params: { path: { id } }, body }))).manager

/**
 * The seat after a bid or a release. The schema allows an empty object (the answer of a caller
 * without a seat), which a caller who could bid or release never gets.
 */
const seatOf = (r: { manager: TournamentManager | Record<string, never> }) => r.manager as TournamentManager

export const bidInTournament = async (id: number, playerId: number, amount: number) =>
  seatOf(
    await data(
      http.POST('/api/auction/tournaments/{id}/bid_player', {
        params: { path: { id } },
        body: { player_id: playerId, bid_amount: amount },
      }),
    ),
  )

export const releasePlayer = async (id: number, bidId: number) =>
  seatOf(
    await data(
      http.POST('/api/auction/tournaments/{id}/release', {
        params: { path: { id } },
        body: { bid_id: bidId },
      }),
    ),
  )
