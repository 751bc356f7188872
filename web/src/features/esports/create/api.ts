import { queryOptions } from '@tanstack/react-query'
import type { EsportsGame, EsportsKind } from '../../../../../server/domain/esports/rules'
import { data, http, type RequestBody, type Schema } from '../../../lib/client'

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

/** What the host form sends: its numbers as typed (digits in strings) or as numbers. */
export type EsportsDraft = RequestBody<'/api/esports/contests'>
/** Sent as the form holds it: numbers as typed, in strings (the document says the server takes both). */
export const createEsportsContest = (body: EsportsDraft) => data(http.POST('/api/esports/contests', { body }))

export const requestHostAccess = (kind: EsportsKind, message: string) =>
  data(http.POST('/api/pubgs/access', { body: { kind, ...(message ? { message } : {}) } }))
