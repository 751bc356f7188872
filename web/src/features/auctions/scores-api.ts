import { queryOptions } from '@tanstack/react-query'
import type { auctionLeaderboard, ManagerMatchScore } from '../../../../server/areas/auctions'
import type { MatchJson } from '../../../../server/areas/matches/serialize'
import { get } from '../../lib/api'
import type { Manager, PlayerCard } from './api'

/** Scores of an auction's squads: the leaderboard, a manager's page, one match of theirs. */
type BoardEntry = Awaited<ReturnType<typeof auctionLeaderboard>>[number]
export type LeaderboardRow = BoardEntry & { manager: Manager | null }
export type ManagerMatch = Omit<ManagerMatchScore, 'player_scores'>
export interface ManagerDetail extends Manager {
  auction: { id: number; name: string }
  rank: number | null
  total_points: number
  players: Array<PlayerCard & { price: number }>
  matches: ManagerMatch[]
}
export interface ManagerMatchScores {
  player_scores: Array<ManagerMatchScore['player_scores'][number] & { player: PlayerCard | null }>
  points: number
  balanced: boolean
}

export const leaderboardQuery = (auctionId: number) =>
  queryOptions({
    queryKey: ['auction', auctionId, 'leaderboard'],
    queryFn: async () =>
      (await get<{ leaderboard: LeaderboardRow[] }>(`/api/auctions/${auctionId}/leaderboard`)).leaderboard,
    staleTime: 30_000,
  })

export const managerDetailQuery = (managerId: number) =>
  queryOptions({
    queryKey: ['auction-manager', managerId],
    queryFn: async () =>
      (await get<{ manager: ManagerDetail }>(`/api/auction/managers/${managerId}.json`)).manager,
    staleTime: 30_000,
  })

export const managerMatchQuery = (managerId: number, matchId: number) =>
  queryOptions({
    queryKey: ['auction-manager', managerId, 'match', matchId],
    queryFn: () => get<ManagerMatchScores>(`/api/auction/managers/${managerId}/matches/${matchId}.json`),
    staleTime: 60_000,
  })

/** The match's title for a row (the same cache entry as the match pages' own query). */
export const matchTitleQuery = (matchId: number) =>
  queryOptions({
    queryKey: ['match', matchId],
    queryFn: async () => (await get<{ match: MatchJson }>(`/api/matches/${matchId}`)).match,
    staleTime: 60_000,
    meta: { silent: true },
  })
