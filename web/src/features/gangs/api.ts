import { queryOptions } from '@tanstack/react-query'
import { del, get, post } from '../../lib/api'
import { data, http, type Schema } from '../../lib/client'

export type Gang = Schema<'Gang'>
export type GangMember = Schema<'GangMember'>
export type JoinRequest = Schema<'GangJoinRequest'>

/** Where gangs live: a series (daily mode) or a championship phase. */
export type GangScope = { kind: 'series' | 'phase'; id: number }

/**
 * The API's base path of a scope's gangs. Calls under it go through lib/api with types from the
 * generated schemas: one literal path per scope would double every call for no type it adds.
 */
export const apiBase = (s: GangScope) =>
  s.kind === 'series' ? `/api/series/${s.id}/leagues` : `/api/championship/series_phases/${s.id}/leagues`

/** The web's path of a scope's gangs: `/series/{id}/gangs` or `/championship/phases/{id}/gangs`. */
export const webBase = (s: GangScope) =>
  s.kind === 'series' ? `/series/${s.id}/gangs` : `/championship/phases/${s.id}/gangs`

/** The scope a gang lives in. */
export const scopeOf = (g: Gang): GangScope =>
  g.series_phase ? { kind: 'phase', id: g.series_phase.id } : { kind: 'series', id: g.series.id }

export const myGangsQuery = (s: GangScope) =>
  queryOptions({
    queryKey: ['gangs', s.kind, s.id, 'mine'],
    queryFn: async () => (await get<{ gangs: Gang[] }>(`${apiBase(s)}/my_leagues`)).gangs,
  })

export const gangQuery = (s: GangScope, id: number) =>
  queryOptions({
    queryKey: ['gangs', s.kind, s.id, id],
    queryFn: () => get<{ gang: Gang; members: GangMember[] }>(`${apiBase(s)}/${id}`),
  })

export const requestsQuery = (s: GangScope, id: number) =>
  queryOptions({
    queryKey: ['gangs', s.kind, s.id, id, 'requests'],
    queryFn: async () =>
      (await get<{ join_requests: JoinRequest[] }>(`${apiBase(s)}/${id}/requests`)).join_requests,
  })

export const byCodeQuery = (code: string) =>
  queryOptions({
    queryKey: ['gangs', 'code', code],
    queryFn: async () =>
      (await data(http.GET('/api/leagues/code/{code}', { params: { path: { code } } }))).gang,
    retry: false,
  })

export type SeriesItem = Schema<'Series'>
export const seriesListQuery = queryOptions({
  queryKey: ['series', 'all'],
  queryFn: async () => (await data(http.GET('/api/series'))).series,
  staleTime: 60_000,
})

export type NewGangBody = Schema<'NewGang'>

const gangOf = (r: { gang: Gang }) => r.gang
export const createGang = (s: GangScope, body: NewGangBody) =>
  post<{ gang: Gang }>(apiBase(s), body).then(gangOf)
/** Join a public gang (`ask`: ask to join a private one). */
export const joinByCode = (code: string, ask: boolean) =>
  post<{ gang: Gang }>(ask ? '/api/leagues/join_request' : '/api/leagues/join', { code }).then(gangOf)
export const answerRequest = (s: GangScope, id: number, userId: number, approve: boolean) =>
  post<{ gang: Gang }>(`${apiBase(s)}/${id}/requests/${userId}/${approve ? 'approve' : 'decline'}`).then(
    gangOf,
  )
export const leaveGang = (s: GangScope, id: number) =>
  post<{ gang: Gang }>(`${apiBase(s)}/${id}/leave`).then(gangOf)
export const removeMember = (s: GangScope, id: number, userId: number) =>
  del<{ gang: Gang }>(`${apiBase(s)}/${id}/members/${userId}`).then(gangOf)
