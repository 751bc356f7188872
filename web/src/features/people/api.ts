import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type Body, data, http, type Schema } from '../../lib/client'

/**
 * The people calls (docs/social.md): profiles by slug, follower and following lists,
 * suggestions and ratings. Every query that can hold a user keeps its key under
 * `PEOPLE_KEY`, so `useFollow` (follow.ts) can update that user by slug in every copy at once.
 */
export type PublicUser = Schema<'User'>
export type FollowSide = 'followers' | 'followings'

export type UserRating = Schema<'UserRating'>
export type RatingsPage = Body<'/api/users/{slug}/ratings'>
export type UsersPage = Body<'/api/users/{slug}/followers'>

export const PEOPLE_KEY = ['people'] as const
export const FOLLOW_PER_PAGE = 20
export const SUGGESTIONS_PER_PAGE = 12

export const profileQuery = (slug: string) =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, 'profile', slug],
    queryFn: async () => (await data(http.GET('/api/users/{slug}', { params: { path: { slug } } }))).user,
    staleTime: 15_000,
  })

export const followListQuery = (slug: string, side: FollowSide, page: number) =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, side, slug, page],
    queryFn: () =>
      data(
        http.GET(side === 'followers' ? '/api/users/{slug}/followers' : '/api/users/{slug}/followings', {
          params: { path: { slug }, query: { page, per_page: FOLLOW_PER_PAGE } },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  })

/** The server leaves followed users out of a fresh list, so the list is kept as fetched while the user follows. */
export const suggestionsQuery = (perPage = SUGGESTIONS_PER_PAGE) =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, 'suggestions', perPage],
    queryFn: async () =>
      (
        await data(
          http.GET('/api/users/suggestions', {
            params: { query: { order: 'followers', per_page: perPage } },
          }),
        )
      ).users,
    staleTime: Number.POSITIVE_INFINITY,
  })

export const ratingsQuery = (slug: string, page: number) =>
  queryOptions({
    queryKey: ['ratings', slug, page],
    queryFn: () =>
      data(
        http.GET('/api/users/{slug}/ratings', {
          params: { path: { slug }, query: { page, per_page: 20 } },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  })

export type UserContestsType = 'finished' | 'live' | 'upcoming'
export const userContestsQuery = (slug: string, type: UserContestsType) =>
  queryOptions({
    queryKey: ['contests', 'user', slug, type],
    queryFn: () =>
      data(
        http.GET('/api/users/{slug}/contests', {
          params: { path: { slug }, query: { type, per_page: 30 } },
        }),
      ),
    staleTime: 30_000,
  })

export const userPath = (slug: string) => `/users/${encodeURIComponent(slug)}`
