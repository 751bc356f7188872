import { queryOptions } from '@tanstack/react-query'
import type {
  auctionJson,
  biddingPlayerJson,
  managerJson,
  PlayerCard,
} from '../../../../server/areas/auctions'
import { get } from '../../lib/api'

/** The auction's shapes flow from the server's serializers; the few built inline in routes are spelled out here. */
export type Auction = Awaited<ReturnType<typeof auctionJson>>
export type Phase = Auction['phase']
export type Manager = ReturnType<typeof managerJson>
export type { PlayerCard }

type LotJson = Awaited<ReturnType<typeof biddingPlayerJson>>
export type LotBid = LotJson['player_bids'][number]
/** The player on the block; only `id` and `base_price` are known between a `lot_opened` and the refetch. */
export type LotPlayer = Partial<PlayerCard> & { id: number; base_price: number }
export type Lot = { [K in Exclude<keyof LotJson, 'bidding_player'>]: LotJson[K] } & {
  bidding_player: LotPlayer | null
}

export type PlayerStatus = 'upcoming' | 'bidding' | 'sold' | 'unsold'
export interface AuctionPlayer extends PlayerCard {
  base_price: number
  status: PlayerStatus
  manager_id: number | null
  price: number | null
  lot_position: number | null
}
export interface AssignedBid {
  seq: number
  player: PlayerCard | null
  manager_id: number
  franchise_name: string | null
  amount: number
  at_in_millis: number
}
export interface SecondaryBid {
  player: PlayerCard | null
  player_id: number
  bid_amount: number
  at_in_millis: number
}
export interface Franchise extends Manager {
  players: Array<PlayerCard & { price: number }>
}
export interface AuctionColor {
  id: string
  name: string
  hex: string
}
export interface BiddingInterval {
  id: string
  name: string
  bands: Array<{ from: number; step: number }>
}
export interface AuctionGroups {
  waiting: Auction[]
  live: Auction[]
  completed: Auction[]
  open_to_join: Auction[]
}

const CATALOG_MS = 10 * 60_000

export const colorsQuery = queryOptions({
  queryKey: ['auction-catalog', 'colors'],
  queryFn: async () => (await get<{ colors: AuctionColor[] }>('/api/auctions/colors')).colors,
  staleTime: CATALOG_MS,
})
export const intervalsQuery = queryOptions({
  queryKey: ['auction-catalog', 'intervals'],
  queryFn: async () =>
    (await get<{ bidding_intervals: BiddingInterval[] }>('/api/auctions/bidding_intervals'))
      .bidding_intervals,
  staleTime: CATALOG_MS,
})
export const chargesQuery = queryOptions({
  queryKey: ['auction-catalog', 'charges'],
  queryFn: async () => (await get<{ charges: number[] }>('/api/auctions/charges')).charges,
  staleTime: CATALOG_MS,
})

export const groupsQuery = queryOptions({
  queryKey: ['auctions', 'groups'],
  queryFn: async () => (await get<{ groups: AuctionGroups }>('/api/auctions/by_group')).groups,
  staleTime: 5_000,
})

/** The auction behind an invite code (404 when there is none: the page says so, no snackbar). */
export const byCodeQuery = (code: string) =>
  queryOptions({
    queryKey: ['auctions', 'code', code],
    queryFn: async () =>
      (await get<{ new_auctions: Auction[] }>('/api/auctions', { query: { code } })).new_auctions[0] ?? null,
    staleTime: 5_000,
    meta: { silent: true },
  })

export const auctionQuery = (id: number) =>
  queryOptions({
    queryKey: ['auction', id],
    queryFn: async () => (await get<{ new_auction: Auction }>(`/api/auctions/${id}`)).new_auction,
    staleTime: 5_000,
  })

/** Every manager of the auction, any status (the pages filter): the live room keeps purses current. */
export const managersQuery = (id: number) =>
  queryOptions({
    queryKey: ['auction', id, 'managers'],
    queryFn: async () => (await get<{ managers: Manager[] }>(`/api/auctions/${id}/managers`)).managers,
    staleTime: 5_000,
  })

export const playersQuery = (id: number) =>
  queryOptions({
    queryKey: ['auction', id, 'players'],
    queryFn: async () => (await get<{ players: AuctionPlayer[] }>(`/api/auctions/${id}/players`)).players,
    staleTime: 5_000,
  })

export const assignedBidsQuery = (id: number) =>
  queryOptions({
    queryKey: ['auction', id, 'bids'],
    queryFn: async () =>
      (await get<{ assigned_bids: AssignedBid[] }>(`/api/auctions/${id}/bids`)).assigned_bids,
    staleTime: 5_000,
  })

export const franchisesQuery = (id: number) =>
  queryOptions({
    queryKey: ['auction', id, 'franchises'],
    queryFn: async () =>
      (await get<{ franchises: Franchise[] }>(`/api/auctions/${id}/franchises`)).franchises,
    staleTime: 5_000,
  })

export const secondaryBidsQuery = (id: number) =>
  queryOptions({
    queryKey: ['auction', id, 'secondary-bids'],
    queryFn: () =>
      get<{ secondary_bids: SecondaryBid[]; closes_at_in_millis: number | null }>(
        `/api/auctions/${id}/secondary_bids`,
      ),
    staleTime: 5_000,
  })

/** What an auction can be made from: cricket series not yet over, and upcoming matches. */
export interface SeriesOption {
  id: number
  name: string
  short_name: string
  series_status: string
}
export interface MatchOption {
  id: number
  title: string
  event_time_in_millis: number
  series: { id: number; short_name: string }
}
export const seriesOptionsQuery = queryOptions({
  queryKey: ['auction-catalog', 'series'],
  queryFn: async () =>
    (
      await get<{ series: SeriesOption[] }>('/api/series', { query: { sport_slug: 'cricket' } })
    ).series.filter((s) => s.series_status !== 'completed'),
  staleTime: CATALOG_MS,
})
export const matchOptionsQuery = queryOptions({
  queryKey: ['auction-catalog', 'matches'],
  queryFn: async () =>
    (
      await get<{ matches: MatchOption[] }>('/api/matches', {
        query: { sport_slug: 'cricket', status: 'upcoming', per_page: 50 },
      })
    ).matches,
  staleTime: 60_000,
})
