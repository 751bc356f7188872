import type { Executor } from '../../db/tx'
import { idsOf } from './queries'
import { liveRowScores, matchPoints } from './scoring'

type RowFilter = { classicTeamId: number } | { rowId: number }

/**
 * Match rows (snapshots) as the history, results and score-row calls show them. A row of a
 * live match is scored from the current points; others show what was stored.
 */
// Long: one query and the mapping of its rows, a live row scored from the current points.
export async function scoreRowsJson(db: Executor, filter: RowFilter) {
  let q = db
    .selectFrom('classic_team_scores as cs')
    .innerJoin('matches as m', 'm.id', 'cs.match_id')
    .selectAll('cs')
    .select([
      'm.match_no',
      'm.match_stage',
      'm.title',
      'm.status as match_status',
      'm.team1_id',
      'm.team2_id',
      'm.event_time_ms',
    ])
  q =
    'rowId' in filter
      ? q.where('cs.id', '=', filter.rowId)
      : q.where('cs.classic_team_id', '=', filter.classicTeamId)
  const rows = await q.orderBy('m.event_time_ms').orderBy('cs.id').execute()
  if (rows.length === 0) return []
  const playerIds = [
    ...new Set(rows.flatMap((r) => [...idsOf(r.player_in), ...idsOf(r.player_out), ...idsOf(r.player_ids)])),
  ]
  const names = new Map(
    (await db.selectFrom('players').select(['id', 'name']).where('id', 'in', playerIds).execute()).map(
      (p) => [p.id, p.name],
    ),
  )
  const teamIds = [
    ...new Set(rows.flatMap((r) => [r.team1_id, r.team2_id]).filter((id): id is number => id !== null)),
  ]
  const sides = new Map(
    teamIds.length === 0
      ? []
      : (
          await db
            .selectFrom('real_teams')
            .select(['id', 'name', 'name_attr', 'team_color'])
            .where('id', 'in', teamIds)
            .execute()
        ).map((t) => [t.id, t]),
  )
  const live = new Map<number, { scores: Map<number, number>; points: Map<number, number> }>()
  for (const matchId of new Set(rows.filter((r) => r.match_status === 'live').map((r) => r.match_id))) {
    const scores = new Map((await liveRowScores(db, matchId)).map((s) => [s.rowId, s.scoreX2]))
    live.set(matchId, { scores, points: await matchPoints(db, matchId) })
  }
  const named = (ids: number[]) => ids.map((id) => ({ id, name: names.get(id) ?? '' }))
  return rows.map((r) => {
    const now = live.get(r.match_id)
    const scoreX2 = now ? (now.scores.get(r.id) ?? 0) : Number(r.score_x2)
    const playersScores = now
      ? idsOf(r.player_ids).map((id) => {
          const weight = id === r.captain_id ? 2 : id === r.vice_captain_id ? 1.5 : 1
          return { id, name: names.get(id) ?? '', score: (now.points.get(id) ?? 0) * weight }
        })
      : (JSON.parse(r.players_scores) as Array<{ id: number; name: string; score: number }>)
    return {
      id: r.id,
      classic_team_id: r.classic_team_id,
      series_phase_id: r.phase_id,
      score: scoreX2 / 2,
      captain: { id: r.captain_id },
      vice_captain: { id: r.vice_captain_id },
      team_player_ids: idsOf(r.player_ids),
      players_scores: playersScores,
      free_sub_used: r.free_sub_used,
      paid_sub_used: r.paid_sub_used,
      paid_charged: Number(r.paid_charged_paise) / 100,
      free_left: r.free_left,
      player_in: named(idsOf(r.player_in)),
      player_out: named(idsOf(r.player_out)),
      match: {
        id: r.match_id,
        match_no: r.match_no,
        match_stage: r.match_stage,
        title: r.title,
        status: r.match_status,
        event_time_in_millis: Number(r.event_time_ms),
        team1: r.team1_id === null ? null : (sides.get(r.team1_id) ?? null),
        team2: r.team2_id === null ? null : (sides.get(r.team2_id) ?? null),
      },
    }
  })
}

export type ScoreRowJson = Awaited<ReturnType<typeof scoreRowsJson>>[number]
