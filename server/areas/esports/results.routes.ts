import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { requestDeps } from '../../http/idempotency'
import { idField, idParam } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { multilineText } from '../../http/text'
import { oneReport, ReportSchema } from '../reports'
import { disputeResults } from './results.disputes'
import { enterResults } from './results.service'
import { resultsJson, resultsSheet } from './results.views'

const PersonSchema = z.object({ id: z.number().int(), slug: z.string(), username: z.string() })

export const EsportsResultsSchema = z
  .object({
    contest_id: z.number().int(),
    version: z.number().int(),
    source: z.enum(['host', 'admin', 'simulator']),
    note: z.string().nullable(),
    my_squad_id: z.number().int().nullable(),
    can_correct: z.boolean().openapi({ description: 'I am the host or an admin' }),
    can_dispute: z.boolean().openapi({ description: 'I am a member and the 24 hours are not over' }),
    disputes_close_at_in_millis: z.number().int(),
    standings: z.array(
      z.object({
        rank: z.number().int(),
        squad: z.object({ id: z.number().int(), name: z.string() }),
        placement: z.number().int(),
        kills: z.number().int(),
        points: z.number().int(),
        prize: z.number().openapi({ description: 'Rupees, the squad’s total' }),
        members: z.array(
          z.object({ id: z.number().int(), user: PersonSchema, in_game_name: z.string(), prize: z.number() }),
        ),
      }),
    ),
    versions: z.array(
      z.object({
        version: z.number().int(),
        source: z.enum(['host', 'admin', 'simulator']),
        note: z.string().nullable(),
        entered_by: PersonSchema,
        created_at_in_millis: z.number().int(),
      }),
    ),
  })
  .openapi('EsportsResults')

const ResultsSheetSchema = z
  .object({
    contest: z.object({
      id: z.number().int(),
      name: z.string(),
      game: z.enum(['pubg', 'free-fire', 'call-of-duty']),
      mode: z.enum(['solo', 'duo', 'squad']),
      status: z.enum(['open', 'locked', 'completed', 'cancelled']),
      starts_at_in_millis: z.number().int(),
      results_version: z.number().int(),
      is_host: z.boolean(),
    }),
    can_enter: z.boolean(),
    my_squad_id: z.number().int().nullable(),
    squads: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        players: z.array(z.object({ user: PersonSchema, in_game_name: z.string() })),
      }),
    ),
  })
  .openapi('EsportsResultsSheet')

const ResultsBody = z
  .strictObject({
    results: z
      .array(
        z.strictObject({
          squad_id: idField(),
          placement: z.number().int().min(-10_000).max(10_000),
          kills: z.number().int().min(-10_000).max(10_000),
        }),
      )
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: 'One row per squad of the contest' }),
    simulate: z
      .boolean()
      .optional()
      .openapi({ description: 'true: the battle-royale simulator draws the outcome' }),
    note: multilineText().trim().max(500).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.simulate === true && body.results)
      ctx.addIssue({ code: 'custom', path: ['results'], message: 'give results or simulate, not both' })
    else if (body.simulate !== true && !body.results)
      ctx.addIssue({ code: 'custom', path: ['results'], message: 'is required (or simulate: true)' })
  })

const resultsAnswer = (description: string) =>
  json(z.object({ esports_results: EsportsResultsSchema }), description)

/** docs/esports.md "Results, payouts and corrections". */
// Long: a route factory, one short registration per route.
export function esportsResultRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Esports'], deps)

  route.money.post(
    '/api/esports/contests/{id}/results',
    {
      summary: 'Enter (or correct) an esports contest’s results',
      description:
        'Host or admin (403 others who can see the contest; 404 others). 409 before `starts_at` or unless the contest is `locked` or `completed`. `{results: [{squad_id, placement, kills}]}` (every squad exactly once, placements 1..n once each; 422 messages name the squads) or `{simulate: true}`. The first version settles the contest and pays the prizes; later versions are corrections (differences posted; 409 naming a player who cannot give winnings back).',
      auth: true,
      params: idParam,
      body: ResultsBody,
      responses: { 201: resultsAnswer('Results stored') },
      errors: [403, 404, 409, 422],
    },
    async (c, me) => {
      const { id } = c.req.valid('param')
      const d = requestDeps(c, deps)
      await enterResults(d, me, id, c.req.valid('json'))
      return c.json({ esports_results: await resultsJson(d.db, me, id, d.clock.now()) }, 201)
    },
  )

  route.get(
    '/api/esports/contests/{id}/results',
    {
      summary: 'An esports contest’s results and standings',
      description: 'Anyone who may see the contest; 404 before any results.',
      auth: true,
      params: idParam,
      ok: resultsAnswer('Results'),
      errors: [404, 422],
    },
    async (c, me) => {
      const { id } = c.req.valid('param')
      return c.json({ esports_results: await resultsJson(deps.db, me, id, deps.clock.now()) }, 200)
    },
  )

  route.get(
    '/api/esports/contests/{id}/results_sheet',
    {
      summary:
        'The results page’s sheet: the contest, its squads and players, and whether I may enter results',
      description:
        'Anyone who may see the contest (404 otherwise). `can_enter`: I am the host or an admin, the contest is locked or completed and has started.',
      auth: true,
      params: idParam,
      ok: json(z.object({ results_sheet: ResultsSheetSchema }), 'The sheet'),
      errors: [404, 422],
    },
    async (c, me) => {
      const { id } = c.req.valid('param')
      return c.json({ results_sheet: await resultsSheet(deps.db, me, id, deps.clock.now()) }, 200)
    },
  )

  route.post(
    '/api/esports/contests/{id}/disputes',
    {
      summary: 'Dispute an esports contest’s results',
      description:
        'Members only (404 others). After the results and within 24 hours of the latest version (409 otherwise); one open dispute per member. Lands in the reports queue (subject `esports_contest`); the host and admins are notified.',
      auth: true,
      params: idParam,
      body: z.strictObject({
        text: multilineText().trim().min(10, 'must be at least 10 characters').max(1000),
        squad_id: idField().optional(),
      }),
      responses: { 201: json(z.object({ report: ReportSchema }), 'Disputed') },
      errors: [404, 409, 422],
    },
    async (c, me) => {
      const { id } = c.req.valid('param')
      const reportId = await disputeResults(deps, me, id, c.req.valid('json'))
      return c.json({ report: await oneReport(deps.db, reportId) }, 201)
    },
  )

  return app
}
