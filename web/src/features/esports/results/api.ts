import { queryOptions } from '@tanstack/react-query'
import { data, http, type RequestBody, type Schema } from '../../../lib/client'

/** The results page's calls (docs/esports.md "Results, payouts and corrections"). */
export type EsportsGame = 'pubg' | 'free-fire' | 'call-of-duty'

export type ResultsSheet = Schema<'EsportsResultsSheet'>

export type EsportsResults = Schema<'EsportsResults'>

/** One squad's placement and kills, as the results route takes them. */
export type ResultRow = NonNullable<RequestBody<'/api/esports/contests/{id}/results'>['results']>[number]

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
