import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { invalid } from '../../http/errors'
import { instantField, MAX_INSTANT_MS } from '../../http/instants'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { MAX_CLOCK_SPEED } from '../../lib/clock'
import { changeClock } from './service'

const ClockStateSchema = z
  .object({
    now_in_millis: z.number().int(),
    now: z.string().openapi({ description: 'ISO 8601' }),
    speed: z.number(),
    paused: z.boolean(),
  })
  .openapi('ClockState')

const HealthSchema = z
  .object({
    ok: z.literal(true),
    now_in_millis: z.number().int().openapi({ description: 'The game clock, ms since the epoch' }),
    speed: z.number().openapi({ description: 'Game ms per real ms' }),
    paused: z.boolean(),
  })
  .openapi('Health')

const ClockChangeRequest = z
  .strictObject({
    speed: z
      .number()
      .positive()
      .max(MAX_CLOCK_SPEED)
      .optional()
      .openapi({ description: 'Game ms per real ms', example: 60 }),
    paused: z.boolean().optional(),
    advance_ms: z
      .number()
      .int()
      .min(0)
      .max(MAX_INSTANT_MS)
      .optional()
      .openapi({ description: 'Move the clock forward by this much', example: 3600000 }),
    now_in_millis: instantField()
      .optional()
      .openapi({ description: 'Jump to this instant (never backwards)' }),
  })
  .openapi('ClockChange')

export function clockRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Admin'])
  const state = () => {
    const s = deps.clock.state()
    return { ...s, now: new Date(s.now_in_millis).toISOString() }
  }

  // Anyone may ask: the web client and the CLI set their clocks by it, and tests wait for it.
  routesOn(app, ['Health']).get(
    '/api/health',
    {
      summary: 'The server is up, and its game clock',
      ok: json(HealthSchema, 'Up, with the clock'),
    },
    (c) => c.json({ ok: true as const, ...deps.clock.state() }, 200),
  )

  route.get(
    '/api/admin/clock',
    {
      summary: 'The game clock',
      auth: true,
      ok: json(ClockStateSchema, 'Clock state'),
      errors: [403],
    },
    (c) => c.json(state(), 200),
  )

  route.post(
    '/api/admin/clock',
    {
      summary: 'Change the game clock',
      description:
        'Any of `speed`, `paused`, `advance_ms`, `now_in_millis` (a forward jump). Every scheduled job that falls due fires, in time order, before the answer.',
      auth: true,
      body: ClockChangeRequest,
      ok: json(ClockStateSchema, 'The new clock state'),
      errors: [403, 409, 422],
    },
    async (c) => {
      const body = c.req.valid('json')
      if (Object.keys(body).length === 0)
        throw invalid({ base: ['give at least one of speed, paused, advance_ms, now_in_millis'] })
      await changeClock(deps, body)
      await deps.scheduler.runDue()
      return c.json(state(), 200)
    },
  )

  return app
}
