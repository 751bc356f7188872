/** Contests and leaderboards as the API shows them (see /api/openapi.json: Contest, ContestMember, Prize). */

export type ContestStatus = 'open' | 'locked' | 'completed' | 'cancelled'

export interface Contest {
  id: number
  match_id: number
  sport_slug: string
  match_title: string
  name: string
  kind: string
  contest_status: ContestStatus
  joinable: boolean
  entry_fee: number
  prize_amount: number
  members_limit: number
  members_count: number
  spots_left: number
  winner_count: number
  max_entries: number
  multiple_entries: boolean
  guaranteed: boolean
  invite_code: string
  first_prize: number
  event_time_in_millis: number
  match_status: string
  status_reason: string | null
  joined_count: number
  /** Player-made contests (issue 13): private ones are seen by members and code holders only. */
  is_private?: boolean
  description?: string | null
  created_by?: { slug: string; username: string } | null
  /** `/contests/{id}/join?code=…`, for the owner and members; null for everyone else. */
  invite_link?: string | null
  is_owner?: boolean
}

export interface Member {
  id: number
  rank: number | null
  points: number
  prize: number
  refunded: boolean
  user: { slug: string; username: string; team_name: string | null; display_name: string }
  user_team: { id: number; team_no: number }
  is_current_user: boolean
}

export interface MembersPage {
  members: Member[]
  current_user_members: Member[]
  version: number | null
  meta: { page: number; per_page: number; total: number; total_pages: number }
}

export interface Prize {
  id: number
  rank_text: string
  from: number
  to: number
  amount: number
}

/** `--sort` names → the API's sort keys (spec §9). */
export const SORT_KEYS = { prize: 1, spots: 2, winners: 3, fee: 4 } as const

/** `alice (T2)`: the username, and the team number when it is not the first. */
export function entrant(username: string, teamNo: number | null | undefined): string {
  return teamNo && teamNo > 1 ? `${username} (T${teamNo})` : username
}
