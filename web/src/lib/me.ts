import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { data, http, type RequestBody, type Schema } from './client'
import { cacheMe, isSignedIn } from './session'

/** The signed-in user, shared by every feature (the header, guards, pages that show "you"). */
export type Me = Schema<'Me'>

/** GET /api/me; every load refreshes the header values cached in localStorage. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async () => {
    const user = (await data(http.GET('/api/me'))).user as Me
    cacheMe(user)
    return user
  },
  staleTime: 15_000,
})

export function useMe(enabled = isSignedIn()) {
  return useQuery({ ...meQuery, enabled })
}

export type UpdateMeBody = RequestBody<'/api/me', 'put'>

/** PUT /api/me; the answer is the whole user, so the cache is replaced, not refetched. */
export function useUpdateMe() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (body: UpdateMeBody) => (await data(http.PUT('/api/me', { body }))).user as Me,
    onSuccess: (user) => {
      cacheMe(user)
      client.setQueryData(meQuery.queryKey, user)
    },
  })
}
