import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { notFound } from '../../http/errors'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { playerRoutes } from './players.routes'
import { listMatches, seriesIds } from './queries'
import { idParam, MatchSchema, SeriesSchema } from './schemas'
import { matchesJson, seriesJson } from './service'

/** Series, one series, its matches. */
function seriesOnlyRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Matches'])

  route.get(
    '/api/series',
    {
      summary: 'Series (tournaments) with their phases',
      query: z.object({
        sport_slug: z.string().optional(),
        series_status: z.enum(['upcoming', 'live', 'completed']).optional(),
      }),
      ok: json(z.object({ series: z.array(SeriesSchema) }), 'Series'),
      errors: [422],
    },
    async (c) => {
      const ids = await seriesIds(deps.db, c.req.valid('query'))
      return c.json({ series: await seriesJson(deps.db, ids) }, 200)
    },
  )

  route.get(
    '/api/series/{id}',
    {
      summary: 'One series',
      params: idParam,
      ok: json(z.object({ series: SeriesSchema }), 'The series'),
      errors: [404],
    },
    async (c) => {
      const [series] = await seriesJson(deps.db, [c.req.valid('param').id])
      if (!series) throw notFound('Series')
      return c.json({ series }, 200)
    },
  )

  route.get(
    '/api/series/{id}/matches',
    {
      summary: 'The matches of a series',
      params: idParam,
      query: pagingQuery(50, 200),
      ok: json(z.object({ matches: z.array(MatchSchema), meta: PageMetaSchema }), 'Matches'),
      errors: [404],
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const page = toPage(c.req.valid('query'))
      const { rows, total } = await listMatches(deps.db, { series_id: id }, page)
      return c.json(
        { matches: await matchesJson(deps, rows, c.get('user')?.id ?? null), meta: pageMeta(page, total) },
        200,
      )
    },
  )

  return app
}

/** Series and the players outside a match (series first: the order of the API document). */
export function seriesRoutes(deps: Deps) {
  return createRouter().route('/', seriesOnlyRoutes(deps)).route('/', playerRoutes(deps))
}
