import { queryOptions } from '@tanstack/react-query'
import type { PlayerCard } from '../../../../server/areas/auctions'
import { type Body, data, http, type Schema } from '../../lib/client'

/** The auction's shapes flow from the server's schemas (the live lot from its serializer). */
export type Auction = Schema<'Auction'>
export type Phase = Auction['phase']
export type Manager = Schema<'AuctionManager'>
export type { PlayerCard }

type LotJson = Schema<'AuctionBiddingPlayer'>
export type LotBid = LotJson['player_bids'][number]
/** The player on the block; only `id` and `base_price` are known between a `lot_opened` and the refetch. */
export type LotPlayer = Partial<PlayerCard> & { id: number; base_price: number }
export type Lot = { [K in Exclude<keyof LotJson, 'bidding_player'>]: LotJson[K] } & {
  bidding_player: LotPlayer | null
}
/** The OpenAPI document marks every card field of the player on the block optional; it always has its id. */
export const asLot = (json: LotJson) => json as Lot

/**
 * A player row of the auction. The OpenAPI document marks its card fields optional (the server's
 * schema extends a partial card), but every row carries the whole card: the query narrows to it.
 */
export type AuctionPlayer = Schema<'AuctionPlayer'> & PlayerCard
export type PlayerStatus = AuctionPlayer['status']
export type AssignedBid = Body<'/api/auctions/{id}/bids'>['assigned_bids'][number]
export type SecondaryBid = Body<'/api/auctions/{id}/secondary_bids'>['secondary_bids'][number]
export type Franchise = Schema<'AuctionFranchise'>
export type AuctionColor = Schema<'AuctionColor'>
export type BiddingInterval = Schema<'AuctionBiddingInterval'>
export type AuctionGroups = Body<'/api/auctions/by_group'>['groups']

const CATALOG_MS = 10 * 60_000

export const colorsQuery = queryOptions({
  queryKey: ['auction-catalog', 'colors'],
  queryFn: async () => (await data(http.GET('/api/auctions/colors'))).colors,
  staleTime: CATALOG_MS,
})
export const intervalsQuery = queryOptions({
  queryKey: ['auction-catalog', 'intervals'],
  queryFn: async () => (await data(http.GET('/api/auctions/bidding_intervals'))).bidding_intervals,
  staleTime: CATALOG_MS,
})
export const chargesQuery = queryOptions({
  queryKey: ['auction-catalog', 'charges'],
  queryFn: async () => (await data(http.GET('/api/auctions/charges'))).charges,
  staleTime: CATALOG_MS,
})

export const groupsQuery = queryOptions({
  queryKey: ['auctions', 'groups'],
  queryFn: async () => (await data(http.GET('/api/auctions/by_group'))).groups,
  staleTime: 5_000,
})

/** The auction behind an invite code, or null. */
export const findByCode = async (code: string) =>
  (await data(http.GET('/api/auctions', { params: { query: { code } } }))).new_auctions[0] ?? null

/** The auction behind an invite code (404 when there is none: the page says so, no snackbar). */
export const byCodeQuery = (code: string) =>
  queryOptions({
    queryKey: ['auctions', 'code', code],
    queryFn: () => findByCode(code),
    staleTime: 5_000,
    meta: { silent: true },
  })

/** One of an auction's lists (managers, players, bids…), cached under its own key for five seconds. */
const auctionList = <T>(id: number, key: string, fetchList: () => Promise<T>) =>
  queryOptions({ queryKey: ['auction', id, key], queryFn: fetchList, staleTime: 5_000 })

export const auctionQuery = (id: number) =>
  queryOptions({
    queryKey: ['auction', id],
    queryFn: async () =>
      (await data(http.GET('/api/auctions/{id}', { params: { path: { id } } }))).new_auction,
    staleTime: 5_000,
  })

/** Every manager of the auction, any status (the pages filter): the live room keeps purses current. */
export const managersQuery = (id: number) =>
  auctionList(
    id,
    'managers',
    async () => (await data(http.GET('/api/auctions/{id}/managers', { params: { path: { id } } }))).managers,
  )

export const playersQuery = (id: number) =>
  auctionList(
    id,
    'players',
    async () =>
      (await data(http.GET('/api/auctions/{id}/players', { params: { path: { id } } })))
        .players as AuctionPlayer[],
  )

export const assignedBidsQuery = (id: number) =>
  auctionList(
    id,
    'bids',
    async () => (await data(http.GET('/api/auctions/{id}/bids', { params: { path: { id } } }))).assigned_bids,
  )

export const franchisesQuery = (id: number) =>
  auctionList(
    id,
    'franchises',
    async () =>
      (await data(http.GET('/api/auctions/{id}/franchises', { params: { path: { id } } }))).franchises,
  )

export const secondaryBidsQuery = (id: number) =>
  auctionList(id, 'secondary-bids', () =>
    data(http.GET('/api/auctions/{id}/secondary_bids', { params: { path: { id } } })),
  )

/** What an auction can be made from: cricket series not yet over, and upcoming matches. */
export type SeriesOption = Schema<'Series'>
export type MatchOption = Schema<'Match'>
export const seriesOptionsQuery = queryOptions({
  queryKey: ['auction-catalog', 'series'],
  queryFn: async () =>
    (await data(http.GET('/api/series', { params: { query: { sport_slug: 'cricket' } } }))).series.filter(
      (s) => s.series_status !== 'completed',
    ),
  staleTime: CATALOG_MS,
})
export const matchOptionsQuery = queryOptions({
  queryKey: ['auction-catalog', 'matches'],
  queryFn: async () =>
    (
      await data(
        http.GET('/api/matches', {
          params: { query: { sport_slug: 'cricket', status: 'upcoming', per_page: 50 } },
        }),
      )
    ).matches,
  staleTime: 60_000,
})
