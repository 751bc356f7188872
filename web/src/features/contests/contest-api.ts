import { queryOptions } from '@tanstack/react-query'
import { get } from '../../lib/api'
import type { Contest, Member, Meta, Prize, UserTeam } from './types'

/** One contest and what hangs off it: prizes, info, the leaderboard, my teams, compare. */
export const contestQuery = (id: number) =>
  queryOptions({
    queryKey: ['contest', id],
    queryFn: async () => (await get<{ contest: Contest }>(`/api/contests/${id}`)).contest,
    staleTime: 10_000,
  })

export const prizesQuery = (id: number) =>
  queryOptions({
    queryKey: ['contest', id, 'prizes'],
    queryFn: () =>
      get<{ prizes: Prize[]; prize_amount: number; winner_count: number }>(`/api/contests/${id}/prizes`),
    staleTime: 5 * 60_000,
  })

export interface ContestInfo {
  name: string
  entry_fee: number
  prize_amount: number
  rake_percent: number
  members_limit: number
  max_entries: number
  guaranteed: boolean
  winner_count: number
  invite_code: string
  rules: string[]
}
export const infoQuery = (id: number) =>
  queryOptions({
    queryKey: ['contest', id, 'info'],
    queryFn: async () => (await get<{ info: ContestInfo }>(`/api/contests/${id}/info`)).info,
    staleTime: 5 * 60_000,
  })

export interface MembersPage {
  members: Member[]
  current_user_members: Member[]
  version: number | null
  meta: Meta
}
export const MEMBERS_PER_PAGE = 50
export const membersQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: ['contest', id, 'members', page],
    queryFn: () =>
      get<MembersPage>(`/api/contests/${id}/members`, { query: { page, per_page: MEMBERS_PER_PAGE } }),
    staleTime: 5_000,
  })

/** My teams for a match; with a contest, each says whether it joined it. */
export const userTeamsQuery = (matchId: number, contestId?: number) =>
  queryOptions({
    queryKey: ['user-teams', matchId, contestId ?? null],
    queryFn: async () =>
      (
        await get<{ user_teams: UserTeam[] }>(`/api/matches/${matchId}/user_teams`, {
          query: { contest_id: contestId },
        })
      ).user_teams,
    staleTime: 10_000,
  })

export interface ComparePlayer {
  id: number
  name: string
  display_name: string
  style: number
  style_label: string
  team: { id: number; name_attr: string; team_color: string }
  points: number | null
  multiplier: number
  team_points: number | null
}
export interface CompareSide {
  member_id: number
  user: { slug: string; username: string; team_name: string | null }
  team_no: number
  points: number | null
  rank: number | null
  players: ComparePlayer[]
}
export interface CompareData {
  current_user_team: CompareSide
  compare_team: CompareSide
  common_players: Array<{
    player: ComparePlayer
    current_user_multiplier: number
    compare_multiplier: number
  }>
  diff_players: { current_user: ComparePlayer[]; compare: ComparePlayer[] }
  points_difference: number | null
  compare_members: Array<{ member_id: number; member_name: string }>
}
export const compareQuery = (id: number, memberId: number, mine: number | null) =>
  queryOptions({
    queryKey: ['contest', id, 'compare', memberId, mine],
    queryFn: () =>
      get<CompareData>(`/api/contests/${id}/compare`, {
        query: { member_id: memberId, member_ids: mine ?? undefined },
      }),
    staleTime: 10_000,
  })
