/**
 * Championship (classic teams per series phase) as the API shows it: see /api/openapi.json
 * (SeriesPhase, ClassicTeam, ClassicTeamScore) and docs/championship.md.
 */
import { Api } from './api'
import type { Answer, Schema } from './api-types'
import { CliError } from './errors'
import type { Io } from './io'

export type SeriesPhase = Schema<'SeriesPhase'>
export type PhaseStatus = SeriesPhase['status']
export type PhaseTeamSummary = NonNullable<SeriesPhase['current_user_classic_team']>

/** GET/POST/PUT /api/championship/classic_teams…: a team, its players and its transfers (the owner's). */
export type ClassicTeam = Schema<'ClassicTeam'>
/** GET /api/championship/classic_teams/{id}/edit: what the builder needs to count transfers. */
export type ClassicTeamEdit = Schema<'ClassicTeamEdit'>
/** One match of a team's history (GET …/classic_teams/{id}/history). */
export type ClassicTeamScoreRow = Schema<'ClassicTeamScoreRow'>
/** A page of a phase leaderboard. */
export type PhaseBoard = Answer<'/api/championship/series_phases/{id}/leaderboard'>
export type BoardEntry = PhaseBoard['classic_teams'][number]

/** Every championship call is a signed-in user's (the answers carry "my team"): no session is a clear error. */
export const championshipApi = (io: Io, server: string) => new Api(io, server, 'user')

export const phasePath = (id: number) => `/api/championship/series_phases/${id}`
export const teamPath = (id: number) => `/api/championship/classic_teams/${id}`

/** The signed-in user's team in a phase, or a clear error naming the command that makes one. */
export async function myTeamIn(api: Api, phaseId: number): Promise<{ id: number }> {
  const { classic_teams } = await api.get<Answer<'/api/championship/classic_teams'>>(
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

/** A board entry's or a cable top row's name: the team name, else the display name or username, else its id. */
export const entryName = (e: {
  user: { id: number; team_name: string | null; display_name?: string; username?: string }
}) => e.user.team_name || e.user.display_name || e.user.username || `user ${e.user.id}`

/** Comma-joined ids from a flag (`--players 1,2,3`), validated by the option schema. */
export const idList = (text: string) => text.split(',').map((s) => Number(s.trim()))
