import { queryOptions } from '@tanstack/react-query'
import { get } from '../../lib/api'

export interface Sport {
  id: number
  slug: string
  name: string
  kind: 'team' | 'racing' | 'battle_royale'
  team_size: number
  point_system: string
}

export const sportsQuery = queryOptions({
  queryKey: ['sports'],
  queryFn: async () => (await get<{ sports: Sport[] }>('/api/sports')).sports,
  staleTime: Number.POSITIVE_INFINITY,
})

export interface Avatar {
  id: number
  name: string
  url: string
}

export const avatarsQuery = queryOptions({
  queryKey: ['avatars'],
  queryFn: async () => (await get<{ avatars: Avatar[] }>('/api/avatars')).avatars,
  staleTime: Number.POSITIVE_INFINITY,
})
