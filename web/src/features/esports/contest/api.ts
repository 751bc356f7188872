import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, del, get, post, put } from '../../../lib/api'

/**
 * The esports contest page's calls (docs/esports.md): the contest (helper 2's
 * GET /api/esports/contests/{id}), its squads, joining, leaving and the captain's edits.
 */
export interface Person {
  id: number
  slug: string
  username: string
}

export interface EsportsContest {
  id: number
  kind: string
  game: string
  game_name: string
  mode: 'solo' | 'duo' | 'squad'
  team_size: number
  name: string
  description: string | null
  map: string | null
  host: Person
  entry_fee: number
  per_kill: number
  prize_pool: number
  prizes: Array<{ from: number; to: number; percent: number; amount: number }>
  slots: number
  squads_count: number
  members_count: number
  min_level: number
  is_private: boolean
  invite_code?: string | null
  status: 'open' | 'locked' | 'completed' | 'cancelled'
  status_reason: string | null
  starts_at_in_millis: number
  reveal_at_in_millis: number
  room_details: { room_id: string | null; room_password: string | null } | null
  results_version: number
  my_squad_id: number | null
  is_host: boolean
  joined: boolean
  /** A tournament lobby's round and lobby number (null for a hosted room). */
  round_id: number | null
  lobby_no: number | null
}

export interface EsportsMember {
  id: number
  squad_id: number
  user: Person
  in_game_name: string
  character_id: string | null
  position: number
  kills: number | null
  prize: number
}

export interface EsportsSquad {
  id: number
  contest_id: number
  name: string
  slot_no: number
  captain: Person
  members: EsportsMember[]
  members_count: number
  invite_code: string | null
  placement: number | null
  kills: number | null
  points: number | null
  rank: number | null
  prize: number
}

export interface SquadsAnswer {
  squads: EsportsSquad[]
  my_squad_id: number | null
}

export const MEMBERS_TYPE: Record<string, 'pubg' | 'free_fire' | 'call_of_duty'> = {
  pubg: 'pubg',
  'free-fire': 'free_fire',
  'call-of-duty': 'call_of_duty',
}

export const esportsContestQuery = (id: number) =>
  queryOptions({
    queryKey: ['esports-contest', id],
    queryFn: async () =>
      (await get<{ esports_contest: EsportsContest }>(`/api/esports/contests/${id}`)).esports_contest,
  })

export const squadsQuery = (id: number) =>
  queryOptions({
    queryKey: ['esports-contest', id, 'squads'],
    queryFn: () => get<SquadsAnswer>(`/api/esports/contests/${id}/squads`),
  })

export interface AccountHit {
  id: number
  in_game_name: string
  user: Person
}

/** Verified accounts by in-game name or username (helper 1's search); none while it is missing (404). */
export async function searchAccounts(game: string, search: string): Promise<AccountHit[]> {
  try {
    const answer = await get<{ game_accounts: AccountHit[] }>('/api/game_accounts/search', {
      query: { slug: game, search },
    })
    return answer.game_accounts ?? []
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return []
    throw error
  }
}

/** Every write refreshes everything under `['esports-contest', id]`: the contest, its squads, results, room. */
function useRefresh(contestId: number) {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: ['esports-contest', contestId] })
}

export function useJoin(contestId: number) {
  const refresh = useRefresh(contestId)
  return useMutation({
    mutationFn: (body: { squad_name?: string; squad_invite_code?: string; invite_code?: string }) =>
      post<{ esports_member: EsportsMember; squad: EsportsSquad }>(
        `/api/esports/contests/${contestId}/join`,
        body,
      ),
    onSuccess: refresh,
    meta: { silent: true },
  })
}

export function useLeave(contestId: number) {
  const refresh = useRefresh(contestId)
  return useMutation({
    mutationFn: () => del(`/api/esports/contests/${contestId}/membership`),
    onSuccess: refresh,
    meta: { silent: true },
  })
}

export function useSquadWrite<B>(contestId: number, call: (body: B) => Promise<unknown>) {
  const refresh = useRefresh(contestId)
  // The pages show every error next to what failed (fields under their fields).
  return useMutation({ mutationFn: call, onSuccess: refresh, meta: { silent: true } })
}

export const squadCalls = {
  rename: (squadId: number, name: string) => put(`/api/squad_teams/${squadId}`, { name }),
  captain: (squadId: number, userId: number) =>
    put(`/api/squad_teams/${squadId}/captain`, { user_id: userId }),
  invite: (squadId: number, username: string) =>
    post<{ invitation: { user: Person; url: string } }>(`/api/squad_teams/${squadId}/invite`, { username }),
  remove: (squadId: number, userId: number) =>
    post(`/api/squad_teams/${squadId}/remove`, { user_id: userId }),
  editMember: (type: string, memberId: number, body: { in_game_name?: string; position?: number }) =>
    put(`/api/${type}_members/${memberId}`, body),
  reorder: (type: string, squadId: number, members: Array<{ id: number; position: number }>) =>
    post(`/api/${type}_members/update_members`, { squad_id: squadId, members }),
}
