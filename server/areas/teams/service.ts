import type { Deps } from '../../core/deps'
import { isUniqueViolation } from '../../db/errors'
import { lockRows, shareRows } from '../../db/lock'
import { type Executor, withTx } from '../../db/tx'
import { tenthsToCredits } from '../../domain/money'
import {
  type TeamPlayer,
  type Violation,
  validateTeam,
  violationSummary,
  violationsByField,
} from '../../domain/team-rules'
import { AppError, invalid, notFound } from '../../http/errors'
import { findMatch, type MatchRow, matchSquad, playerJson, type SquadPlayer } from '../matches'
import { findTeam, parsePlayerIds, teamIdsInContest, teamsOf, type UserTeamRow } from './queries'

/** Up to 4 teams per user per match (DESIGN §5). */
export const MAX_TEAMS_PER_MATCH = 4

export interface TeamInput {
  /** Comma-joined ids ("1,2,3") as the spec sends them, or an array. */
  player_ids: string | number[]
  captain: number
  vice_captain: number
}

export function isMatchLocked(match: Pick<MatchRow, 'status' | 'event_time_ms'>, nowMs: number): boolean {
  return match.status !== 'upcoming' || Number(match.event_time_ms) <= nowMs
}

function parseIds(input: string | number[]): number[] {
  if (Array.isArray(input)) return input
  const parts = input.split(',').map((s) => s.trim())
  if (parts.some((p) => !/^\d+$/.test(p)))
    throw invalid({ player_ids: ['must be a comma-joined list of player ids'] })
  return parts.map(Number)
}

const toPool = (squad: SquadPlayer[]): TeamPlayer[] =>
  squad.map((p) => ({ id: p.id, style: p.style, value_tenths: p.value_tenths, real_team_id: p.real_team_id }))

/** Validates a submission against the match's squad; 422 lists every rule it breaks. */
function checkTeam(match: MatchRow, squad: SquadPlayer[], input: TeamInput) {
  return checkPick(match.sport_slug, toPool(squad), parseIds(input.player_ids), input)
}

/**
 * A pick of players (daily or championship) against its pool under the sport's team rules:
 * 422 lists every rule it breaks, each passed through `reword` first; else the ids sorted and
 * the columns every team row keeps of it (captain, vice-captain, credits used).
 */
export function checkPick(
  sportSlug: string,
  pool: TeamPlayer[],
  ids: number[],
  leaders: { captain: number; vice_captain: number },
  reword = (v: Violation) => v,
) {
  const check = validateTeam(sportSlug, pool, {
    player_ids: ids,
    captain_id: leaders.captain,
    vice_captain_id: leaders.vice_captain,
  })
  if (!check.valid_team) refuseTeam(check.violations.map(reword))
  const saved = {
    captain_id: leaders.captain,
    vice_captain_id: leaders.vice_captain,
    budget_used_tenths: check.budget_used_tenths,
  }
  return { ids: [...ids].sort((a, b) => a - b), saved }
}

/** 422 VALIDATION_FAILED by field, with the stable rule ids too, so scripts can tell exactly which rules failed. */
export function refuseTeam(violations: Violation[]): never {
  const fields = violationsByField(violations) as Record<string, string[]>
  fields.rules = violations.map((v) => v.rule)
  throw new AppError('VALIDATION_FAILED', violationSummary(violations), fields)
}

async function openMatch(deps: Deps, db: Executor, matchId: number): Promise<MatchRow> {
  const match = await findMatch(db, matchId)
  if (!match) throw notFound('Match')
  if (isMatchLocked(match, deps.clock.now()))
    throw new AppError('EVENT_LOCKED', 'Teams are locked once the match starts')
  return match
}

export async function createTeam(
  deps: Deps,
  userId: number,
  matchId: number,
  input: TeamInput,
): Promise<UserTeamRow> {
  const match = await openMatch(deps, deps.db, matchId)
  const { ids, saved } = checkTeam(match, await matchSquad(deps.db, matchId), input)
  try {
    return await withTx(deps, async (tx) => {
      // The user's teams are counted under their lock; the match is held (shared with every
      // other team being saved) so that it cannot start in between.
      await lockRows(tx, 'users', userId)
      await shareRows(tx, 'matches', matchId)
      await openMatch(deps, tx, matchId)
      const existing = await teamsOf(tx, userId, matchId)
      if (existing.length >= MAX_TEAMS_PER_MATCH)
        throw new AppError('TEAM_LIMIT', `You can create at most ${MAX_TEAMS_PER_MATCH} teams for a match`)
      const used = new Set(existing.map((t) => t.team_no))
      const teamNo = [1, 2, 3, 4].find((n) => !used.has(n)) as number
      const now = deps.clock.now()
      return tx
        .insertInto('user_teams')
        .values({
          user_id: userId,
          match_id: matchId,
          team_no: teamNo,
          player_ids: ids.join(','),
          ...saved,
          created_at_ms: now,
          updated_at_ms: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    })
  } catch (error) {
    // Two creations at once both saw a free number: the loser retries once.
    if (isUniqueViolation(error)) return createTeam(deps, userId, matchId, input)
    throw error
  }
}

export async function updateTeam(
  deps: Deps,
  userId: number,
  matchId: number,
  teamId: number,
  input: TeamInput,
): Promise<UserTeamRow> {
  const team = await findTeam(deps.db, teamId)
  if (!team || team.user_id !== userId || team.match_id !== matchId) throw notFound('Team')
  const match = await openMatch(deps, deps.db, matchId)
  const { ids, saved } = checkTeam(match, await matchSquad(deps.db, matchId), input)
  return withTx(deps, async (tx) => {
    await shareRows(tx, 'matches', matchId)
    await openMatch(deps, tx, matchId)
    return tx
      .updateTable('user_teams')
      .set({
        player_ids: ids.join(','),
        ...saved,
        updated_at_ms: deps.clock.now(),
      })
      .where('id', '=', teamId)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}

export interface TeamPoints {
  /** Player id → points in this match (null before scoring starts). */
  playerPoints: Map<number, number>
  /** The team's total ×2, if known. */
  totalX2?: number | null
  rank?: number | null
}

export async function teamJson(
  deps: Deps,
  team: UserTeamRow,
  match: MatchRow,
  viewerId: number,
  squad?: SquadPlayer[],
  points: TeamPoints = { playerPoints: new Map() },
) {
  const players = squad ?? (await matchSquad(deps.db, match.id))
  const byId = new Map(players.map((p) => [p.id, p]))
  const ids = parsePlayerIds(team.player_ids)
  const owner = await deps.db
    .selectFrom('users')
    .select(['slug', 'username', 'team_name'])
    .where('id', '=', team.user_id)
    .executeTakeFirstOrThrow()
  const locked = isMatchLocked(match, deps.clock.now())
  const teamPlayers = ids
    .map((id) => byId.get(id))
    .filter((p): p is SquadPlayer => p !== undefined)
    .map((p) => ({
      ...playerJson(p, { points: points.playerPoints.get(p.id) ?? null }),
      is_captain: p.id === team.captain_id,
      is_vice_captain: p.id === team.vice_captain_id,
      multiplier: p.id === team.captain_id ? 2 : p.id === team.vice_captain_id ? 1.5 : 1,
    }))
  return {
    id: team.id,
    team_no: team.team_no,
    match_id: team.match_id,
    match: { id: match.id, sport_slug: match.sport_slug, match_status: match.status },
    user: owner,
    captain: team.captain_id,
    vice_captain: team.vice_captain_id,
    player_ids: team.player_ids,
    team_players: teamPlayers,
    budget: tenthsToCredits(team.budget_used_tenths),
    credits_left: tenthsToCredits(1000 - team.budget_used_tenths),
    points: points.totalX2 === undefined || points.totalX2 === null ? null : points.totalX2 / 2,
    rank: points.rank ?? null,
    is_current_user_allowed_to_edit: team.user_id === viewerId && !locked,
    last_updated_at_in_millis: Number(team.updated_at_ms),
    created_at_in_millis: Number(team.created_at_ms),
  }
}

export type TeamJson = Awaited<ReturnType<typeof teamJson>>

/** Which of a player's teams joined a contest (for "my teams" with `contest_id`). */
export function joinedTeamIds(deps: Deps, contestId: number, userId: number): Promise<Set<number>> {
  return teamIdsInContest(deps.db, contestId, userId)
}
