import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { notFound } from '../../http/errors'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { json, orNull } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { boardPage, findBoard, listBoards } from './leaderboards'

const BoardSchema = z
  .object({
    id: z.string().openapi({ example: 'weekly', description: '`weekly`, `all-time` or `series-{id}`' }),
    kind: z.enum(['weekly', 'all_time', 'series']),
    name: z.string(),
    series_id: z.number().int().nullable(),
    starts_at_in_millis: z.number().int().nullable(),
  })
  .openapi('Leaderboard')

const RowSchema = z
  .object({
    rank: z.number().int(),
    score: z.number(),
    user: z.object({
      id: z.number().int(),
      slug: z.string(),
      username: z.string(),
      display_name: z.string(),
      team_name: z.string().nullable(),
      image: z.string().nullable(),
    }),
  })
  .openapi('LeaderboardRow')

export function leaderboardRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Leaderboards'])

  route.get(
    '/api/leaderboards',
    {
      summary: 'Every leaderboard',
      description: 'This week’s and the all-time XP boards, then a board per series with a completed match.',
      ok: json(z.object({ leaderboards: z.array(BoardSchema) }), 'The boards'),
    },
    async (c) => c.json({ leaderboards: await listBoards(deps) }, 200),
  )

  route.get(
    '/api/leaderboards/{id}',
    {
      summary: 'One leaderboard, paged',
      description:
        'Best first, competition ranks (1, 2, 2, 4). Signed in, `current_user_row` is always the caller’s row, however far down (score 0 and ranked after every scorer when not on the board).',
      params: z.object({ id: z.string().min(1).max(40) }),
      query: pagingQuery(50, 200),
      ok: json(
        z.object({
          leaderboard: BoardSchema,
          rows: z.array(RowSchema),
          current_user_row: orNull(RowSchema),
          meta: PageMetaSchema,
        }),
        'The board',
      ),
      errors: [404, 422],
    },
    async (c) => {
      const board = await findBoard(deps, c.req.valid('param').id)
      if (!board) throw notFound('Leaderboard')
      const page = toPage(c.req.valid('query'))
      const { rows, current_user_row, total } = await boardPage(deps, board, page, c.get('user')?.id ?? null)
      return c.json({ leaderboard: board, rows, current_user_row, meta: pageMeta(page, total) }, 200)
    },
  )

  return app
}
