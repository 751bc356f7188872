import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import type { Executor } from '../../db/tx'
import { ballToken } from '../../domain/scoring/ball-token'
import type { MatchRow } from './queries'
import { MatchStatusSchema, ScoreSummarySchema } from './schemas'
import { parseScoreSummary } from './serialize'

/** How many of the latest deliveries a score strip shows (a strip shows the last six). */
export const RECENT_BALLS = 12

const RecentBallSchema = z.object({
  seq: z.number().int(),
  innings: z.number().int(),
  over: z.number().int(),
  ball: z.number().int(),
  text: z.string().openapi({ description: "As shown: '4', '6', 'W', '.', '1wd', '5nb', '2lb'" }),
  kind: z.enum(['wicket', 'four', 'six', 'dot', 'run', 'extra']),
})

export const MatchScoreSchema = z
  .object({
    match_id: z.number().int(),
    match_status: MatchStatusSchema,
    result_text: z.string().nullable(),
    event_time_in_millis: z.number().int(),
    lineups_out: z.boolean().openapi({ description: 'A playing XI (or grid) has been announced' }),
    summary: ScoreSummarySchema,
    recent_balls: z
      .array(RecentBallSchema)
      .openapi({ description: 'Cricket: the latest deliveries, oldest first (empty for other sports)' }),
    names: z.array(z.object({ player_id: z.number().int(), name: z.string() })).openapi({
      description: 'Short names of the squad, for the batters, bowler, leader named in the summary',
    }),
  })
  .openapi('MatchScore')

export type MatchScore = z.infer<typeof MatchScoreSchema>

type StoredBall = { seq: number; innings: number; over: number; ball: number } & Parameters<
  typeof ballToken
>[0]

/** The latest deliveries of a match, oldest first: one indexed read of the newest ball events. */
async function recentBalls(db: Executor, matchId: number): Promise<MatchScore['recent_balls']> {
  const rows = await db
    .selectFrom('match_events')
    .select(['seq', 'payload'])
    .where('match_id', '=', matchId)
    .where('type', '=', 'ball')
    .orderBy('seq', 'desc')
    .limit(RECENT_BALLS)
    .execute()
  return rows.reverse().map((row) => {
    const ball = JSON.parse(row.payload) as StoredBall
    return { seq: row.seq, innings: ball.innings, over: ball.over, ball: ball.ball, ...ballToken(ball) }
  })
}

/**
 * A match's score as a strip shows it: state, result, the summary of its scoring family, the
 * latest balls and the squad's short names (whoever the summary or a later push names).
 */
export async function matchScore(deps: Deps, match: MatchRow): Promise<MatchScore> {
  const [balls, squad] = await Promise.all([
    recentBalls(deps.db, match.id),
    deps.db
      .selectFrom('match_players as mp')
      .innerJoin('players as p', 'p.id', 'mp.player_id')
      .select(['p.id', 'p.display_name', 'p.name', 'mp.in_lineup'])
      .where('mp.match_id', '=', match.id)
      .orderBy('p.id')
      .execute(),
  ])
  return {
    match_id: match.id,
    match_status: match.status,
    result_text: match.result_text,
    event_time_in_millis: Number(match.event_time_ms),
    lineups_out: squad.some((p) => p.in_lineup !== null && Number(p.in_lineup) === 1),
    summary: parseScoreSummary(match.score_summary),
    recent_balls: balls,
    names: squad.map((p) => ({ player_id: p.id, name: p.display_name || p.name })),
  }
}
