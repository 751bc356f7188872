import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { notFound } from '../../http/errors'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { errors, json } from '../../http/responses'
import { createRouter } from '../../http/router'
import { playerRoutes } from './players.routes'
import { listMatches, seriesIds } from './queries'
import { idParam, MatchSchema, SeriesSchema } from './schemas'
import { matchesJson, seriesJson } from './service'

const getSeriesRoute = createRoute({
  method: 'get',
  path: '/api/series',
  tags: ['Matches'],
  summary: 'Series (tournaments) with their phases',
  request: {
    query: z.object({
      sport_slug: z.string().optional(),
      series_status: z.enum(['upcoming', 'live', 'completed']).optional(),
    }),
  },
  responses: { 200: json(z.object({ series: z.array(SeriesSchema) }), 'Series'), ...errors(422) },
})

const getSeriesByIdRoute = createRoute({
  method: 'get',
  path: '/api/series/{id}',
  tags: ['Matches'],
  summary: 'One series',
  request: { params: idParam },
  responses: { 200: json(z.object({ series: SeriesSchema }), 'The series'), ...errors(404) },
})

const getSeriesByIdMatchesRoute = createRoute({
  method: 'get',
  path: '/api/series/{id}/matches',
  tags: ['Matches'],
  summary: 'The matches of a series',
  request: { params: idParam, query: pagingQuery(50, 200) },
  responses: {
    200: json(z.object({ matches: z.array(MatchSchema), meta: PageMetaSchema }), 'Matches'),
    ...errors(404),
  },
})

/** Series, one series, its matches. */
function seriesOnlyRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(getSeriesRoute, async (c) => {
    const ids = await seriesIds(deps.db, c.req.valid('query'))
    return c.json({ series: await seriesJson(deps.db, ids) }, 200)
  })

  app.openapi(getSeriesByIdRoute, async (c) => {
    const [series] = await seriesJson(deps.db, [c.req.valid('param').id])
    if (!series) throw notFound('Series')
    return c.json({ series }, 200)
  })

  app.openapi(getSeriesByIdMatchesRoute, async (c) => {
    const { id } = c.req.valid('param')
    const page = toPage(c.req.valid('query'))
    const { rows, total } = await listMatches(deps.db, { series_id: id }, page)
    return c.json(
      { matches: await matchesJson(deps, rows, c.get('user')?.id ?? null), meta: pageMeta(page, total) },
      200,
    )
  })

  return app
}

/** Series and the players outside a match (series first: the order of the API document). */
export function seriesRoutes(deps: Deps) {
  return createRouter().route('/', seriesOnlyRoutes(deps)).route('/', playerRoutes(deps))
}
