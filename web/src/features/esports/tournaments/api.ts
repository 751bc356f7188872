import { queryOptions } from '@tanstack/react-query'
import { del, get, post } from '../../../lib/api'

/** Tournaments, rounds and slots (docs/esports.md): the calls the tournament pages make. */
export interface Lobby {
  lobby_no: number
  contest_id: number
  squads_count: number
  status: string
  results_version: number
}
export interface Round {
  id: number
  tournament_id: number
  number: number
  name: string
  lobby_size: number
  lobbies_count: number
  qualify_rule: 'top_per_lobby' | 'top_overall'
  qualify_count: number
  status: 'pending' | 'seeded' | 'completed'
  starts_at_in_millis: number
  lobbies: Lobby[]
}
export interface TournamentSquad {
  id: number
  name: string
  captain: { id: number; username: string } | null
  members: Array<{ id: number; user: { id: number; username: string }; in_game_name: string }>
  members_count: number
  invite_code: string | null
  eliminated_in_round: number | null
}
export interface Tournament {
  id: number
  name: string
  kind: string
  kind_name: string
  game_name: string
  mode: 'solo' | 'duo' | 'squad'
  team_size: number
  description: string | null
  status: 'registration' | 'running' | 'completed' | 'cancelled'
  squads_limit: number
  squads_count: number
  rounds_count: number
  current_round: number
  registration_closes_at_in_millis: number
  registration_open: boolean
  my_squad: TournamentSquad | null
  rounds: Round[]
}
export interface Slot {
  lobby_no: number
  slot_no: number
  seed_no: number
  squad: { id: number; name: string }
  contest_id: number
  placement: number | null
  kills: number | null
  points: number | null
  rank: number | null
  qualified: boolean
}
export interface Standing {
  position: number
  squad: { id: number; name: string }
  reached_round: number
  eliminated_in_round: number | null
  rank_in_round: number | null
  points: number | null
  total_points: number
  total_kills: number
}

export const tournamentsQuery = () =>
  queryOptions({
    queryKey: ['esports-tournaments'],
    queryFn: () => get<{ esports_tournaments: Tournament[] }>('/api/esports/tournaments'),
  })

export const tournamentQuery = (id: number) =>
  queryOptions({
    queryKey: ['esports-tournament', id],
    queryFn: async () =>
      (await get<{ esports_tournament: Tournament }>(`/api/esports/tournaments/${id}`)).esports_tournament,
  })

export const standingsQuery = (id: number) =>
  queryOptions({
    queryKey: ['esports-tournament', id, 'standings'],
    queryFn: () => get<{ standings: Standing[]; status: string }>(`/api/esports/tournaments/${id}/standings`),
  })

export const slotsQuery = (roundId: number | null) =>
  queryOptions({
    queryKey: ['esports-round-slots', roundId ?? 'current'],
    queryFn: () =>
      get<{ slots: Slot[]; round: Round | null }>(
        roundId === null ? '/api/esports/rounds/current/slots' : `/api/esports/rounds/${roundId}/slots`,
      ),
  })

export const registerSquad = (id: number, name: string) =>
  post<{ esports_tournament: Tournament }>(`/api/esports/tournaments/${id}/squads`, { name })
export const joinSquad = (id: number, invite_code: string) =>
  post<{ esports_tournament: Tournament }>(`/api/esports/tournaments/${id}/squads/join`, { invite_code })
export const leaveTournament = (id: number) =>
  del<{ esports_tournament: Tournament }>(`/api/esports/tournaments/${id}/membership`)
