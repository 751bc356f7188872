import { queryOptions } from '@tanstack/react-query'
import type { EsportsGame, EsportsKind } from '../../../../../server/domain/esports/rules'
import { post } from '../../../lib/api'
import { type Body, data, http, type Schema } from '../../../lib/client'

export type EsportsAccess = Schema<'EsportsAccess'>
export type HostRequirement = EsportsAccess['requirements'][number]

/**
 * The esports contests calls of this part (docs/esports.md, "Creating a contest, and who may
 * host"): who may host, creating, the list of custom rooms, and asking the admins for access.
 */
export const esportsAccessQuery = (kind: EsportsKind) =>
  queryOptions({
    queryKey: ['esports-access', kind],
    queryFn: async () =>
      (await data(http.GET('/api/esports/access', { params: { query: { kind } } }))).esports_access,
    staleTime: 5_000,
  })

export type EsportsContestSummary = Schema<'EsportsContest'>
export const esportsContestsQuery = (game: EsportsGame) =>
  queryOptions({
    queryKey: ['esports-contests', game],
    queryFn: async () =>
      (await data(http.GET('/api/esports/contests', { params: { query: { game, per_page: 50 } } })))
        .esports_contests,
  })

export interface EsportsDraft {
  kind: EsportsKind
  mode: string
  name: string
  description?: string
  map?: string
  entry_fee: number | string
  per_kill?: number | string
  prize_option?: string
  slots: number | string
  min_level?: number | string
  starts_in_minutes: number | string
  reveal_minutes?: number | string
  is_private: boolean
}
/**
 * Sent as the form holds it (numbers as typed, in strings: the server coerces them), so through
 * lib/api with the typed answer; the OpenAPI document's body says numbers.
 */
export const createEsportsContest = (body: EsportsDraft) =>
  post<Body<'/api/esports/contests', 'post'>>('/api/esports/contests', body)

export const requestHostAccess = (kind: EsportsKind, message: string) =>
  data(http.POST('/api/pubgs/access', { body: { kind, ...(message ? { message } : {}) } }))
