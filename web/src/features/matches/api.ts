import { queryOptions } from '@tanstack/react-query'
import type { MatchSummary, PlayerScore } from '../../../../server/domain/scoring/types'
import { type Body, data, http, type Schema } from '../../lib/client'

export type { MatchSummary, PlayerScore }
export type Match = Schema<'Match'>
export type Side = Match['teams'][number]
export type Player = Schema<'Player'>
export type Statistics = Body<'/api/matches/{id}/statistics'>['statistics']
export type StatisticsPlayer = Statistics['player_scores'][number]
export type PlayerDetail = Body<'/api/players/{id}'>['player']

const byId = (id: number) => ({ params: { path: { id } } })

export const matchQuery = (id: number) =>
  queryOptions({
    queryKey: ['match', id],
    queryFn: async () => (await data(http.GET('/api/matches/{id}', byId(id)))).match,
    staleTime: 15_000,
  })

/** The squad with this match's credit values and points so far. */
export const playersQuery = (matchId: number) =>
  queryOptions({
    queryKey: ['match', matchId, 'players'],
    queryFn: async () => (await data(http.GET('/api/matches/{id}/players', byId(matchId)))).players,
    staleTime: 60_000,
  })

export const statisticsQuery = (matchId: number) =>
  queryOptions({
    queryKey: ['match', matchId, 'statistics'],
    queryFn: async () => (await data(http.GET('/api/matches/{id}/statistics', byId(matchId)))).statistics,
    staleTime: 5_000,
  })

export const playerScoresQuery = (matchId: number) =>
  queryOptions({
    queryKey: ['match', matchId, 'player_scores'],
    queryFn: async () =>
      (await data(http.GET('/api/matches/{id}/player_scores', byId(matchId)))).player_scores,
    staleTime: 5_000,
  })

export const playerQuery = (id: number) =>
  queryOptions({
    queryKey: ['player', id],
    queryFn: async () => (await data(http.GET('/api/players/{id}', byId(id)))).player,
    staleTime: 60_000,
  })

export function isSummary(summary: Statistics['summary'] | Record<string, unknown>): summary is MatchSummary {
  return typeof (summary as { family?: unknown }).family === 'string'
}

/** "DEL vs JAI" for two-sided sports; the match title (a Grand Prix, "Match 11 · Erangel") otherwise. */
export function matchName(match: Pick<Match, 'title' | 'team1' | 'team2'>): string {
  return match.team1 && match.team2 ? `${match.team1.name_attr} vs ${match.team2.name_attr}` : match.title
}

/**
 * The era (cricket) or league (football) the simulator plays the match under, for its info
 * line: `t20-2024 era`, `Premier League`; null for a sport without one (docs/simulation.md).
 */
export function simProfileLabel(match: Pick<Match, 'sport_slug' | 'sim_profile'>): string | null {
  const profile = match.sim_profile
  if (!profile) return null
  if (match.sport_slug !== 'football') return `${profile} era`
  return profile
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

export type MatchScore = Body<'/api/matches/{id}/score'>['score']

/** The score as a strip shows it; MatchChannel pushes keep it current between fetches. */
export const scoreQuery = (matchId: number) =>
  queryOptions({
    queryKey: ['match', matchId, 'score'],
    queryFn: async () => (await data(http.GET('/api/matches/{id}/score', byId(matchId)))).score,
    staleTime: 15_000,
  })
