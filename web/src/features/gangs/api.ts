import { queryOptions } from '@tanstack/react-query'
import type { GangJson } from '../../../../server/areas/gangs/views'
import { del, get, post } from '../../lib/api'

export type Gang = GangJson
export interface GangMember {
  user: { id: number; team_name: string | null; display_name: string; image: string | null }
  score: number
  rank: number
  is_manager: boolean
  is_current_user: boolean
}
export interface JoinRequest {
  id: number
  user: GangMember['user']
  requested_at_in_millis: number
}

/** Where gangs live: a series (daily mode) or a championship phase. */
export type GangScope = { kind: 'series' | 'phase'; id: number }

/** The API's base path of a scope's gangs. */
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
    queryFn: async () => (await get<{ gang: Gang }>(`/api/leagues/code/${encodeURIComponent(code)}`)).gang,
    retry: false,
  })

export interface SeriesItem {
  id: number
  name: string
  short_name: string
  sport_slug: string
  series_status: 'upcoming' | 'live' | 'completed'
  phases: Array<{ id: number; name: string; phase_no: number }>
}
export const seriesListQuery = queryOptions({
  queryKey: ['series', 'all'],
  queryFn: async () => (await get<{ series: SeriesItem[] }>('/api/series')).series,
  staleTime: 60_000,
})

export interface NewGangBody {
  name: string
  league_motto: string
  is_public: boolean
}

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
