import { queryOptions } from '@tanstack/react-query'
import type { EsportsAccess, HostRequirement } from '../../../../../server/areas/esports'
import type { EsportsGame, EsportsKind } from '../../../../../server/domain/esports/rules'
import { get, post } from '../../../lib/api'

/** The access answer, typed by the server that makes it (type imports: no server code in the bundle). */
export type { EsportsAccess, HostRequirement }

/**
 * The esports contests calls of this part (docs/esports.md, "Creating a contest, and who may
 * host"): who may host, creating, the list of custom rooms, and asking the admins for access.
 */
export const esportsAccessQuery = (kind: EsportsKind) =>
  queryOptions({
    queryKey: ['esports-access', kind],
    queryFn: async () =>
      (await get<{ esports_access: EsportsAccess }>('/api/esports/access', { query: { kind } }))
        .esports_access,
    staleTime: 5_000,
  })

export interface EsportsContestSummary {
  id: number
  kind: EsportsKind
  kind_name: string
  game: EsportsGame
  game_name: string
  mode: string
  team_size: number
  name: string
  map: string | null
  host: { id: number; slug: string; username: string } | null
  entry_fee: number
  per_kill: number
  prize_pool: number
  slots: number
  squads_count: number
  is_private: boolean
  status: string
  starts_at_in_millis: number
  joined: boolean
  is_host: boolean
}
export const esportsContestsQuery = (game: EsportsGame) =>
  queryOptions({
    queryKey: ['esports-contests', game],
    queryFn: async () =>
      (
        await get<{ esports_contests: EsportsContestSummary[]; meta: { total: number } }>(
          '/api/esports/contests',
          {
            query: { game, per_page: 50 },
          },
        )
      ).esports_contests,
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
export const createEsportsContest = (body: EsportsDraft) =>
  post<{ esports_contest: EsportsContestSummary }>('/api/esports/contests', body)

export const requestHostAccess = (kind: EsportsKind, message: string) =>
  post<{ esports_access: EsportsAccess }>('/api/pubgs/access', { kind, ...(message ? { message } : {}) })
