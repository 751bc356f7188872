import type { Kysely } from 'kysely'
import { type Param, prepared, preparedFirst } from '../../db/prepared'
import { rowWhere } from '../../db/query'
import type { Database } from '../../db/schema'
import type { Executor } from '../../db/tx'
import type { LockedState } from '../../domain/championship/transfers'
import type { TeamPlayer } from '../../domain/team-rules'
import { VALUED_PLAYER_FIELDS } from '../matches'

/** Phases with their series' sport (the team rules) and names. */
export function phaseBase(db: Executor | Kysely<Database>) {
  return db
    .selectFrom('series_phases as ph')
    .innerJoin('series as se', 'se.id', 'ph.series_id')
    .innerJoin('sports as s', 's.id', 'se.sport_id')
    .selectAll('ph')
    .select([
      'se.name as series_name',
      'se.short_name as series_short_name',
      's.slug as sport_slug',
      's.team_size as team_size',
    ])
}

const phaseById = preparedFirst((db, $: Param<{ phaseId: number }>) =>
  phaseBase(db).where('ph.id', '=', $('phaseId')),
)

/** One phase (compiled once: every phase read starts here). */
export function findPhase(db: Executor, phaseId: number) {
  return phaseById(db, { phaseId })
}

export type PhaseRow = NonNullable<Awaited<ReturnType<typeof findPhase>>>

/** The phase's matches, first to start first. */
export function phaseMatches(db: Executor, phaseId: number) {
  return matchesOfPhases(db, [phaseId])
}

/** The matches of several phases (one query), first to start first. */
export function matchesOfPhases(db: Executor, phaseIds: number[]) {
  return db
    .selectFrom('matches')
    .select([
      'phase_id',
      'id',
      'title',
      'match_no',
      'match_stage',
      'status',
      'event_time_ms',
      'team1_id',
      'team2_id',
      'locked_at_ms',
    ])
    .where('phase_id', 'in', phaseIds.length > 0 ? phaseIds : [0])
    .orderBy('event_time_ms')
    .orderBy('id')
    .execute()
}

export type PhaseMatch = Awaited<ReturnType<typeof phaseMatches>>[number]

/** A match has started once it left `upcoming` or its start time passed. */
export const hasStarted = (m: Pick<PhaseMatch, 'status' | 'event_time_ms'>, nowMs: number) =>
  m.status !== 'upcoming' || Number(m.event_time_ms) <= nowMs

/**
 * Every player of the phase: the squads of its matches, at the player's latest value. A
 * classic team is built from this pool and checked against the 100-credit budget with it.
 */
export function phasePlayers(db: Executor, phaseId: number) {
  const squads = db
    .selectFrom('match_players as mp')
    .innerJoin('matches as m', 'm.id', 'mp.match_id')
    .select('mp.player_id')
    .where('m.phase_id', '=', phaseId)
  return db
    .selectFrom('players as p')
    .innerJoin('real_teams as t', 't.id', 'p.real_team_id')
    .select(VALUED_PLAYER_FIELDS)
    .where('p.id', 'in', squads)
    .orderBy('p.value_tenths', 'desc')
    .orderBy('p.id')
    .execute()
}

export type PhasePlayer = Awaited<ReturnType<typeof phasePlayers>>[number]

export const asPool = (players: PhasePlayer[]): TeamPlayer[] =>
  players.map((p) => ({
    id: p.id,
    style: p.style,
    value_tenths: p.value_tenths,
    real_team_id: p.real_team_id,
  }))

export function findClassicTeam(db: Executor, id: number) {
  return db.selectFrom('classic_teams').selectAll().where('id', '=', id).executeTakeFirst()
}

export type ClassicTeamRow = NonNullable<Awaited<ReturnType<typeof findClassicTeam>>>

/** Player ids as stored (a JSON array). */
export function idsOf(json: string): number[] {
  const parsed = JSON.parse(json) as unknown
  return Array.isArray(parsed) ? parsed.map(Number) : []
}

/** Every match row of a team (its snapshots), in the order the matches locked. */
export function scoreRowsOf(db: Executor, teamId: number) {
  return db
    .selectFrom('classic_team_scores as cs')
    .innerJoin('matches as m', 'm.id', 'cs.match_id')
    .selectAll('cs')
    .select(['m.event_time_ms', 'm.status as match_status'])
    .where('cs.classic_team_id', '=', teamId)
    .orderBy('m.event_time_ms')
    .orderBy('cs.id')
    .execute()
}

export type ScoreRow = Awaited<ReturnType<typeof scoreRowsOf>>[number]

/** The team's score rows (one a locked match), its last lock first. */
export function scoresLatestFirst(db: Executor, teamId: number) {
  return db
    .selectFrom('classic_team_scores as cs')
    .innerJoin('matches as m', 'm.id', 'cs.match_id')
    .where('cs.classic_team_id', '=', teamId)
    .orderBy('m.event_time_ms', 'desc')
    .orderBy('cs.id', 'desc')
}

/** The team as it stood at its last lock (null before its first): what transfers count from. */
export async function lockedStateOf(db: Executor, teamId: number): Promise<LockedState | null> {
  const last = await scoresLatestFirst(db, teamId)
    .select(['cs.player_ids', 'cs.free_left'])
    .executeTakeFirst()
  return last ? { player_ids: idsOf(last.player_ids), free_left: last.free_left } : null
}

/** Free and paid substitutions each team has used over its scored matches. */
const subsOf = prepared((db, $: Param<{ teamIds: number[] }>) =>
  db
    .selectFrom('classic_team_scores')
    .select([
      'classic_team_id',
      (eb) => eb.fn.sum<number>('free_sub_used').as('free'),
      (eb) => eb.fn.sum<number>('paid_sub_used').as('paid'),
    ])
    .where('classic_team_id', 'in', $.list('teamIds'))
    .groupBy('classic_team_id'),
)

export async function subsUsed(db: Executor, teamIds: number[]) {
  if (teamIds.length === 0) return new Map<number, { free: number; paid: number }>()
  const rows = await subsOf(db, { teamIds })
  return new Map(
    rows.map((r) => [r.classic_team_id, { free: Number(r.free ?? 0), paid: Number(r.paid ?? 0) }]),
  )
}

/** The player's classic team of a phase (one at most). */
export async function classicTeamIdOf(db: Executor, userId: number, phaseId: number): Promise<number | null> {
  const row = await rowWhere(db, 'classic_teams', { user_id: userId, phase_id: phaseId })
  return row?.id ?? null
}

/** A player's classic teams, of one phase or of all, oldest first. */
export function classicTeamsOf(db: Executor, userId: number, phaseId?: number) {
  let q = db.selectFrom('classic_teams').selectAll().where('user_id', '=', userId)
  if (phaseId !== undefined) q = q.where('phase_id', '=', phaseId)
  return q.orderBy('id').execute()
}

/** The phases of a series, or of every series, soonest first. */
export function phasesOf(db: Executor, seriesId?: number) {
  let q = phaseBase(db)
  if (seriesId !== undefined) q = q.where('ph.series_id', '=', seriesId)
  return q.orderBy('ph.starts_at_ms').orderBy('ph.phase_no').orderBy('ph.id').execute()
}
