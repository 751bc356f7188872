import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { answerFromCache, cachedJson, readKey } from '../../http/answer-cache'
import { notFound } from '../../http/errors'
import { idParam } from '../../http/ids'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { json, orNull } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { rankUsers, seriesScoresX2 } from './scores'

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
      return cachedJson(c, deps, readKey(c), async () => {
        const series = await deps.db.selectFrom('series').select('id').where('id', '=', id).executeTakeFirst()
        if (!series) throw notFound('Series')
        const scores = await seriesScoresX2(deps.db, id, null)
        const ranked = rankUsers([...scores.keys()], scores)
        const slice = ranked.slice(page.offset, page.offset + page.per_page)
        const mine = me === null ? undefined : ranked.find((r) => r.userId === me)
        const wanted = [...new Set([...slice.map((r) => r.userId), ...(mine ? [mine.userId] : [])])]
        const users = wanted.length
          ? await deps.db
              .selectFrom('users as u')
              .leftJoin('avatars as a', 'a.id', 'u.avatar_id')
              .select(['u.id', 'u.team_name', 'u.image_url', 'a.url as avatar_url'])
              .where('u.id', 'in', wanted)
              .execute()
          : []
        const byId = new Map(users.map((u) => [u.id, u]))
        const row = (r: (typeof ranked)[number]) => {
          const u = byId.get(r.userId)
          return {
            id: r.userId,
            total_score: r.scoreX2 / 2,
            rank: r.rank,
            user: {
              id: r.userId,
              team_name: u?.team_name ?? null,
              image: u?.image_url ?? u?.avatar_url ?? null,
            },
          }
        }
        return {
          body: {
            users_points: slice.map(row),
            current_user_point: mine ? row(mine) : null,
            meta: pageMeta(page, ranked.length),
          },
        }
      })
    },
  )

  return app
}
