import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { answerFromCache, cachedJson, type Reads, readKey } from '../../http/answer-cache'
import { PageMetaSchema } from '../../http/paging'
import { errors, json } from '../../http/responses'
import { createRouter } from '../../http/router'
import { requireMatchExists } from '../matches'
import { contestListPage, matchEntryCountsOf } from './list-pages'
import type { ContestQuery } from './listing'
import { untilNextMatchStart, viewerOf } from './route-helpers'
import { ContestSchema, contestParam, listQuery } from './schemas'

/** What a match's contest list reads, with the viewer's entry counts (not the score) (tests/api/http/cached-reads-tables.test.ts checks it). */
const MATCH_CONTESTS_READS: Reads = [
  'contest_likes',
  'contest_members',
  'contests',
  'data_versions',
  'matches',
  'series',
  'sports',
  'user_teams',
  'users',
]

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

/** The contests of one match (a series' contests: championship-contests/series-contests.routes.ts). */
export function contestScopedListRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(matchContestsRoute(deps), async (c) => {
    const { id } = c.req.valid('param')
    const q = c.req.valid('query')
    return cachedJson(c, deps, readKey(c), MATCH_CONTESTS_READS, async () => {
      await requireMatchExists(deps.db, id)
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

  return app
}
