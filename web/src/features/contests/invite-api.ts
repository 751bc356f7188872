import { queryOptions } from '@tanstack/react-query'
import { get } from '../../lib/api'

/** What an invite code names. */
export interface Invited {
  id: number
  contest_type: 'contest' | 'championship_contest'
  match_id: number | null
  phase_id: number | null
  name: string
  entry_fee: number
  members_limit: number
  members_count: number
  is_private: boolean
  /** `open` until it locks; then locked, settled or cancelled. */
  contest_status?: string
}
export const inviteQuery = (code: string) =>
  queryOptions({
    queryKey: ['invite-code', code],
    queryFn: async () =>
      (await get<{ contest: Invited }>(`/api/contests/invite_code/${encodeURIComponent(code)}`)).contest,
    staleTime: 30_000,
    retry: false,
  })
