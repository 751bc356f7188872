/**
 * Championship (classic teams per series phase) as the API shows it: see /api/openapi.json
 * (SeriesPhase, ClassicTeam, ClassicTeamScore) and docs/championship.md.
 */
import { Api } from './api'
import type { Schema } from './api-types'
import { CliError } from './errors'
import type { Io } from './io'

export type SeriesPhase = Schema<'SeriesPhase'>
export type PhaseStatus = SeriesPhase['status']
export type PhaseTeamSummary = NonNullable<SeriesPhase['current_user_classic_team']>

export interface TeamPlayer {
  id: number
  name: string
  display_name?: string
  style: string
  value: number
  team?: { id: number; name_attr?: string; name?: string }
}

export interface ClassicTeam {
  id: number
  phase_id: number
  user: { id: number; team_name: string | null; display_name: string; image?: string | null }
  team_players: TeamPlayer[]
  team_players_ids: number[]
  captain: { id: number } | null
  vice_captain: { id: number } | null
  budget: number
  score: number
  rank: number | null
  free_transfers_left: number | null
  paid_transfers_left: number | null
  transfers: {
    unlimited: boolean
    free_left: number | null
    paid_left: number | null
    next_paid_fee: number | null
  }
  /** event_time: an ISO instant. */
  upcoming_matches: Array<{ id: number; title: string; event_time: string }>
  last_team_player_ids: number[] | null
  is_current_user_allowed_to_edit: boolean
}

/** GET /api/championship/classic_teams/{id}/edit: what the builder needs to count transfers. */
export interface ClassicTeamEdit {
  id: number
  budget: number
  captain: { id: number } | number | null
  vice_captain: { id: number } | number | null
  team_players: TeamPlayer[]
  /** "∞" while the team has not been locked yet. */
  /** After the saved change; "∞" while the team has not been locked yet. */
  free_transfers: number | string
  paid_transfers: number | string
  /** Banked at the last lock ("∞" before the first). */
  free_at_lock: number | string
  last_lock_player_ids: number[] | null
  free_per_match: number
  paid_fees: number[]
}

export interface ClassicTeamScore {
  id: number
  score: number
  series_phase_id: number
  captain: { id: number } | null
  vice_captain: { id: number } | null
  free_sub_used: number
  paid_sub_used: number
  paid_charged: number
  player_in: Array<{ id: number; name: string }>
  player_out: Array<{ id: number; name: string }>
  players_scores?: Array<{ id: number; name: string; score: number }>
  match: {
    id: number
    match_no: number
    match_stage: string | null
    title: string
    team1?: unknown
    team2?: unknown
    status: string
  }
}

export interface BoardEntry {
  id: number
  score: number
  rank: number | null
  sum_free_sub_used: number
  sum_paid_sub_used: number
  series_phase_id: number
  user: {
    id: number
    team_name: string | null
    image?: string | null
    display_name?: string
    username?: string
  }
}

export interface PhaseBoard {
  classic_teams: BoardEntry[]
  current_user_classic_team: BoardEntry | null
  meta: { page: number; per_page: number; total: number; total_pages: number }
  version?: number | null
}

/** Every championship call is a signed-in user's (the answers carry "my team"): no session is a clear error. */
export const championshipApi = (io: Io, server: string) => new Api(io, server, 'user')

export const phasePath = (id: number) => `/api/championship/series_phases/${id}`
export const teamPath = (id: number) => `/api/championship/classic_teams/${id}`

/** The signed-in user's team in a phase, or a clear error naming the command that makes one. */
export async function myTeamIn(api: Api, phaseId: number): Promise<{ id: number }> {
  const { classic_teams } = await api.get<{ classic_teams: Array<{ id: number }> }>(
    `/api/championship/classic_teams?phase_id=${phaseId}`,
  )
  const team = classic_teams[0]
  if (!team)
    throw new CliError(`You have no championship team in phase ${phaseId}`, {
      code: 'NO_CLASSIC_TEAM',
      hint: `Make one: fanspole championship team create --phase ${phaseId} --players <ids> --captain <id> --vice-captain <id>`,
    })
  return team
}

/** `3`, or `∞` while the team has not been locked yet (the API sends either). */
export const transfersText = (n: number | string | null | undefined) =>
  n === null || n === undefined ? '∞' : String(n)

/** A board entry's name: the team name, else the display name or username, else its id. */
export const entryName = (e: Pick<BoardEntry, 'id' | 'user'>) =>
  e.user.team_name || e.user.display_name || e.user.username || `user ${e.user.id}`

const idOf = (ref: { id: number } | number | null | undefined) =>
  ref === null || ref === undefined ? null : typeof ref === 'number' ? ref : ref.id

export const captainId = (t: { captain: { id: number } | number | null }) => idOf(t.captain)
export const viceCaptainId = (t: { vice_captain: { id: number } | number | null }) => idOf(t.vice_captain)

/** Comma-joined ids from a flag (`--players 1,2,3`), validated by the option schema. */
export const idList = (text: string) => text.split(',').map((s) => Number(s.trim()))
