import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { AppError } from '../../http/errors'
import { json, optionalJsonBody } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { multilineText } from '../../http/text'
import { CRICKET_ERAS, FOOTBALL_LEAGUES } from '../../sim'
import { idParam, MatchSchema, matchesJson, requireMatch } from '../matches'
import { completeMatch } from './complete'
import { delayMatch } from './delay'
import { ingestMatchEvents } from './ingest'
import { abandonMatch, lockMatch } from './lifecycle'
import { startSimulation } from './simulation'

const MatchAnswer = z.object({ match: MatchSchema })

// Long: a route factory, one short registration per route.
export function adminMatchRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Admin'])
  const answer = async (id: number) => {
    const [match] = await matchesJson(deps, [await requireMatch(deps.db, id)], null)
    return match as z.infer<typeof MatchSchema>
  }

  route.post(
    '/api/admin/matches/{id}/events',
    {
      summary: 'Post scoring events (scripted scoring and corrections)',
      description:
        'Events in the format of docs/events.md. An event with an existing `seq` replaces it and the match is re-scored; events without `seq` are appended. 422 names the index of the first bad event (`errors["events.3.runs"]`).',
      auth: true,
      params: idParam,
      body: z.strictObject({ events: z.array(z.unknown()).min(1).max(5000) }),
      ok: json(
        z.object({
          ingested: z.number().int(),
          replaced: z.number().int(),
          last_seq: z.number().int(),
          match: MatchSchema,
        }),
        'Scored',
      ),
      errors: [403, 404, 409, 422],
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const result = await ingestMatchEvents(deps, id, c.req.valid('json').events)
      return c.json({ ...result, match: await answer(id) }, 200)
    },
  )

  route.post(
    '/api/admin/matches/{id}/start',
    {
      summary: 'Start a match now (lock it)',
      description:
        'Teams freeze; contests that did not fill (and are not guaranteed) are cancelled and refunded.',
      auth: true,
      params: idParam,
      ok: json(MatchAnswer, 'Started'),
      errors: [403, 404, 409],
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const match = await requireMatch(deps.db, id)
      if (match.status !== 'upcoming')
        throw new AppError('MATCH_STATE', `The match is already ${match.status}`)
      await lockMatch(deps, id, deps.clock.now())
      return c.json({ match: await answer(id) }, 200)
    },
  )

  route.post(
    '/api/admin/matches/{id}/simulate',
    {
      summary: 'Play the match with the seeded simulator',
      description:
        '`instant`: every event now, then completion and settlement. `live`: each event at its game-clock time (speed the clock up to watch it faster). Starts the match first if needed. `era` (cricket) or `league` (football) picks the profile it is simulated under (docs/simulation.md "Eras and leagues"), else the series’ or the default: 422 when it does not fit the sport and format (the valid ones are named), 409 when the simulation already started with another.',
      auth: true,
      params: idParam,
      body: z.strictObject({
        mode: z.enum(['instant', 'live']).default('live'),
        era: z
          .enum(CRICKET_ERAS)
          .optional()
          .openapi({ description: 'Cricket: t20-* for a T20, odi-* for an ODI' }),
        league: z.enum(FOOTBALL_LEAGUES).optional(),
      }),
      ok: json(
        z.object({ mode: z.enum(['instant', 'live']), events: z.number().int(), match: MatchSchema }),
        'Simulating',
      ),
      errors: [403, 404, 409, 422],
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const { mode, era, league } = c.req.valid('json')
      const result = await startSimulation(deps, id, mode, { era, league })
      return c.json({ ...result, match: await answer(id) }, 200)
    },
  )

  route.post(
    '/api/admin/matches/{id}/complete',
    {
      summary: 'Complete a live match and pay its contests',
      description:
        'A match that is not live (upcoming, abandoned or already completed) answers 409 MATCH_STATE.',
      auth: true,
      params: idParam,
      ok: json(
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
      errors: [403, 404, 409],
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const report = await completeMatch(deps, id, { ifCompleted: 'refuse' })
      return c.json({ settlement: { ...report, paid: report.paid / 100 }, match: await answer(id) }, 200)
    },
  )

  route.post(
    '/api/admin/matches/{id}/abandon',
    {
      summary: 'Abandon a match: no points, every contest refunded',
      auth: true,
      params: idParam,
      requestBody: optionalJsonBody(
        z.strictObject({ reason: multilineText().trim().min(3).max(200).optional() }),
      ),
      ok: json(MatchAnswer, 'Abandoned'),
      errors: [403, 404, 409, 422],
    },
    async (c) => {
      const { id } = c.req.valid('param')
      await abandonMatch(deps, id, c.req.valid('json')?.reason)
      return c.json({ match: await answer(id) }, 200)
    },
  )

  route.post(
    '/api/admin/matches/{id}/delay',
    {
      summary: 'Delay an upcoming match (rain before the start)',
      description:
        'The start moves `minutes` later (from now, when the start has passed without a lock), and with it the lock and the deadline reminders: teams stay editable and contests open until then. MatchChannel sends `status`. A match that is not upcoming answers 409 MATCH_STATE (a live one rained off is abandoned instead).',
      auth: true,
      params: idParam,
      body: z.strictObject({
        minutes: z
          .number()
          .int()
          .min(1)
          .max(24 * 60),
      }),
      ok: json(MatchAnswer, 'Delayed'),
      errors: [403, 404, 409, 422],
    },
    async (c) => {
      const { id } = c.req.valid('param')
      await delayMatch(deps, id, c.req.valid('json').minutes)
      return c.json({ match: await answer(id) }, 200)
    },
  )

  return app
}
