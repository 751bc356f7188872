import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { POINT_SYSTEMS, pointSystemKeyFor } from '../../domain/scoring/point-systems'
import { notFound } from '../../http/errors'
import { errors, json } from '../../http/responses'
import { createRouter } from '../../http/router'

const PointValue = z.union([z.number(), z.string(), z.null()])
const PointSystemSchema = z
  .object({
    sport: z.string(),
    name: z.string(),
    formats: z.array(z.string()),
    multipliers: z.object({ captain: z.number(), vice_captain: z.number() }),
    sections: z.array(
      z.object({
        title: z.string(),
        rules: z.array(
          z.object({ id: z.string(), label: z.string(), points: z.record(z.string(), PointValue) }),
        ),
      }),
    ),
    notes: z.array(z.string()),
  })
  .openapi('PointSystem')

const SportSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    kind: z.enum(['team', 'racing', 'battle_royale']),
    team_size: z.number().int(),
    point_system: z.string(),
  })
  .openapi('Sport')

export function catalogRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/sports',
      tags: ['Catalog'],
      summary: 'The sports',
      responses: { 200: json(z.object({ sports: z.array(SportSchema) }), 'Sports') },
    }),
    async (c) => {
      const rows = await deps.db.selectFrom('sports').selectAll().orderBy('sort').execute()
      const sports = rows.map(({ sort: _sort, ...s }) => ({ ...s, point_system: pointSystemKeyFor(s.slug) }))
      return c.json({ sports }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/point_systems',
      tags: ['Catalog'],
      summary: 'Every point system',
      responses: { 200: json(z.object({ point_systems: z.array(PointSystemSchema) }), 'Point systems') },
    }),
    (c) => c.json({ point_systems: Object.values(POINT_SYSTEMS) }, 200),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/point_systems/{sport}',
      tags: ['Catalog'],
      summary: 'The point system of one sport',
      description: 'PUBG, Free Fire and Call of Duty share the battle-royale system.',
      request: { params: z.object({ sport: z.string() }) },
      responses: { 200: json(z.object({ point_system: PointSystemSchema }), 'Point system'), ...errors(404) },
    }),
    (c) => {
      const system = POINT_SYSTEMS[pointSystemKeyFor(c.req.valid('param').sport)]
      if (!system) throw notFound('Point system')
      return c.json({ point_system: system }, 200)
    },
  )

  return app
}
