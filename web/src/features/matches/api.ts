import { queryOptions } from '@tanstack/react-query'
import type { MatchJson, PlayerJson } from '../../../../server/areas/matches/serialize'
import type { MatchSummary, PlayerScore } from '../../../../server/domain/scoring/types'
import { get } from '../../lib/api'

export type { MatchSummary, PlayerScore }
export type Match = MatchJson & {
  contests_count?: number
  my_teams_count?: number
  joined_contests_count?: number
}
export type Side = MatchJson['teams'][number]
export type Player = PlayerJson

export interface StatisticsPlayer extends PlayerScore {
  name: string
  team_id: number
  style: number
}

export interface Statistics {
  match_status: Match['match_status']
  /** `{}` before the first event. */
  summary: MatchSummary | Record<string, never>
  events_count: number
  player_scores: StatisticsPlayer[]
}

export interface PlayerDetail extends Player {
  sport_slug: string
  recent_scores: Array<{ match_id: number; title: string; event_time_in_millis: number; total_score: number }>
}

export const matchQuery = (id: number) =>
  queryOptions({
    queryKey: ['match', id],
    queryFn: async () => (await get<{ match: Match }>(`/api/matches/${id}`)).match,
    staleTime: 15_000,
  })

/** The squad with this match's credit values and points so far. */
export const playersQuery = (matchId: number) =>
  queryOptions({
    queryKey: ['match', matchId, 'players'],
    queryFn: async () => (await get<{ players: Player[] }>(`/api/matches/${matchId}/players`)).players,
    staleTime: 60_000,
  })

export const statisticsQuery = (matchId: number) =>
  queryOptions({
    queryKey: ['match', matchId, 'statistics'],
    queryFn: async () =>
      (await get<{ statistics: Statistics }>(`/api/matches/${matchId}/statistics`)).statistics,
    staleTime: 5_000,
  })

export const playerScoresQuery = (matchId: number) =>
  queryOptions({
    queryKey: ['match', matchId, 'player_scores'],
    queryFn: async () =>
      (await get<{ player_scores: PlayerScore[] }>(`/api/matches/${matchId}/player_scores`)).player_scores,
    staleTime: 5_000,
  })

export const playerQuery = (id: number) =>
  queryOptions({
    queryKey: ['player', id],
    queryFn: async () => (await get<{ player: PlayerDetail }>(`/api/players/${id}`)).player,
    staleTime: 60_000,
  })

export function isSummary(summary: Statistics['summary'] | Record<string, unknown>): summary is MatchSummary {
  return typeof (summary as { family?: unknown }).family === 'string'
}

/** "DEL vs JAI" for two-sided sports; the match title (a Grand Prix, "Match 11 · Erangel") otherwise. */
export function matchName(match: Pick<Match, 'title' | 'team1' | 'team2'>): string {
  return match.team1 && match.team2 ? `${match.team1.name_attr} vs ${match.team2.name_attr}` : match.title
}
