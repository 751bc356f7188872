import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { AppError } from '../../http/errors'
import { errors, json, jsonBody, optionalJsonBody } from '../../http/responses'
import { bearerSecurity, createRouter } from '../../http/router'
import { multilineText } from '../../http/text'
import { idParam, MatchSchema, matchesJson, requireMatch } from '../matches'
import { completeMatch } from './complete'
import { ingestMatchEvents } from './ingest'
import { abandonMatch, lockMatch } from './lifecycle'
import { startSimulation } from './simulation'

const MatchAnswer = z.object({ match: MatchSchema })

const postAdminMatchesByIdEventsRoute = createRoute({
  method: 'post',
  path: '/api/admin/matches/{id}/events',
  tags: ['Admin'],
  summary: 'Post scoring events (scripted scoring and corrections)',
  description:
    'Events in the format of docs/events.md. An event with an existing `seq` replaces it and the match is re-scored; events without `seq` are appended. 422 names the index of the first bad event (`errors["events.3.runs"]`).',
  security: bearerSecurity,
  request: {
    params: idParam,
    body: jsonBody(z.strictObject({ events: z.array(z.unknown()).min(1).max(5000) })),
  },
  responses: {
    200: json(
      z.object({
        ingested: z.number().int(),
        replaced: z.number().int(),
        last_seq: z.number().int(),
        match: MatchSchema,
      }),
      'Scored',
    ),
    ...errors(401, 403, 404, 409, 422),
  },
})

const postAdminMatchesByIdStartRoute = createRoute({
  method: 'post',
  path: '/api/admin/matches/{id}/start',
  tags: ['Admin'],
  summary: 'Start a match now (lock it)',
  description:
    'Teams freeze; contests that did not fill (and are not guaranteed) are cancelled and refunded.',
  security: bearerSecurity,
  request: { params: idParam },
  responses: { 200: json(MatchAnswer, 'Started'), ...errors(401, 403, 404, 409) },
})

const postAdminMatchesByIdSimulateRoute = createRoute({
  method: 'post',
  path: '/api/admin/matches/{id}/simulate',
  tags: ['Admin'],
  summary: 'Play the match with the seeded simulator',
  description:
    '`instant`: every event now, then completion and settlement. `live`: each event at its game-clock time (speed the clock up to watch it faster). Starts the match first if needed.',
  security: bearerSecurity,
  request: {
    params: idParam,
    body: jsonBody(z.strictObject({ mode: z.enum(['instant', 'live']).default('live') })),
  },
  responses: {
    200: json(
      z.object({ mode: z.enum(['instant', 'live']), events: z.number().int(), match: MatchSchema }),
      'Simulating',
    ),
    ...errors(401, 403, 404, 409, 422),
  },
})

const postAdminMatchesByIdCompleteRoute = createRoute({
  method: 'post',
  path: '/api/admin/matches/{id}/complete',
  tags: ['Admin'],
  summary: 'Complete a live match and pay its contests',
  description: 'A match that is not live (upcoming, abandoned or already completed) answers 409 MATCH_STATE.',
  security: bearerSecurity,
  request: { params: idParam },
  responses: {
    200: json(
      z.object({
        settlement: z.object({
          contests: z.number().int(),
          entries: z.number().int(),
          winners: z.number().int(),
          paid: z.number(),
        }),
        match: MatchSchema,
      }),
      'Completed',
    ),
    ...errors(401, 403, 404, 409),
  },
})

const postAdminMatchesByIdAbandonRoute = createRoute({
  method: 'post',
  path: '/api/admin/matches/{id}/abandon',
  tags: ['Admin'],
  summary: 'Abandon a match: no points, every contest refunded',
  security: bearerSecurity,
  request: {
    params: idParam,
    body: optionalJsonBody(z.strictObject({ reason: multilineText().trim().min(3).max(200).optional() })),
  },
  responses: { 200: json(MatchAnswer, 'Abandoned'), ...errors(401, 403, 404, 409, 422) },
})

export function adminMatchRoutes(deps: Deps) {
  const app = createRouter()
  const answer = async (id: number) => {
    const [match] = await matchesJson(deps, [await requireMatch(deps.db, id)], null)
    return match as z.infer<typeof MatchSchema>
  }

  app.openapi(postAdminMatchesByIdEventsRoute, async (c) => {
    const { id } = c.req.valid('param')
    const result = await ingestMatchEvents(deps, id, c.req.valid('json').events)
    return c.json({ ...result, match: await answer(id) }, 200)
  })

  app.openapi(postAdminMatchesByIdStartRoute, async (c) => {
    const { id } = c.req.valid('param')
    const match = await requireMatch(deps.db, id)
    if (match.status !== 'upcoming') throw new AppError('MATCH_STATE', `The match is already ${match.status}`)
    await lockMatch(deps, id, deps.clock.now())
    return c.json({ match: await answer(id) }, 200)
  })

  app.openapi(postAdminMatchesByIdSimulateRoute, async (c) => {
    const { id } = c.req.valid('param')
    const result = await startSimulation(deps, id, c.req.valid('json').mode)
    return c.json({ ...result, match: await answer(id) }, 200)
  })

  app.openapi(postAdminMatchesByIdCompleteRoute, async (c) => {
    const { id } = c.req.valid('param')
    const report = await completeMatch(deps, id, { ifCompleted: 'refuse' })
    return c.json({ settlement: { ...report, paid: report.paid / 100 }, match: await answer(id) }, 200)
  })

  app.openapi(postAdminMatchesByIdAbandonRoute, async (c) => {
    const { id } = c.req.valid('param')
    await abandonMatch(deps, id, c.req.valid('json')?.reason)
    return c.json({ match: await answer(id) }, 200)
  })

  return app
}
