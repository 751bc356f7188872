import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api'
import { type Body, data, http, type Query, type Schema } from '../../../lib/client'

/**
 * The esports contest page's calls (docs/esports.md): the contest (helper 2's
 * GET /api/esports/contests/{id}), its squads, joining, leaving and the captain's edits.
 */
export type EsportsContest = Schema<'EsportsContest'>
export type EsportsMember = Schema<'EsportsMember'>
export type EsportsSquad = Schema<'EsportsSquad'>
export type Person = EsportsSquad['captain']
export type SquadsAnswer = Body<'/api/esports/contests/{id}/squads'>

/** The `…_members` endpoints of each game. */
const MEMBER_PATHS = {
  pubg: { member: '/api/pubg_members/{id}', order: '/api/pubg_members/update_members' },
  free_fire: { member: '/api/free_fire_members/{id}', order: '/api/free_fire_members/update_members' },
  call_of_duty: {
    member: '/api/call_of_duty_members/{id}',
    order: '/api/call_of_duty_members/update_members',
  },
} as const
export type MembersType = keyof typeof MEMBER_PATHS

export const MEMBERS_TYPE: Record<string, MembersType> = {
  pubg: 'pubg',
  'free-fire': 'free_fire',
  'call-of-duty': 'call_of_duty',
}

export const esportsContestQuery = (id: number) =>
  queryOptions({
    queryKey: ['esports-contest', id],
    queryFn: async () =>
      (await data(http.GET('/api/esports/contests/{id}', { params: { path: { id } } }))).esports_contest,
  })

export const squadsQuery = (id: number) =>
  queryOptions({
    queryKey: ['esports-contest', id, 'squads'],
    queryFn: () => data(http.GET('/api/esports/contests/{id}/squads', { params: { path: { id } } })),
  })

export type AccountHit = Schema<'PublicGameAccount'>
/** A contest's `game` is one of these slugs; its schema types it as a plain string. */
type GameSlug = NonNullable<NonNullable<Query<'/api/game_accounts/search'>>['slug']>

/** Verified accounts by in-game name or username (helper 1's search); none while it is missing (404). */
export async function searchAccounts(game: string, search: string): Promise<AccountHit[]> {
  try {
    const answer = await data(
      http.GET('/api/game_accounts/search', { params: { query: { slug: game as GameSlug, search } } }),
    )
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
      data(http.POST('/api/esports/contests/{id}/join', { params: { path: { id: contestId } }, body })),
    onSuccess: refresh,
    meta: { silent: true },
  })
}

export function useLeave(contestId: number) {
  const refresh = useRefresh(contestId)
  return useMutation({
    mutationFn: () =>
      data(http.DELETE('/api/esports/contests/{id}/membership', { params: { path: { id: contestId } } })),
    onSuccess: refresh,
    meta: { silent: true },
  })
}

export function useSquadWrite<B>(contestId: number, call: (body: B) => Promise<unknown>) {
  const refresh = useRefresh(contestId)
  // The pages show every error next to what failed (fields under their fields).
  return useMutation({ mutationFn: call, onSuccess: refresh, meta: { silent: true } })
}

const squad = (id: number) => ({ params: { path: { id } } })
export const squadCalls = {
  rename: (squadId: number, name: string) =>
    data(http.PUT('/api/squad_teams/{id}', { ...squad(squadId), body: { name } })),
  captain: (squadId: number, userId: number) =>
    data(http.PUT('/api/squad_teams/{id}/captain', { ...squad(squadId), body: { user_id: userId } })),
  invite: (squadId: number, username: string) =>
    data(http.POST('/api/squad_teams/{id}/invite', { ...squad(squadId), body: { username } })),
  remove: (squadId: number, userId: number) =>
    data(http.POST('/api/squad_teams/{id}/remove', { ...squad(squadId), body: { user_id: userId } })),
  editMember: (type: MembersType, memberId: number, body: { in_game_name?: string; position?: number }) =>
    data(http.PUT(MEMBER_PATHS[type].member, { params: { path: { id: memberId } }, body })),
  reorder: (type: MembersType, squadId: number, members: Array<{ id: number; position: number }>) =>
    data(http.POST(MEMBER_PATHS[type].order, { body: { squad_id: squadId, members } })),
}
