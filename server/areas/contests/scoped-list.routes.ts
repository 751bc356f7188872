import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { answerFromCache, cachedJson, readKey } from '../../http/answer-cache'
import { invalid } from '../../http/errors'
import { idField } from '../../http/ids'
import { type Page, PageMetaSchema, pageMeta, toPage } from '../../http/paging'
import { errors, json } from '../../http/responses'
import { createRouter } from '../../http/router'
import { requireMatch } from '../matches'
import { contestListPage, matchEntryCountsOf } from './list-pages'
import type { ContestQuery } from './listing'
import { cachedList, untilNextMatchStart, viewerOf } from './route-helpers'
import { ContestSchema, contestParam, listQuery } from './schemas'

const matchContestsRoute = (deps: Deps) =>
  createRoute({
    method: 'get',
    path: '/api/matches/{id}/contests',
    tags: ['Contests'],
    middleware: [answerFromCache(deps)],
    summary: 'The contests of a match',
    description: 'With the caller’s team count and how many of these contests they joined.',
    request: { params: contestParam, query: listQuery },
    responses: {
      200: json(
        z.object({
          contests: z.array(ContestSchema),
          meta: PageMetaSchema,
          teams_count: z.number().int(),
          joined_contests_count: z.number().int(),
        }),
        'Contests',
      ),
      ...errors(404, 422),
    },
  })

const seriesContestsRoute = (deps: Deps, championship: SeriesChampionshipPort) =>
  createRoute({
    method: 'get',
    path: '/api/series/{id}/contests',
    tags: ['Contests'],
    middleware: [answerFromCache(deps)],
    summary: 'Open contests of a series’ upcoming matches, or its championship contests',
    description:
      '`type=championship`: the paid leagues on the series’ phases (docs/championship.md), every status, by phase then `sort`; `phase_id` narrows to one phase. The other types: daily contests of the series’ matches.',
    request: {
      params: contestParam,
      query: listQuery.extend({
        type: z.enum(['upcoming', 'live', 'finished', 'feed', 'championship']).default('upcoming'),
        phase_id: idField().optional().openapi({ description: 'type=championship only' }),
      }),
    },
    responses: {
      200: json(
        z.object({
          contests: z.union([z.array(ContestSchema), z.array(championship.schema)]),
          meta: PageMetaSchema,
        }),
        'Contests',
      ),
      ...errors(422),
    },
  })

/**
 * The championship contests of a series (`type=championship`): they live in championship-contests,
 * an area above this one, which the app hands in when it mounts these routes.
 */
export interface SeriesChampionshipPort {
  schema: z.ZodTypeAny
  list(
    deps: Deps,
    seriesId: number,
    q: { sort: number; direction: number; phase_id?: number },
    page: Page,
    viewerId: number | null,
  ): Promise<{ contests: z.infer<z.ZodTypeAny>[]; total: number }>
}

/** The contests of one match, and of one series (daily contests or its championship contests). */
export function contestScopedListRoutes(deps: Deps, championship: SeriesChampionshipPort) {
  const app = createRouter()

  app.openapi(matchContestsRoute(deps), async (c) => {
    const { id } = c.req.valid('param')
    const q = c.req.valid('query')
    return cachedJson(c, deps, readKey(c), async () => {
      await requireMatch(deps.db, id)
      const query: ContestQuery = {
        type: 'feed',
        order: 'sort',
        match_id: id,
        ...q,
        sort: q.sort as 1,
        direction: q.direction as -1,
      }
      const viewer = viewerOf(c)
      const { body, rows } = await contestListPage(deps, viewer, query, q, `match:${id}`)
      return {
        body: { ...body, ...(await matchEntryCountsOf(deps, viewer, id)) },
        untilMs: await untilNextMatchStart(deps),
        store: !rows.some((r) => r.match_status === 'live'),
      }
    })
  })

  app.openapi(seriesContestsRoute(deps, championship), async (c) => {
    const { id } = c.req.valid('param')
    const { phase_id, ...q } = c.req.valid('query')
    if (q.type === 'championship' && q.filter_ids?.length)
      throw invalid({ filter_ids: ['are daily-contest filters; not for type=championship'] })
    if (q.type === 'championship')
      return cachedJson(c, deps, readKey(c), async () => {
        const page = toPage(q)
        const viewerId = viewerOf(c)?.id ?? null
        const found = await championship.list(deps, id, { ...q, phase_id }, page, viewerId)
        return {
          body: { contests: found.contests, meta: pageMeta(page, found.total) },
          // Joinable flips when a phase's first match starts.
          untilMs: await untilNextMatchStart(deps),
        }
      })
    if (phase_id !== undefined) throw invalid({ phase_id: ['is only for type=championship'] })
    const query = { ...q, type: q.type, series_id: id, sort: q.sort as 1, direction: q.direction as -1 }
    return cachedList(deps, c, query, q, `series:${id}`)
  })

  return app
}
