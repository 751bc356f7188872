import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { invalid } from '../../http/errors'
import { instantField, MAX_INSTANT_MS } from '../../http/instants'
import { errors, json, jsonBody } from '../../http/responses'
import { bearerSecurity, createRouter } from '../../http/router'
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
  const state = () => {
    const s = deps.clock.state()
    return { ...s, now: new Date(s.now_in_millis).toISOString() }
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/clock',
      tags: ['Admin'],
      summary: 'The game clock',
      security: bearerSecurity,
      responses: { 200: json(ClockStateSchema, 'Clock state'), ...errors(401, 403) },
    }),
    (c) => c.json(state(), 200),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/clock',
      tags: ['Admin'],
      summary: 'Change the game clock',
      description:
        'Any of `speed`, `paused`, `advance_ms`, `now_in_millis` (a forward jump). Every scheduled job that falls due fires, in time order, before the answer.',
      security: bearerSecurity,
      request: { body: jsonBody(ClockChangeRequest) },
      responses: { 200: json(ClockStateSchema, 'The new clock state'), ...errors(401, 403, 409, 422) },
    }),
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
