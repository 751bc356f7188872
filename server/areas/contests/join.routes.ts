import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { codeLookupLimit } from '../../http/code-lookup'
import { moneyRoute, requestDeps } from '../../http/idempotency'
import { idField } from '../../http/ids'
import { errors, json, jsonBody } from '../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../http/router'
import { viewerOf, visibleContestFor } from './route-helpers'
import { ContestSchema, contestParam, JoiningConfirmationSchema } from './schemas'
import { contestsJson, joinContest, joiningConfirmation, requireContest, setLike } from './service'

const confirmationRoute = createRoute({
  method: 'post',
  path: '/api/contests/{id}/joining_confirmation',
  tags: ['Contests'],
  summary: 'Before joining: which dialog to show',
  description: '`popup`: join_league, event_locked, add_funds, already_joined or create_team.',
  security: bearerSecurity,
  request: { params: contestParam },
  responses: {
    200: json(JoiningConfirmationSchema, 'The pre-flight answer'),
    ...errors(401, 404),
  },
})

const joinRoute = (deps: Deps) =>
  moneyRoute(deps, {
    method: 'post',
    path: '/api/contests/{id}/join',
    tags: ['Contests'],
    summary: 'Join with one of my teams',
    description:
      'Debits the entry fee (unused balance first, then winnings) in the same transaction that takes the seat. 409 when the match has started, the contest is full, the team already joined, the entry limit is reached or the balance is too low.',
    security: bearerSecurity,
    middleware: [codeLookupLimit(deps, { body: 'invite_code' })],
    request: {
      params: contestParam,
      body: jsonBody(
        z.strictObject({
          team_id: idField(),
          invite_code: z.string().max(40).optional().openapi({
            description: 'Required for a private contest (unless you are its owner or a member)',
          }),
          fields: z.string().optional(),
        }),
      ),
    },
    responses: {
      200: json(z.object({ contest: ContestSchema, member_id: z.number().int() }), 'Joined'),
      ...errors(401, 404, 409, 422, 429),
    },
  })

const likeRoute = (action: 'like' | 'unlike') =>
  createRoute({
    method: 'post',
    path: `/api/contests/{id}/${action}`,
    tags: ['Contests'],
    summary: action === 'like' ? 'Like a contest' : 'Take a like back',
    security: bearerSecurity,
    request: { params: contestParam },
    responses: { 200: json(z.object({ contest: ContestSchema }), 'The contest'), ...errors(401, 404) },
  })

/** Taking part: the pre-flight of a join, the join itself, likes. */
export function contestJoinRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(confirmationRoute, async (c) => {
    await visibleContestFor(deps, c, c.req.valid('param').id)
    return c.json(await joiningConfirmation(deps, currentUser(c).id, c.req.valid('param').id), 200)
  })

  app.openapi(joinRoute(deps), async (c) => {
    const me = currentUser(c)
    const body = c.req.valid('json')
    const d = requestDeps(c, deps)
    const result = await joinContest(d, me.id, c.req.valid('param').id, body.team_id, body.invite_code)
    const [json] = await contestsJson(d, [result.contest], viewerOf(c))
    return c.json({ contest: json as z.infer<typeof ContestSchema>, member_id: result.member_id }, 200)
  })

  for (const action of ['like', 'unlike'] as const)
    app.openapi(likeRoute(action), async (c) => {
      const { id } = c.req.valid('param')
      await visibleContestFor(deps, c, id)
      await setLike(deps, currentUser(c).id, id, action === 'like')
      const [json] = await contestsJson(deps, [await requireContest(deps.db, id)], viewerOf(c))
      return c.json({ contest: json as z.infer<typeof ContestSchema> }, 200)
    })

  return app
}
