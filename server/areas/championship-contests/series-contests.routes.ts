import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { answerFromCache, cachedJson, type Reads, readKey } from '../../http/answer-cache'
import { invalid } from '../../http/errors'
import { idField } from '../../http/ids'
import { PageMetaSchema, pageMeta, toPage } from '../../http/paging'
import { errors, json } from '../../http/responses'
import { createRouter } from '../../http/router'
import {
  ContestSchema,
  cachedList,
  contestParam,
  listQuery,
  untilNextMatchStart,
  viewerOf,
} from '../contests'
import { ChampionshipContestSchema } from './routes'
import { seriesChampionshipContests } from './views'

/** What a series' championship contests read (tests/api/http/cached-reads-tables.test.ts checks it). */
const CHAMPIONSHIP_LIST_READS: Reads = [
  'championship_contests',
  'championship_contest_members',
  'classic_teams',
  'matches',
  'series',
  'series_phases',
  'users',
]

const seriesContestsRoute = (deps: Deps) =>
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
          contests: z.union([z.array(ContestSchema), z.array(ChampionshipContestSchema)]),
          meta: PageMetaSchema,
        }),
        'Contests',
      ),
      ...errors(422),
    },
  })

/**
 * A series' contests: its matches' daily contests (from contests), or with `type=championship`
 * its championship contests, so the route lives above both, mounted beside the contest routes.
 */
export function seriesContestRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(seriesContestsRoute(deps), async (c) => {
    const { id } = c.req.valid('param')
    const { phase_id, ...q } = c.req.valid('query')
    if (q.type === 'championship' && q.filter_ids?.length)
      throw invalid({ filter_ids: ['are daily-contest filters; not for type=championship'] })
    if (q.type === 'championship')
      return cachedJson(c, deps, readKey(c), CHAMPIONSHIP_LIST_READS, async () => {
        const page = toPage(q)
        const viewerId = viewerOf(c)?.id ?? null
        const found = await seriesChampionshipContests(deps, id, { ...q, phase_id }, page, viewerId)
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
