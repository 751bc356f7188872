import type { Executor } from '../../db/tx'
import { competitionRanks } from '../../domain/prizes'
import { parsePlayerIds } from '../teams'

/**
 * Scores that gangs and the series leaderboard rank by, ×2 (integers, as contests keep them:
 * captain ×2 and vice-captain ×1.5 make totals multiples of 0.5). docs/gangs.md.
 *
 * - Daily (a series): the sum, over the series' completed matches, of each user's Team 1
 *   (team_no 1) score in that match (reference §2.8). Live and abandoned matches do not count.
 * - Championship (a phase): the user's classic team's phase total (`classic_teams.score_x2`).
 */

/** In-lists are cut to this many ids, well under either database's parameter limit. */
const CHUNK = 1000

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK))
  return out
}

/**
 * Series scores ×2 by user: of `userIds` only, or (null) of everyone with a Team 1 in a
 * completed match of the series. A user without such a team is absent (score 0).
 */
export async function seriesScoresX2(
  db: Executor,
  seriesId: number,
  userIds: number[] | null,
): Promise<Map<number, number>> {
  const scores = new Map<number, number>()
  if (userIds !== null && userIds.length === 0) return scores
  const matchIds = (
    await db
      .selectFrom('matches')
      .select('id')
      .where('series_id', '=', seriesId)
      .where('status', '=', 'completed')
      .execute()
  ).map((m) => m.id)
  if (matchIds.length === 0) return scores
  const points = new Map<number, Map<number, number>>()
  for (const part of chunks(matchIds)) {
    const rows = await db
      .selectFrom('player_match_scores')
      .select(['match_id', 'player_id', 'total_score'])
      .where('match_id', 'in', part)
      .execute()
    for (const r of rows) {
      const byPlayer = points.get(r.match_id) ?? new Map<number, number>()
      points.set(r.match_id, byPlayer.set(r.player_id, r.total_score))
    }
  }
  const teamQuery = (matches: number[]) =>
    db
      .selectFrom('user_teams')
      .select(['user_id', 'match_id', 'player_ids', 'captain_id', 'vice_captain_id'])
      .where('team_no', '=', 1)
      .where('match_id', 'in', matches)
  const teams =
    userIds === null
      ? (await Promise.all(chunks(matchIds).map((part) => teamQuery(part).execute()))).flat()
      : (
          await Promise.all(
            chunks(userIds).map((part) => teamQuery(matchIds).where('user_id', 'in', part).execute()),
          )
        ).flat()
  for (const t of teams) {
    const byPlayer = points.get(t.match_id)
    let totalX2 = 0
    if (byPlayer)
      for (const id of parsePlayerIds(t.player_ids)) {
        const weight = id === t.captain_id ? 4 : id === t.vice_captain_id ? 3 : 2
        totalX2 += weight * (byPlayer.get(id) ?? 0)
      }
    scores.set(t.user_id, (scores.get(t.user_id) ?? 0) + totalX2)
  }
  return scores
}

/** Championship scores ×2 by user: each user's classic team total in the phase. */
export async function phaseScoresX2(
  db: Executor,
  phaseId: number,
  userIds: number[],
): Promise<Map<number, number>> {
  const scores = new Map<number, number>()
  for (const part of chunks(userIds)) {
    const rows = await db
      .selectFrom('classic_teams')
      .select(['user_id', 'score_x2'])
      .where('phase_id', '=', phaseId)
      .where('user_id', 'in', part)
      .execute()
    for (const r of rows) scores.set(r.user_id, r.score_x2)
  }
  return scores
}

export interface Ranked {
  userId: number
  scoreX2: number
  rank: number
}

/** Users with their scores (0 when absent), best first, competition ranks (1, 2, 2, 4); ties by user id. */
export function rankUsers(userIds: number[], scores: Map<number, number>): Ranked[] {
  const list = userIds.map((userId) => ({ userId, scoreX2: scores.get(userId) ?? 0 }))
  const ranks = competitionRanks(list.map((u) => u.scoreX2))
  return list
    .map((u, i) => ({ ...u, rank: ranks[i] as number }))
    .sort((a, b) => a.rank - b.rank || a.userId - b.userId)
}

/** The members of a gang who count towards its score. */
export const GANG_SCORE_TOP = 10

/** Gang score ×2: the sum of its best GANG_SCORE_TOP members' scores. */
export function gangScoreX2(ranked: readonly Ranked[]): number {
  return [...ranked]
    .sort((a, b) => b.scoreX2 - a.scoreX2)
    .slice(0, GANG_SCORE_TOP)
    .reduce((sum, m) => sum + m.scoreX2, 0)
}
