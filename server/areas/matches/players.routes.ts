import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { PageMetaSchema, pagingQuery, toPage } from '../../http/paging'
import { errors, json } from '../../http/responses'
import { createRouter } from '../../http/router'
import { playerDetail, searchPlayers, seriesPlayers } from './players'
import { idParam, PlayerSchema } from './schemas'

const playersPage = json(z.object({ players: z.array(PlayerSchema), meta: PageMetaSchema }), 'Players')

const seriesPlayersRoute = createRoute({
  method: 'get',
  path: '/api/series/{id}/players',
  tags: ['Matches'],
  summary: 'Every player of the sides in a series (per_page up to 200)',
  request: { params: idParam, query: pagingQuery(200, 200) },
  responses: { 200: playersPage, ...errors(404) },
})

const searchRoute = createRoute({
  method: 'get',
  path: '/api/players',
  tags: ['Matches'],
  summary: 'Search players by name',
  request: {
    query: pagingQuery(20, 100).extend({
      q: z.string().trim().min(2),
      sport_slug: z.string().optional(),
    }),
  },
  responses: { 200: playersPage, ...errors(422) },
})

const playerRoute = createRoute({
  method: 'get',
  path: '/api/players/{id}',
  tags: ['Matches'],
  summary: 'One player, with their points in recent matches',
  request: { params: idParam },
  responses: {
    200: json(
      z.object({
        player: PlayerSchema.extend({
          sport_slug: z.string(),
          recent_scores: z.array(
            z.object({
              match_id: z.number().int(),
              title: z.string(),
              event_time_in_millis: z.number().int(),
              total_score: z.number().int(),
            }),
          ),
        }),
      }),
      'The player',
    ),
    ...errors(404),
  },
})

/** Players outside a match: of a series, by name, one (a phase's: championship/phase-players.routes.ts). */
export function playerRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(seriesPlayersRoute, async (c) =>
    c.json(await seriesPlayers(deps, c.req.valid('param').id, toPage(c.req.valid('query'))), 200),
  )

  app.openapi(searchRoute, async (c) => {
    const q = c.req.valid('query')
    return c.json(await searchPlayers(deps, { text: q.q, sport_slug: q.sport_slug }, toPage(q)), 200)
  })

  app.openapi(playerRoute, async (c) =>
    c.json({ player: await playerDetail(deps, c.req.valid('param').id) }, 200),
  )

  return app
}
