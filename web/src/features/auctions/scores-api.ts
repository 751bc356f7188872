import { queryOptions } from '@tanstack/react-query'
import { defaultPathSerializer } from 'openapi-fetch'
import { type Body, data, http } from '../../lib/client'
import type { Manager, PlayerCard } from './api'

/** Scores of an auction's squads: the leaderboard, a manager's page, one match of theirs. */
type ManagerPage = Body<'/api/auction/managers/{id}'>['manager']
/** A row of the leaderboard; the server adds its manager, which the OpenAPI document leaves out. */
export type LeaderboardRow = Body<'/api/auctions/{id}/leaderboard'>['leaderboard'][number] & {
  manager: Manager | null
}
export type ManagerMatch = ManagerPage['matches'][number]
/** The OpenAPI document marks the squad's card fields optional; every player carries the whole card. */
export type ManagerDetail = Omit<ManagerPage, 'players'> & { players: Array<PlayerCard & { price: number }> }
export type ManagerMatchScores = Body<'/api/auction/managers/{id}/matches/{match_id}'>

export const leaderboardQuery = (auctionId: number) =>
  queryOptions({
    queryKey: ['auction', auctionId, 'leaderboard'],
    queryFn: async () =>
      (await data(http.GET('/api/auctions/{id}/leaderboard', { params: { path: { id: auctionId } } })))
        .leaderboard as LeaderboardRow[],
    staleTime: 30_000,
  })

/** The v1 paths end in `.json` (the API ignores it); the generated paths leave it out. */
const dotJson = {
  pathSerializer: (path: string, params: Record<string, unknown>) =>
    `${defaultPathSerializer(path, params)}.json`,
}

export const managerDetailQuery = (managerId: number) =>
  queryOptions({
    queryKey: ['auction-manager', managerId],
    queryFn: async () =>
      (
        await data(
          http.GET('/api/auction/managers/{id}', { params: { path: { id: managerId } }, ...dotJson }),
        )
      ).manager as ManagerDetail,
    staleTime: 30_000,
  })

export const managerMatchQuery = (managerId: number, matchId: number) =>
  queryOptions({
    queryKey: ['auction-manager', managerId, 'match', matchId],
    queryFn: () =>
      data(
        http.GET('/api/auction/managers/{id}/matches/{match_id}', {
          params: { path: { id: managerId, match_id: matchId } },
          ...dotJson,
        }),
      ),
    staleTime: 60_000,
  })

/** The match's title for a row (the same cache entry as the match pages' own query). */
export const matchTitleQuery = (matchId: number) =>
  queryOptions({
    queryKey: ['match', matchId],
    queryFn: async () =>
      (await data(http.GET('/api/matches/{id}', { params: { path: { id: matchId } } }))).match,
    staleTime: 60_000,
    meta: { silent: true },
  })
