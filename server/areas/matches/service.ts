import { sql } from 'kysely'
import type { Deps } from '../../core/deps'
import { type Param, prepared } from '../../db/prepared'
import type { Executor } from '../../db/tx'
import type { StatValue } from '../../domain/scoring/types'
import { notFound } from '../../http/errors'
import { findMatch, type MatchRow, matchEventCount, matchSquad, sidesOf } from './queries'
import { matchJson, parseScoreSummary } from './serialize'

export async function requireMatch(db: Executor, id: number): Promise<MatchRow> {
  const match = await findMatch(db, id)
  if (!match) throw notFound('Match')
  return match
}

/** Per match of a page: its contests, and the viewer's teams and joined contests (compiled once). */
const contestCounts = prepared((db, $: Param<{ ids: number[] }>) =>
  db
    .selectFrom('contests')
    .select(['match_id', sql<number>`count(*)`.as('n')])
    .where('match_id', 'in', $.list('ids'))
    .groupBy('match_id'),
)

const teamCounts = prepared((db, $: Param<{ ids: number[]; userId: number }>) =>
  db
    .selectFrom('user_teams')
    .select(['match_id', sql<number>`count(*)`.as('n')])
    .where('user_id', '=', $('userId'))
    .where('match_id', 'in', $.list('ids'))
    .groupBy('match_id'),
)

const joinedCounts = prepared((db, $: Param<{ ids: number[]; userId: number }>) =>
  db
    .selectFrom('contest_members as cm')
    .innerJoin('contests as c', 'c.id', 'cm.contest_id')
    .select(['c.match_id', sql<number>`count(distinct c.id)`.as('n')])
    .where('cm.user_id', '=', $('userId'))
    .where('c.match_id', 'in', $.list('ids'))
    .groupBy('c.match_id'),
)

/**
 * 404 unless the match exists: for reads that need no more of it. Reads the id alone, so a
 * cached answer built on it does not depend on the match's score (http/answer-cache.ts).
 */
export async function requireMatchExists(db: Executor, id: number): Promise<void> {
  const found = await db.selectFrom('matches').select('id').where('id', '=', id).executeTakeFirst()
  if (!found) throw notFound('Match')
}

/** Matches as JSON, with contest counts and, for a signed-in viewer, their teams and joined contests. */
export async function matchesJson(deps: Deps, rows: MatchRow[], viewerId: number | null) {
  const ids = rows.map((m) => m.id)
  const counts = new Map<number, { contests: number; teams: number; joined: number }>()
  const countOf = (matchId: number) => {
    const entry = counts.get(matchId) ?? { contests: 0, teams: 0, joined: 0 }
    counts.set(matchId, entry)
    return entry
  }
  const none: Array<{ match_id: number; n: number }> = []
  const signedIn = ids.length > 0 && viewerId !== null
  const [sides, contests, teams, joined] = await Promise.all([
    sidesOf(deps.db, ids),
    ids.length > 0 ? contestCounts(deps.db, { ids }) : none,
    signedIn ? teamCounts(deps.db, { ids, userId: viewerId }) : none,
    signedIn ? joinedCounts(deps.db, { ids, userId: viewerId }) : none,
  ])
  for (const c of contests) countOf(c.match_id).contests = Number(c.n)
  for (const t of teams) countOf(t.match_id).teams = Number(t.n)
  for (const j of joined) countOf(j.match_id).joined = Number(j.n)
  const now = deps.clock.now()
  return rows.map((m) => {
    const c = counts.get(m.id) ?? { contests: 0, teams: 0, joined: 0 }
    return {
      ...matchJson(m, sides.get(m.id) ?? [], now),
      contests_count: c.contests,
      ...(viewerId !== null ? { my_teams_count: c.teams, joined_contests_count: c.joined } : {}),
    }
  })
}

export async function seriesJson(db: Executor, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('series as se')
    .innerJoin('sports as s', 's.id', 'se.sport_id')
    .selectAll('se')
    .select('s.slug as sport_slug')
    .where('se.id', 'in', ids)
    .orderBy('se.starts_at_ms')
    .orderBy('se.id')
    .execute()
  const phases = await db
    .selectFrom('series_phases')
    .selectAll()
    .where('series_id', 'in', ids)
    .orderBy('phase_no')
    .execute()
  return rows.map((se) => ({
    id: se.id,
    name: se.name,
    short_name: se.short_name,
    sport_slug: se.sport_slug,
    format: se.format,
    sim_profile: se.sim_profile,
    series_status: se.status,
    starts_at_in_millis: Number(se.starts_at_ms),
    ends_at_in_millis: Number(se.ends_at_ms),
    phases: phases
      .filter((p) => p.series_id === se.id)
      .map((p) => ({
        id: p.id,
        name: p.name,
        phase_no: p.phase_no,
        starts_at_in_millis: Number(p.starts_at_ms),
        ends_at_in_millis: Number(p.ends_at_ms),
      })),
  }))
}

export async function playerScores(deps: Deps, matchId: number) {
  const rows = await deps.db
    .selectFrom('player_match_scores')
    .selectAll()
    .where('match_id', '=', matchId)
    .orderBy('total_score', 'desc')
    .orderBy('player_id')
    .execute()
  return rows.map((r) => ({
    player_id: r.player_id,
    total_score: r.total_score,
    stats: JSON.parse(r.stats) as Record<string, StatValue>,
    breakdown: JSON.parse(r.breakdown) as Array<{ rule: string; label: string; points: number }>,
  }))
}

export async function pointsOf(deps: Deps, matchId: number): Promise<Map<number, number>> {
  const rows = await deps.db
    .selectFrom('player_match_scores')
    .select(['player_id', 'total_score'])
    .where('match_id', '=', matchId)
    .execute()
  return new Map(rows.map((r) => [r.player_id, r.total_score]))
}

/** The live score and every squad player's points and stats (zero for a player without a score yet). */
export async function matchStatistics(deps: Deps, match: MatchRow) {
  const squad = await matchSquad(deps.db, match.id)
  const scores = new Map((await playerScores(deps, match.id)).map((s) => [s.player_id, s]))
  return {
    match_status: match.status,
    summary: parseScoreSummary(match.score_summary),
    events_count: await matchEventCount(deps.db, match.id),
    player_scores: squad.map((p) => ({
      ...(scores.get(p.id) ?? { player_id: p.id, total_score: 0, stats: {}, breakdown: [] }),
      name: p.name,
      team_id: p.real_team_id,
      style: p.style,
    })),
  }
}
