import { type Param, prepared } from '../../db/prepared'
import type { Executor } from '../../db/tx'
import { competitionRanks } from '../../domain/prizes'
import { Scoreboard } from '../scoring'
import { idsOf } from './queries'

/**
 * Championship scoring (docs/championship.md "API, scoring and money").
 *
 * Each `classic_team_scores` row is a team as it stood when one match locked; it scores that
 * match like a contest entry: a player's points ×2 in C, ×1.5 in VC, on the match's own point
 * system — the same player points the contests use (`player_match_scores`, written in every
 * scoring transaction), added up by the same `Scoreboard` (the phase is its one "contest",
 * each team an entry). Totals are ×2 integers, as everywhere.
 *
 * Stored: a row's `score_x2` and `players_scores` when its match completes and whenever a
 * correction re-scores it; a team's `score_x2` (the sum of its rows) and `rank` (competition
 * ranking over the phase's locked teams) with them. While a match is live its rows are scored
 * on read from the current player points, so the phase board moves ball by ball on every
 * server process (the points are in the database, not in one process's memory).
 */

const WEIGHT_X2 = { captain: 4, vice: 3, other: 2 }

export interface RowScore {
  rowId: number
  teamId: number
  scoreX2: number
}

type SnapshotRow = {
  id: number
  classic_team_id: number
  phase_id: number
  player_ids: string
  captain_id: number
  vice_captain_id: number
}

/** Every player's points in a match (0 for those without a score row yet). */
export async function matchPoints(db: Executor, matchId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('player_match_scores')
    .select(['player_id', 'total_score'])
    .where('match_id', '=', matchId)
    .execute()
  return new Map(rows.map((r) => [r.player_id, r.total_score]))
}

function snapshotsOf(db: Executor, matchId: number) {
  return db
    .selectFrom('classic_team_scores')
    .select(['id', 'classic_team_id', 'phase_id', 'player_ids', 'captain_id', 'vice_captain_id'])
    .where('match_id', '=', matchId)
    .orderBy('id')
    .execute()
}

/** The match's snapshots on a scoreboard: one entry per team, the phase as its contest. */
function scoreRows(rows: SnapshotRow[], points: Map<number, number>, abandoned: boolean): RowScore[] {
  if (rows.length === 0) return []
  const teamPlayers = rows.map((r) => idsOf(r.player_ids))
  const size = Math.max(...teamPlayers.map((ids) => ids.length))
  // Every row holds the same number of players (the team rules); a short one would be a bug.
  if (teamPlayers.some((ids) => ids.length !== size)) throw new Error('classic team snapshots differ in size')
  const playerIds = [...new Set(teamPlayers.flat())]
  const board = new Scoreboard(
    playerIds,
    size,
    {
      ids: Int32Array.from(rows, (r) => r.id),
      players: Int32Array.from(teamPlayers.flat()),
      captains: Int32Array.from(rows, (r) => r.captain_id),
      vices: Int32Array.from(rows, (r) => r.vice_captain_id),
    },
    {
      memberIds: Int32Array.from(rows, (r) => r.classic_team_id),
      contestIds: Int32Array.from(rows, (r) => r.phase_id),
      teamIds: Int32Array.from(rows, (r) => r.id),
    },
  )
  // An abandoned match awards no points (as in contests).
  if (!abandoned) board.setPoints(playerIds.map((id) => [id, points.get(id) ?? 0] as const))
  const phaseId = (rows[0] as SnapshotRow).phase_id
  return board.standings(phaseId).map((s) => ({ rowId: s.teamId, teamId: s.memberId, scoreX2: s.pointsX2 }))
}

/** A match's rows scored from the current player points (not stored). */
export async function liveRowScores(db: Executor, matchId: number): Promise<RowScore[]> {
  const match = await db.selectFrom('matches').select('status').where('id', '=', matchId).executeTakeFirst()
  return scoreRows(
    await snapshotsOf(db, matchId),
    await matchPoints(db, matchId),
    match?.status === 'abandoned',
  )
}

/**
 * Stores a match's row scores (with each player's share) and the phase's totals and ranks.
 * Run in the transaction that changed the points (a correction) or after the match ended;
 * running it again writes the same values.
 */
export async function storeMatchScores(tx: Executor, matchId: number): Promise<void> {
  const match = await tx
    .selectFrom('matches')
    .select(['status', 'phase_id'])
    .where('id', '=', matchId)
    .executeTakeFirst()
  if (!match || match.phase_id === null) return
  const rows = await snapshotsOf(tx, matchId)
  if (rows.length === 0) return
  const abandoned = match.status === 'abandoned'
  const points = await matchPoints(tx, matchId)
  const names = new Map(
    (
      await tx
        .selectFrom('players')
        .select(['id', 'name'])
        .where('id', 'in', [...new Set(rows.flatMap((r) => idsOf(r.player_ids)))])
        .execute()
    ).map((p) => [p.id, p.name]),
  )
  const byRow = new Map(scoreRows(rows, points, abandoned).map((s) => [s.rowId, s.scoreX2]))
  for (const r of rows) {
    const players = idsOf(r.player_ids).map((id) => {
      const weight =
        id === r.captain_id ? WEIGHT_X2.captain : id === r.vice_captain_id ? WEIGHT_X2.vice : WEIGHT_X2.other
      return { id, name: names.get(id) ?? '', score: abandoned ? 0 : ((points.get(id) ?? 0) * weight) / 2 }
    })
    await tx
      .updateTable('classic_team_scores')
      .set({ score_x2: byRow.get(r.id) ?? 0, players_scores: JSON.stringify(players) })
      .where('id', '=', r.id)
      .execute()
  }
  await rankPhase(tx, match.phase_id)
}

/** Each team's total (the sum of its stored rows) and competition rank among locked teams. */
export async function rankPhase(tx: Executor, phaseId: number): Promise<void> {
  const totals = await tx
    .selectFrom('classic_team_scores')
    .select(['classic_team_id', (eb) => eb.fn.sum<number>('score_x2').as('total')])
    .where('phase_id', '=', phaseId)
    .groupBy('classic_team_id')
    .orderBy('classic_team_id')
    .execute()
  const ranks = competitionRanks(totals.map((t) => Number(t.total)))
  for (const [i, t] of totals.entries())
    await tx
      .updateTable('classic_teams')
      .set({ score_x2: Number(t.total), rank: ranks[i] as number })
      .where('id', '=', t.classic_team_id)
      .execute()
}

export interface TeamStanding {
  teamId: number
  userId: number
  scoreX2: number
  rank: number
  /** The live match's part of the total, while one of the phase's matches is live. */
  live: { matchId: number; scoreX2: number } | null
}

/**
 * The phase's board as of now: stored totals, with each live match's rows scored from the
 * current points in place of their stored values. Locked teams only (a team that has not
 * played has no rank), best first, then by team id.
 */
/** The phase's teams that have played, and its matches being played: compiled once. */
const phaseTeams = prepared((db, $: Param<{ phaseId: number }>) =>
  db
    .selectFrom('classic_teams')
    .select(['id', 'user_id', 'score_x2'])
    .where('phase_id', '=', $('phaseId'))
    .where('first_locked_match_id', 'is not', null)
    .orderBy('id'),
)

const livePhaseMatches = prepared((db, $: Param<{ phaseId: number }>) =>
  db
    .selectFrom('matches')
    .select('id')
    .where('phase_id', '=', $('phaseId'))
    .where('status', '=', 'live')
    .orderBy('event_time_ms'),
)

export async function phaseStandings(db: Executor, phaseId: number): Promise<TeamStanding[]> {
  const [teams, liveMatches] = await Promise.all([
    phaseTeams(db, { phaseId }),
    livePhaseMatches(db, { phaseId }),
  ])
  const total = new Map(teams.map((t) => [t.id, Number(t.score_x2)]))
  const live = new Map<number, { matchId: number; scoreX2: number }>()
  for (const m of liveMatches) {
    const stored = await db
      .selectFrom('classic_team_scores')
      .select(['classic_team_id', 'score_x2'])
      .where('match_id', '=', m.id)
      .execute()
    for (const s of stored)
      total.set(s.classic_team_id, (total.get(s.classic_team_id) ?? 0) - Number(s.score_x2))
    for (const s of await liveRowScores(db, m.id)) {
      total.set(s.teamId, (total.get(s.teamId) ?? 0) + s.scoreX2)
      live.set(s.teamId, { matchId: m.id, scoreX2: s.scoreX2 })
    }
  }
  const ranks = competitionRanks(teams.map((t) => total.get(t.id) ?? 0))
  return teams
    .map((t, i) => ({
      teamId: t.id,
      userId: t.user_id,
      scoreX2: total.get(t.id) ?? 0,
      rank: ranks[i] as number,
      live: live.get(t.id) ?? null,
    }))
    .sort((a, b) => a.rank - b.rank || a.teamId - b.teamId)
}
