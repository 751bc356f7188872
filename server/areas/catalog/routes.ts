import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { PointSystemSchema, SportSchema } from './schemas'
import { pointSystemOf, pointSystems, sports } from './service'

export function catalogRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Catalog'])

  route.get(
    '/api/sports',
    {
      summary: 'The sports',
      ok: json(z.object({ sports: z.array(SportSchema) }), 'Sports'),
    },
    async (c) => {
      return c.json({ sports: await sports(deps) }, 200)
    },
  )

  route.get(
    '/api/point_systems',
    {
      summary: 'Every point system',
      ok: json(z.object({ point_systems: z.array(PointSystemSchema) }), 'Point systems'),
    },
    (c) => c.json({ point_systems: pointSystems() }, 200),
  )

  route.get(
    '/api/point_systems/{sport}',
    {
      summary: 'The point system of one sport',
      description: 'PUBG, Free Fire and Call of Duty share the battle-royale system.',
      params: z.object({ sport: z.string() }),
      ok: json(z.object({ point_system: PointSystemSchema }), 'Point system'),
      errors: [404],
    },
    (c) => c.json({ point_system: pointSystemOf(c.req.valid('param').sport) }, 200),
  )

  return app
}
