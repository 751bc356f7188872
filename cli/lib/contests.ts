import type { Answer, Schema } from './api-types'
/** Contests and leaderboards as the API shows them (see /api/openapi.json: Contest, ContestMember, Prize). */

export type Contest = Schema<'Contest'>
export type ContestStatus = Contest['contest_status']
export type Member = Schema<'ContestMember'>
export type MembersPage = Answer<'/api/contests/{id}/members'>
export type Prize = Schema<'Prize'>

/** `--sort` names → the API's sort keys (spec §9). */
export const SORT_KEYS = { prize: 1, spots: 2, winners: 3, fee: 4 } as const

/** `alice (T2)`: the username, and the team number when it is not the first. */
export function entrant(username: string, teamNo: number | null | undefined): string {
  return teamNo && teamNo > 1 ? `${username} (T${teamNo})` : username
}
