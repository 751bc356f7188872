import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { data, http } from '../../lib/client'

import type { Contest, ListParams, Meta } from './types'

export * from './types'

const PER_PAGE = 20
const listQuery = (p: ListParams, page: number) => ({
  page,
  per_page: PER_PAGE,
  sort: p.sort,
  direction: p.direction,
  filter_ids: p.filterIds.join(','),
})
const nextPage = (last: { meta: Meta }) =>
  last.meta.page < last.meta.total_pages ? last.meta.page + 1 : undefined

export const homeQuery = (sport: string | null) =>
  queryOptions({
    queryKey: ['contests', 'home', sport],
    queryFn: () =>
      data(http.GET('/api/contests/home', { params: { query: { sport_slug: sport ?? undefined } } })),
    staleTime: 15_000,
  })

export const gamesQuery = queryOptions({
  queryKey: ['games'],
  queryFn: async () => (await data(http.GET('/api/games'))).games,
  staleTime: Number.POSITIVE_INFINITY,
})

export const filtersQuery = queryOptions({
  queryKey: ['contest-filters'],
  queryFn: async () => (await data(http.GET('/api/contest_filters'))).contest_filters,
  staleTime: Number.POSITIVE_INFINITY,
})

/** The contest lists of spec §2: popular, cricket, or any game by id (PUBG), and a series. */
export type ListSource =
  | { kind: 'popular' }
  | { kind: 'cricket' }
  | { kind: 'game'; gameId: number }
  | { kind: 'series'; seriesId: number }

type ListQuery = ReturnType<typeof listQuery>

/** One page of a list. A series' contests are its daily ones here (the schema also allows championship ones). */
async function listPage(source: ListSource, query: ListQuery): Promise<{ contests: Contest[]; meta: Meta }> {
  switch (source.kind) {
    case 'popular':
      return data(http.GET('/api/contests/popular', { params: { query } }))
    case 'cricket':
      return data(http.GET('/api/contests/cricket', { params: { query } }))
    case 'game':
      return data(http.GET('/api/contests', { params: { query: { ...query, game_id: source.gameId } } }))
    case 'series':
      return (await data(
        http.GET('/api/series/{id}/contests', { params: { path: { id: source.seriesId }, query } }),
      )) as { contests: Contest[]; meta: Meta }
  }
}

export const contestListQuery = (source: ListSource, params: ListParams) =>
  infiniteQueryOptions({
    queryKey: ['contests', 'list', source, params],
    queryFn: ({ pageParam }) => listPage(source, listQuery(params, pageParam)),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 15_000,
  })

export const matchContestsQuery = (matchId: number, params: ListParams) =>
  infiniteQueryOptions({
    queryKey: ['contests', 'match', matchId, params],
    queryFn: ({ pageParam }) =>
      data(
        http.GET('/api/matches/{id}/contests', {
          params: { path: { id: matchId }, query: listQuery(params, pageParam) },
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 10_000,
  })

export type MyContestsType = 'upcoming' | 'live' | 'finished'
const MY_CONTESTS_TYPES: readonly MyContestsType[] = ['upcoming', 'live', 'finished']
/** The tab of /my-contests its address names (`?type=`), upcoming when none or another. */
export const myContestsType = (raw: string | null): MyContestsType =>
  MY_CONTESTS_TYPES.find((t) => t === raw) ?? 'upcoming'
export const myContestsQuery = (type: MyContestsType) =>
  infiniteQueryOptions({
    queryKey: ['contests', 'mine', type],
    queryFn: ({ pageParam }) =>
      data(http.GET('/api/my_contests', { params: { query: { type, page: pageParam, per_page: 30 } } })),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 10_000,
  })

export * from './contest-api'
export * from './join-api'
