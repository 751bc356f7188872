import { queryOptions } from '@tanstack/react-query'
import { data, http, type Schema } from '../../lib/client'

export type Sport = Schema<'Sport'>

export const sportsQuery = queryOptions({
  queryKey: ['sports'],
  queryFn: async () => (await data(http.GET('/api/sports'))).sports,
  staleTime: Number.POSITIVE_INFINITY,
})

export type Avatar = Schema<'Avatar'>

export const avatarsQuery = queryOptions({
  queryKey: ['avatars'],
  queryFn: async () => (await data(http.GET('/api/avatars'))).avatars,
  staleTime: Number.POSITIVE_INFINITY,
})
