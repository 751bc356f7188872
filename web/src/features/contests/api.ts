import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { get } from '../../lib/api'

import type { Contest, ContestFilter, Game, Home, ListParams, Meta } from './types'

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
    queryFn: () => get<Home>('/api/contests/home', { query: { sport_slug: sport } }),
    staleTime: 15_000,
  })

export const gamesQuery = queryOptions({
  queryKey: ['games'],
  queryFn: async () => (await get<{ games: Game[] }>('/api/games')).games,
  staleTime: Number.POSITIVE_INFINITY,
})

export const filtersQuery = queryOptions({
  queryKey: ['contest-filters'],
  queryFn: async () =>
    (await get<{ contest_filters: ContestFilter[] }>('/api/contest_filters')).contest_filters,
  staleTime: Number.POSITIVE_INFINITY,
})

/** The contest lists of spec §2: popular, cricket, or any game by id (PUBG), and a series. */
export type ListSource =
  | { kind: 'popular' }
  | { kind: 'cricket' }
  | { kind: 'game'; gameId: number }
  | { kind: 'series'; seriesId: number }

function sourcePath(source: ListSource): { path: string; extra: Record<string, number> } {
  switch (source.kind) {
    case 'popular':
      return { path: '/api/contests/popular', extra: {} }
    case 'cricket':
      return { path: '/api/contests/cricket', extra: {} }
    case 'game':
      return { path: '/api/contests', extra: { game_id: source.gameId } }
    case 'series':
      return { path: `/api/series/${source.seriesId}/contests`, extra: {} }
  }
}

export const contestListQuery = (source: ListSource, params: ListParams) =>
  infiniteQueryOptions({
    queryKey: ['contests', 'list', source, params],
    queryFn: ({ pageParam }) => {
      const { path, extra } = sourcePath(source)
      return get<{ contests: Contest[]; meta: Meta }>(path, {
        query: { ...listQuery(params, pageParam), ...extra },
      })
    },
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 15_000,
  })

export interface MatchContests {
  contests: Contest[]
  meta: Meta
  teams_count: number
  joined_contests_count: number
}

export const matchContestsQuery = (matchId: number, params: ListParams) =>
  infiniteQueryOptions({
    queryKey: ['contests', 'match', matchId, params],
    queryFn: ({ pageParam }) =>
      get<MatchContests>(`/api/matches/${matchId}/contests`, { query: listQuery(params, pageParam) }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 10_000,
  })

export type MyContestsType = 'upcoming' | 'live' | 'finished'
export const myContestsQuery = (type: MyContestsType) =>
  infiniteQueryOptions({
    queryKey: ['contests', 'mine', type],
    queryFn: ({ pageParam }) =>
      get<{ my_contests: Contest[]; meta: Meta }>('/api/my_contests', {
        query: { type, page: pageParam, per_page: 30 },
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 10_000,
  })

export * from './contest-api'
export * from './join-api'
