import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { errors, json } from '../../http/responses'
import { createRouter } from '../../http/router'
import { PointSystemSchema, SportSchema } from './schemas'
import { pointSystemOf, pointSystems, sports } from './service'

const getSportsRoute = createRoute({
  method: 'get',
  path: '/api/sports',
  tags: ['Catalog'],
  summary: 'The sports',
  responses: { 200: json(z.object({ sports: z.array(SportSchema) }), 'Sports') },
})

const getPointSystemsRoute = createRoute({
  method: 'get',
  path: '/api/point_systems',
  tags: ['Catalog'],
  summary: 'Every point system',
  responses: { 200: json(z.object({ point_systems: z.array(PointSystemSchema) }), 'Point systems') },
})

const getPointSystemsBySportRoute = createRoute({
  method: 'get',
  path: '/api/point_systems/{sport}',
  tags: ['Catalog'],
  summary: 'The point system of one sport',
  description: 'PUBG, Free Fire and Call of Duty share the battle-royale system.',
  request: { params: z.object({ sport: z.string() }) },
  responses: { 200: json(z.object({ point_system: PointSystemSchema }), 'Point system'), ...errors(404) },
})

export function catalogRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(getSportsRoute, async (c) => {
    return c.json({ sports: await sports(deps) }, 200)
  })

  app.openapi(getPointSystemsRoute, (c) => c.json({ point_systems: pointSystems() }, 200))

  app.openapi(getPointSystemsBySportRoute, (c) =>
    c.json({ point_system: pointSystemOf(c.req.valid('param').sport) }, 200),
  )

  return app
}
