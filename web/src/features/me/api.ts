import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MeJson } from '../../../../server/areas/account/me'
import { get, put } from '../../lib/api'
import { cacheMe, isSignedIn } from '../../lib/session'

export type Me = MeJson

/** GET /api/me; every load refreshes the header values cached in localStorage. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async () => {
    const { user } = await get<{ user: Me }>('/api/me')
    cacheMe(user)
    return user
  },
  staleTime: 15_000,
})

export function useMe(enabled = isSignedIn()) {
  return useQuery({ ...meQuery, enabled })
}

export interface UpdateMeBody {
  full_name?: string | null
  team_name?: string
  username?: string
  dob?: string | null
  about_me?: string | null
  avatar_id?: number | null
  interests?: string[]
  current_password?: string
  password?: string
}

/** PUT /api/me; the answer is the whole user, so the cache is replaced, not refetched. */
export function useUpdateMe() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (body: UpdateMeBody) => (await put<{ user: Me }>('/api/me', body)).user,
    onSuccess: (user) => {
      cacheMe(user)
      client.setQueryData(meQuery.queryKey, user)
    },
  })
}

export interface Sport {
  id: number
  slug: string
  name: string
  kind: 'team' | 'racing' | 'battle_royale'
  team_size: number
  point_system: string
}

export const sportsQuery = queryOptions({
  queryKey: ['sports'],
  queryFn: async () => (await get<{ sports: Sport[] }>('/api/sports')).sports,
  staleTime: Number.POSITIVE_INFINITY,
})

export interface Avatar {
  id: number
  name: string
  url: string
}

export const avatarsQuery = queryOptions({
  queryKey: ['avatars'],
  queryFn: async () => (await get<{ avatars: Avatar[] }>('/api/avatars')).avatars,
  staleTime: Number.POSITIVE_INFINITY,
})
