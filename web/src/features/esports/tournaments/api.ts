import { queryOptions } from '@tanstack/react-query'
import { type Body, data, http, type Schema } from '../../../lib/client'

/** Tournaments, rounds and slots (docs/esports.md): the calls the tournament pages make. */
export type Tournament = Schema<'EsportsTournament'>
export type TournamentSquad = Schema<'EsportsTournamentSquad'>
export type Round = Schema<'EsportsRound'>
export type Lobby = Round['lobbies'][number]
export type Slot = Schema<'EsportsSlot'>
export type Standing = Body<'/api/esports/tournaments/{id}/standings'>['standings'][number]

export const tournamentsQuery = () =>
  queryOptions({
    queryKey: ['esports-tournaments'],
    queryFn: () => data(http.GET('/api/esports/tournaments')),
  })

export const tournamentQuery = (id: number) =>
  queryOptions({
    queryKey: ['esports-tournament', id],
    queryFn: async () =>
      (await data(http.GET('/api/esports/tournaments/{id}', { params: { path: { id } } })))
        .esports_tournament,
  })

export const standingsQuery = (id: number) =>
  queryOptions({
    queryKey: ['esports-tournament', id, 'standings'],
    queryFn: () => data(http.GET('/api/esports/tournaments/{id}/standings', { params: { path: { id } } })),
  })

export const slotsQuery = (roundId: number | null) =>
  queryOptions({
    queryKey: ['esports-round-slots', roundId ?? 'current'],
    queryFn: () =>
      data(
        roundId === null
          ? http.GET('/api/esports/rounds/current/slots')
          : http.GET('/api/esports/rounds/{id}/slots', { params: { path: { id: roundId } } }),
      ),
  })

export const registerSquad = (id: number, name: string) =>
  data(http.POST('/api/esports/tournaments/{id}/squads', { params: { path: { id } }, body: { name } }))
export const joinSquad = (id: number, invite_code: string) =>
  data(
    http.POST('/api/esports/tournaments/{id}/squads/join', {
      params: { path: { id } },
      body: { invite_code },
    }),
  )
export const leaveTournament = (id: number) =>
  data(http.DELETE('/api/esports/tournaments/{id}/membership', { params: { path: { id } } }))
