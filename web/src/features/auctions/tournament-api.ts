import { queryOptions } from '@tanstack/react-query'
import type { activities, managerView } from '../../../../server/areas/auctions'
import { get, post } from '../../lib/api'
import type { Auction, PlayerCard } from './api'

/** Auction tournaments (v1 calls): series-long games of sealed bidding windows. */
export type Tournament = Auction & { window_hours: number | null; max_managers: number | null }
export type TournamentManager = NonNullable<Awaited<ReturnType<typeof managerView>>>
export type BidBlock = TournamentManager['bid_block']
export type ActiveBid = TournamentManager['active_bids_info'][number]
export type SuccessBid = TournamentManager['success_bids'][number]
export type Activity = Awaited<ReturnType<typeof activities>>[number]
export interface UnsoldPlayer extends PlayerCard {
  base_price: number
  locked_until_in_millis: number | null
}
export interface TournamentDetail {
  tournament: Tournament
  manager: TournamentManager | null
}
export interface TournamentBidding {
  manager: TournamentManager | null
  unsold_players: UnsoldPlayer[]
}

export const WINDOW_HOURS = [6, 8, 12, 24] as const
/** Rules fixed by the server for every tournament (shown on the create form). */
export const TOURNAMENT_RULES = { purse: 170_000, squadMax: 15, maxStars: 4, startsAt: 4 }

export const tournamentsQuery = queryOptions({
  queryKey: ['tournaments'],
  queryFn: async () => (await get<{ tournaments: Tournament[] }>('/api/auction/tournaments')).tournaments,
  staleTime: 5_000,
})

export const tournamentQuery = (id: number) =>
  queryOptions({
    queryKey: ['tournament', id],
    queryFn: () => get<TournamentDetail>(`/api/auction/tournaments/${id}`),
    staleTime: 5_000,
  })

export const tournamentBiddingQuery = (id: number) =>
  queryOptions({
    queryKey: ['tournament', id, 'bidding'],
    queryFn: () => get<TournamentBidding>(`/api/auction/tournaments/${id}/bidding`),
    staleTime: 5_000,
  })

export const activitiesQuery = (id: number) =>
  queryOptions({
    queryKey: ['tournament', id, 'activities'],
    queryFn: async () =>
      (await get<{ activities: Activity[] }>(`/api/auction/tournaments/${id}/activities`)).activities,
    staleTime: 5_000,
  })

export interface CreateTournamentBody {
  name: string
  series_id: number
  window_hours: (typeof WINDOW_HOURS)[number]
  max_managers: number
  private: boolean
}
export const createTournament = (body: CreateTournamentBody) =>
  post<{ tournament: Tournament }>('/api/auction/tournaments', body).then((r) => r.tournament)

export const joinTournament = (id: number, body: { code?: string; franchise_name?: string }) =>
  post<{ manager: TournamentManager }>(`/api/auction/tournaments/${id}/join`, body).then((r) => r.manager)

export const bidInTournament = (id: number, playerId: number, amount: number) =>
  post<{ manager: TournamentManager }>(`/api/auction/tournaments/${id}/bid_player`, {
    player_id: playerId,
    bid_amount: amount,
  }).then((r) => r.manager)

export const releasePlayer = (id: number, bidId: number) =>
  post<{ manager: TournamentManager }>(`/api/auction/tournaments/${id}/release`, { bid_id: bidId }).then(
    (r) => r.manager,
  )
