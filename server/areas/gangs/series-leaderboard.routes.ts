import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { answerFromCache, cachedJson, type Reads, readKey } from '../../http/answer-cache'
import { idParam } from '../../http/ids'
import { PageMetaSchema, pagingQuery, toPage } from '../../http/paging'
import { json, orNull } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { seriesLeaderboard } from './series-leaderboard'

/** What a series leaderboard reads (tests/api/http/cached-reads-tables.test.ts checks it). */
const SERIES_LEADERBOARD_READS: Reads = [
  'avatars',
  'classic_teams',
  'matches',
  'player_match_scores',
  'series',
  'user_teams',
  'users',
]

const UserPointSchema = z
  .object({
    id: z.number().int().openapi({ description: 'The user’s id (one row per user and series)' }),
    total_score: z.number(),
    rank: z.number().int(),
    user: z.object({ id: z.number().int(), team_name: z.string().nullable(), image: z.string().nullable() }),
  })
  .openapi('SeriesUserPoint')

/**
 * The series leaderboard of daily mode (reference §2.8, "Ranking"): each user's Team 1 score
 * summed over the series' completed matches. The same scores rank daily gangs.
 */
export function seriesLeaderboardRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Gangs'])

  route.get(
    '/api/series/{id}/leaderboard',
    {
      summary: 'The series leaderboard (daily mode)',
      description:
        'Users with a Team 1 in a completed match of the series, best first (ranks 1, 2, 2, 4); `total_score` sums each completed match’s Team 1 score (captain ×2, vice-captain ×1.5). `current_user_point` is the caller’s row (null when signed out or not on the board).',
      middleware: [answerFromCache(deps)],
      params: idParam,
      query: pagingQuery(50, 200),
      ok: json(
        z.object({
          users_points: z.array(UserPointSchema),
          current_user_point: orNull(UserPointSchema),
          meta: PageMetaSchema,
        }),
        'The leaderboard',
      ),
      errors: [404, 422],
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const page = toPage(c.req.valid('query'))
      const me = c.get('user')?.id ?? null
      // Stored scores only (completed matches): the answer is a function of the data.
      return cachedJson(c, deps, readKey(c), SERIES_LEADERBOARD_READS, async () => ({
        body: await seriesLeaderboard(deps.db, id, page, me),
      }))
    },
  )

  return app
}
