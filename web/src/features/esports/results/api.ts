import { queryOptions } from '@tanstack/react-query'
import { data, http } from '../../../lib/client'

/** The results page's calls (docs/esports.md "Results, payouts and corrections"). */
export type EsportsGame = 'pubg' | 'free-fire' | 'call-of-duty'

export interface Person {
  id: number
  slug: string
  username: string
}

export interface ResultsSheet {
  contest: {
    id: number
    name: string
    game: EsportsGame
    mode: 'solo' | 'duo' | 'squad'
    status: 'open' | 'locked' | 'completed' | 'cancelled'
    starts_at_in_millis: number
    results_version: number
    is_host: boolean
  }
  can_enter: boolean
  my_squad_id: number | null
  squads: Array<{ id: number; name: string; players: Array<{ user: Person; in_game_name: string }> }>
}

export interface EsportsResults {
  contest_id: number
  version: number
  source: 'host' | 'admin' | 'simulator'
  note: string | null
  my_squad_id: number | null
  can_correct: boolean
  can_dispute: boolean
  disputes_close_at_in_millis: number
  standings: Array<{
    rank: number
    squad: { id: number; name: string }
    placement: number
    kills: number
    points: number
    prize: number
    members: Array<{ id: number; user: Person; in_game_name: string; prize: number }>
  }>
  versions: Array<{
    version: number
    source: string
    note: string | null
    entered_by: Person
    created_at_in_millis: number
  }>
}

export interface ResultRow {
  squad_id: number
  placement: number
  kills: number
}

export const sheetQuery = (id: number) =>
  queryOptions({
    queryKey: ['esports-contest', id, 'results-sheet'],
    queryFn: () => data(http.GET('/api/esports/contests/{id}/results_sheet', { params: { path: { id } } })),
    select: (d) => d.results_sheet,
  })

export const resultsQuery = (id: number) =>
  queryOptions({
    queryKey: ['esports-contest', id, 'results'],
    queryFn: () => data(http.GET('/api/esports/contests/{id}/results', { params: { path: { id } } })),
    select: (d) => d.esports_results,
  })

export const enterResults = (
  id: number,
  body: { results: ResultRow[]; note?: string } | { simulate: true },
) => data(http.POST('/api/esports/contests/{id}/results', { params: { path: { id } }, body }))

export const disputeResults = (id: number, body: { text: string; squad_id?: number }) =>
  data(http.POST('/api/esports/contests/{id}/disputes', { params: { path: { id } }, body }))

export const GAME_NAMES: Record<EsportsGame, string> = {
  pubg: 'PUBG',
  'free-fire': 'Free Fire',
  'call-of-duty': 'Call of Duty',
}
