import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { answerFromCache } from '../../http/answer-cache'
import { AppError } from '../../http/errors'
import { idField } from '../../http/ids'
import { PageMetaSchema, pagingQuery } from '../../http/paging'
import { errors, json } from '../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../http/router'
import { visibleUser } from '../users'
import { CONTEST_FILTERS } from './filters'
import { contestListPage } from './list-pages'
import type { ContestQuery } from './listing'
import { cachedList, listAnswer, viewerOf } from './route-helpers'
import { ContestSchema, listQuery } from './schemas'

const listRoute = (deps: Deps) =>
  createRoute({
    method: 'get',
    path: '/api/contests',
    tags: ['Contests'],
    middleware: [answerFromCache(deps)],
    summary: 'Contests, filtered and sorted',
    description:
      '`type`: upcoming (open contests of upcoming matches, the default), live, finished, feed (newest first). Sort keys 1 prize, 2 spots, 3 winners, 4 entry fee; `direction=-1` descending.',
    request: {
      query: listQuery.extend({
        type: z.enum(['upcoming', 'live', 'finished', 'feed']).default('upcoming'),
        game_id: idField().optional().openapi({ description: 'A game (sport) id from GET /api/games' }),
        sport_slug: z.string().optional(),
      }),
    },
    responses: { 200: listAnswer, ...errors(422) },
  })

const shortcutRoute = (deps: Deps, path: string, summary: string) =>
  createRoute({
    method: 'get',
    path,
    tags: ['Contests'],
    middleware: [answerFromCache(deps)],
    summary,
    request: { query: listQuery },
    responses: { 200: listAnswer, ...errors(422) },
  })

const SHORTCUTS = [
  ['/api/contests/popular', 'The fullest open contests', { order: 'popular' }],
  ['/api/contests/cricket', 'Open cricket contests', { sport_slug: 'cricket' }],
] as const

const myContestsRoute = createRoute({
  method: 'get',
  path: '/api/my_contests',
  tags: ['Contests'],
  summary: 'Contests I joined: upcoming, live or finished',
  security: bearerSecurity,
  request: {
    query: pagingQuery(30, 100).extend({
      type: z.enum(['upcoming', 'live', 'finished']).default('upcoming'),
    }),
  },
  responses: {
    200: json(z.object({ my_contests: z.array(ContestSchema), meta: PageMetaSchema }), 'My contests'),
    ...errors(401, 422),
  },
})

const userContestsRoute = createRoute({
  method: 'get',
  path: '/api/users/{slug}/contests',
  tags: ['Contests'],
  summary: 'A user’s contest history',
  description:
    '`type` upcoming (only your own), live or finished; `filter` is echoed on every contest. 30 per page by default.',
  request: {
    params: z.object({ slug: z.string() }),
    query: pagingQuery(30, 100).extend({
      type: z.enum(['upcoming', 'live', 'finished']).default('finished'),
      filter: z.string().max(40).optional(),
    }),
  },
  responses: { 200: listAnswer, ...errors(403, 404, 422) },
})

const filtersRoute = createRoute({
  method: 'get',
  path: '/api/contest_filters',
  tags: ['Contests'],
  summary: 'The filters for contest lists',
  responses: {
    200: json(
      z.object({
        contest_filters: z.array(z.object({ id: z.number().int(), group: z.string(), name: z.string() })),
      }),
      'Filters',
    ),
  },
})

/** Contest lists: all open contests and the shortcuts. */
export function contestListRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(listRoute(deps), async (c) => {
    const q = c.req.valid('query')
    const query = { ...q, sort: q.sort as 1 | 2 | 3 | 4, direction: q.direction as 1 | -1 }
    return cachedList(deps, c, query, q, q.type)
  })

  for (const [path, summary, extra] of SHORTCUTS)
    app.openapi(shortcutRoute(deps, path, summary), async (c) => {
      const q = c.req.valid('query')
      const query: ContestQuery = {
        type: 'upcoming',
        ...q,
        ...extra,
        sort: q.sort as 1,
        direction: q.direction as -1,
      }
      return cachedList(deps, c, query, q, path.split('/').at(-1) ?? null)
    })

  return app
}

/** The contests a player joined (mine, or a user's history), and the filters of every list. */
export function joinedContestRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(myContestsRoute, async (c) => {
    const me = currentUser(c)
    const q = c.req.valid('query')
    const query: ContestQuery = {
      type: q.type,
      joined_by: me.id,
      include_private: true,
      order: 'sort',
      sort: 1,
      direction: -1,
    }
    const { body } = await contestListPage(deps, viewerOf(c), query, q, q.type)
    return c.json({ my_contests: body.contests, meta: body.meta }, 200)
  })

  app.openapi(userContestsRoute, async (c) => {
    const q = c.req.valid('query')
    const user = await visibleUser(deps.db, { slug: c.req.valid('param').slug })
    const isMe = c.get('user')?.id === user.id
    // Which contests someone joined for a match not yet started is their business only.
    if (q.type === 'upcoming' && !isMe)
      throw new AppError('FORBIDDEN', 'Only you can see the contests you joined for upcoming matches')
    const query: ContestQuery = {
      type: q.type,
      joined_by: user.id,
      include_private: isMe,
      order: 'sort',
      sort: 1,
      direction: -1,
    }
    return c.json((await contestListPage(deps, viewerOf(c), query, q, q.filter ?? q.type)).body, 200)
  })

  app.openapi(filtersRoute, (c) => c.json({ contest_filters: CONTEST_FILTERS }, 200))

  return app
}
