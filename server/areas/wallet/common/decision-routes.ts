import { createRoute, type RouteConfig, z } from '@hono/zod-openapi'
import type { Deps } from '../../../core/deps'
import { moneyRoute, requestDeps } from '../../../http/idempotency'
import { idParam } from '../../../http/ids'
import { errors, json, jsonBody } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { bearerSecurity, createRouter, currentAdmin } from '../../../http/router'
import { ReasonRequest, ReviewListQuery } from './schemas'

export type Decision = { approve: true } | { approve: false; reason: string }

/**
 * POST `{base}/{id}/approve` and POST `{base}/{id}/reject` (with a reason) for one kind of
 * submission: both decide it with `decide` and answer with `answer` (a decided one → 409).
 * `movesMoney`: the decisions are declared money-moving (`Idempotency-Key`), and `decide` gets
 * the request's deps.
 */
export function decisionRoutes<A extends z.ZodType>(
  app: ReturnType<typeof createRouter>,
  deps: Deps,
  {
    base,
    summaries,
    description,
    answer,
    movesMoney,
    decide,
  }: {
    base: string
    summaries: { approve: string; reject: string }
    description: string
    answer: A
    movesMoney: boolean
    decide: (d: Deps, adminId: number, id: number, decision: Decision) => Promise<z.output<A>>
  },
) {
  const decided = json(answer, 'Decided')
  const declare = movesMoney ? moneyRoute : <R extends RouteConfig>(_: Deps, route: R) => createRoute(route)
  app.openapi(
    declare(deps, {
      method: 'post',
      path: `${base}/{id}/approve`,
      tags: ['Admin'],
      summary: summaries.approve,
      description,
      security: bearerSecurity,
      request: { params: idParam },
      responses: { 200: decided, ...errors(401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await decide(requestDeps(c, deps), currentAdmin(c).id, c.req.valid('param').id, { approve: true }),
        200,
      ),
  )
  app.openapi(
    declare(deps, {
      method: 'post',
      path: `${base}/{id}/reject`,
      tags: ['Admin'],
      summary: summaries.reject,
      description,
      security: bearerSecurity,
      request: { params: idParam, body: jsonBody(ReasonRequest) },
      responses: { 200: decided, ...errors(401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const reason = c.req.valid('json').reason
      return c.json(
        await decide(requestDeps(c, deps), currentAdmin(c).id, c.req.valid('param').id, {
          approve: false,
          reason,
        }),
        200,
      )
    },
  )
}

/**
 * An admin review queue: GET `{base}` lists the submissions (`{ [plural]: [...] }`, newest first,
 * `ReviewListQuery`), and the decision routes of `decisionRoutes` answer `{ [singular]: ... }`.
 * `toJson` writes rows as the queue shows them, for the list and for a decided row alike.
 */
export function reviewRoutes<Row, Item extends z.ZodType>(
  deps: Deps,
  spec: {
    base: string
    plural: string
    singular: string
    item: Item
    list: {
      summary: string
      answer: string
      rows: (db: Deps['db'], q: z.output<typeof ReviewListQuery>) => Promise<Row[]>
    }
    toJson: (db: Deps['db'], rows: Row[]) => Promise<z.output<Item>[]>
    summaries: { approve: string; reject: string }
    description: string
    movesMoney: boolean
    decide: (d: Deps, adminId: number, id: number, decision: Decision) => Promise<Row>
  },
) {
  const { base, plural, singular, item, list, toJson } = spec
  const app = createRouter()
  routesOn(app, ['Admin']).get(
    base,
    {
      summary: list.summary,
      auth: true,
      query: ReviewListQuery,
      ok: json(z.object({ [plural]: z.array(item) }), list.answer),
      errors: [403, 422],
    },
    async (c) =>
      c.json({ [plural]: await toJson(deps.db, await list.rows(deps.db, c.req.valid('query'))) }, 200),
  )
  const answer = z.object({ [singular]: item })
  decisionRoutes(app, deps, {
    ...spec,
    answer,
    decide: async (d, adminId, id, decision) => {
      const [decided] = await toJson(d.db, [await spec.decide(d, adminId, id, decision)])
      return { [singular]: decided } as z.output<typeof answer>
    },
  })
  return app
}
