import { queryOptions } from '@tanstack/react-query'
import { type Body, data, http, type Schema } from '../../lib/client'

const byId = (id: number) => ({ params: { path: { id } } })

/** One contest and what hangs off it: prizes, info, the leaderboard, my teams, compare. */
export const contestQuery = (id: number) =>
  queryOptions({
    queryKey: ['contest', id],
    queryFn: async () => (await data(http.GET('/api/contests/{id}', byId(id)))).contest,
    staleTime: 10_000,
  })

/** With `inviteCode`, a private contest's prizes for whoever holds its code (the join page). */
export const prizesQuery = (id: number, inviteCode?: string) =>
  queryOptions({
    queryKey: ['contest', id, 'prizes'],
    queryFn: () =>
      data(
        http.GET('/api/contests/{id}/prizes', {
          params: { path: { id }, query: inviteCode ? { invite_code: inviteCode } : {} },
        }),
      ),
    staleTime: 5 * 60_000,
  })

export type ContestInfo = Schema<'ContestInfo'>
export const infoQuery = (id: number) =>
  queryOptions({
    queryKey: ['contest', id, 'info'],
    queryFn: async () => (await data(http.GET('/api/contests/{id}/info', byId(id)))).info,
    staleTime: 5 * 60_000,
  })

export type MembersPage = Body<'/api/contests/{id}/members'>
export const MEMBERS_PER_PAGE = 50
export const membersQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: ['contest', id, 'members', page],
    queryFn: () =>
      data(
        http.GET('/api/contests/{id}/members', {
          params: { path: { id }, query: { page, per_page: MEMBERS_PER_PAGE } },
        }),
      ),
    staleTime: 5_000,
  })

/** My teams for a match; with a contest, each says whether it joined it. */
export const userTeamsQuery = (matchId: number, contestId?: number) =>
  queryOptions({
    queryKey: ['user-teams', matchId, contestId ?? null],
    queryFn: async () =>
      (
        await data(
          http.GET('/api/matches/{match_id}/user_teams', {
            params: { path: { match_id: matchId }, query: { contest_id: contestId } },
          }),
        )
      ).user_teams,
    staleTime: 10_000,
  })

export type CompareData = Body<'/api/contests/{id}/compare'>
export type CompareSide = CompareData['current_user_team']
export type ComparePlayer = CompareSide['players'][number]
export const compareQuery = (id: number, memberId: number, mine: number | null) =>
  queryOptions({
    queryKey: ['contest', id, 'compare', memberId, mine],
    queryFn: () =>
      data(
        http.GET('/api/contests/{id}/compare', {
          params: {
            path: { id },
            query: { member_id: memberId, member_ids: mine === null ? undefined : String(mine) },
          },
        }),
      ),
    staleTime: 10_000,
  })
