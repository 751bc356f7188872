import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MeJson } from '../../../server/areas/account/me'
import { get, put } from './api'
import { cacheMe, isSignedIn } from './session'

/** The signed-in user, shared by every feature (the header, guards, pages that show "you"). */
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
