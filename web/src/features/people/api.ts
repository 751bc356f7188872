import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { serializePublicUser } from '../../../../server/areas/users/service'
import { get } from '../../lib/api'
import type { Contest, Meta } from '../contests'

/**
 * The people calls (docs/social.md): profiles by slug, follower and following lists,
 * suggestions and ratings. Every query that can hold a user keeps its key under
 * `PEOPLE_KEY`, so `useFollow` (follow.ts) can update that user by slug in every copy at once.
 */
export type PublicUser = Awaited<ReturnType<typeof serializePublicUser>>
export type FollowSide = 'followers' | 'followings'

export interface UserRating {
  id: number
  rating: number
  review: string | null
  created_at_in_millis: number
  updated_at_in_millis: number
  rater: { id: number; slug: string; username: string; display_name: string; image: string | null }
}
export interface RatingsPage {
  ratings: UserRating[]
  average_rating: number | null
  ratings_count: number
  meta: Meta
}
export interface UsersPage {
  users: PublicUser[]
  meta: Meta
}

export const PEOPLE_KEY = ['people'] as const
export const FOLLOW_PER_PAGE = 20
export const SUGGESTIONS_PER_PAGE = 12
const slugPath = (slug: string) => `/api/users/${encodeURIComponent(slug)}`

export const profileQuery = (slug: string) =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, 'profile', slug],
    queryFn: async () => (await get<{ user: PublicUser }>(slugPath(slug))).user,
    staleTime: 15_000,
  })

export const followListQuery = (slug: string, side: FollowSide, page: number) =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, side, slug, page],
    queryFn: () =>
      get<UsersPage>(`${slugPath(slug)}/${side}`, { query: { page, per_page: FOLLOW_PER_PAGE } }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  })

/** The server leaves followed users out of a fresh list, so the list is kept as fetched while the user follows. */
export const suggestionsQuery = (perPage = SUGGESTIONS_PER_PAGE) =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, 'suggestions', perPage],
    queryFn: async () =>
      (
        await get<{ users: PublicUser[] }>('/api/users/suggestions', {
          query: { order: 'followers', per_page: perPage },
        })
      ).users,
    staleTime: Number.POSITIVE_INFINITY,
  })

export const ratingsQuery = (slug: string, page: number) =>
  queryOptions({
    queryKey: ['ratings', slug, page],
    queryFn: () => get<RatingsPage>(`${slugPath(slug)}/ratings`, { query: { page, per_page: 20 } }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  })

export type UserContestsType = 'finished' | 'live' | 'upcoming'
export const userContestsQuery = (slug: string, type: UserContestsType) =>
  queryOptions({
    queryKey: ['contests', 'user', slug, type],
    queryFn: () =>
      get<{ contests: Contest[]; meta: Meta }>(`${slugPath(slug)}/contests`, {
        query: { type, per_page: 30 },
      }),
    staleTime: 30_000,
  })

export const userPath = (slug: string) => `/users/${encodeURIComponent(slug)}`
