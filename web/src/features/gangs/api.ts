import { queryOptions } from '@tanstack/react-query'
import { data, http, type Schema } from '../../lib/client'

export type Gang = Schema<'Gang'>
export type GangMember = Schema<'GangMember'>
export type JoinRequest = Schema<'GangJoinRequest'>

/** Where gangs live: a series (daily mode) or a championship phase. */
export type GangScope = { kind: 'series' | 'phase'; id: number }

/** The API's base path of a scope's gangs; both scopes' routes take and answer the same schemas. */
const API_BASES = {
  series: '/api/series/{series_id}/leagues',
  phase: '/api/championship/series_phases/{phase_id}/leagues',
} as const
type ApiBase = (typeof API_BASES)[GangScope['kind']]
/** A gang route in the scope, typed as the pair of generated paths it stands for. */
const route = <S extends string>(s: GangScope, sub: S) => `${API_BASES[s.kind]}${sub}` as `${ApiBase}${S}`
/**
 * The path parameters of a gang route in the scope (`id`, `user_id` as the route names them). The
 * scope's id goes under both names: the typed call checks the pair of paths, and each path fills
 * in only the name it has.
 */
const inScope = <P extends object>(s: GangScope, path: P) => ({
  params: { path: { ...path, series_id: s.id, phase_id: s.id } },
})

/** The web's path of a scope's gangs: `/series/{id}/gangs` or `/championship/phases/{id}/gangs`. */
export const webBase = (s: GangScope) =>
  s.kind === 'series' ? `/series/${s.id}/gangs` : `/championship/phases/${s.id}/gangs`

/** The scope a gang lives in. */
export const scopeOf = (g: Gang): GangScope =>
  g.series_phase ? { kind: 'phase', id: g.series_phase.id } : { kind: 'series', id: g.series.id }

export const myGangsQuery = (s: GangScope) =>
  queryOptions({
    queryKey: ['gangs', s.kind, s.id, 'mine'],
    queryFn: async () => (await data(http.GET(route(s, '/my_leagues'), inScope(s, {})))).gangs,
  })

export const gangQuery = (s: GangScope, id: number) =>
  queryOptions({
    queryKey: ['gangs', s.kind, s.id, id],
    queryFn: () => data(http.GET(route(s, '/{id}'), inScope(s, { id }))),
  })

export const requestsQuery = (s: GangScope, id: number) =>
  queryOptions({
    queryKey: ['gangs', s.kind, s.id, id, 'requests'],
    queryFn: async () => (await data(http.GET(route(s, '/{id}/requests'), inScope(s, { id })))).join_requests,
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
  data(http.POST(route(s, ''), { ...inScope(s, {}), body })).then(gangOf)
/** Join a public gang (`ask`: ask to join a private one). */
export const joinByCode = (code: string, ask: boolean) =>
  data(http.POST(ask ? '/api/leagues/join_request' : '/api/leagues/join', { body: { code } })).then(gangOf)
export const answerRequest = (s: GangScope, id: number, userId: number, approve: boolean) =>
  data(
    http.POST(
      route(s, approve ? '/{id}/requests/{user_id}/approve' : '/{id}/requests/{user_id}/decline'),
      inScope(s, { id, user_id: userId }),
    ),
  ).then(gangOf)
export const leaveGang = (s: GangScope, id: number) =>
  data(http.POST(route(s, '/{id}/leave'), inScope(s, { id }))).then(gangOf)
export const removeMember = (s: GangScope, id: number, userId: number) =>
  data(http.DELETE(route(s, '/{id}/members/{user_id}'), inScope(s, { id, user_id: userId }))).then(gangOf)
