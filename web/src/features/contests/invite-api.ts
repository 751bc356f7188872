import { queryOptions } from '@tanstack/react-query'
import { type Body, data, http } from '../../lib/client'

/** What an invite code names. */
export type Invited = Body<'/api/contests/invite_code/{code}'>['contest']
export const inviteQuery = (code: string) =>
  queryOptions({
    queryKey: ['invite-code', code],
    queryFn: async () =>
      (await data(http.GET('/api/contests/invite_code/{code}', { params: { path: { code } } }))).contest,
    staleTime: 30_000,
    retry: false,
  })
