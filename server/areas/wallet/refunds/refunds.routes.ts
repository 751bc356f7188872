import { z } from '@hono/zod-openapi'
import type { Deps } from '../../../core/deps'
import { requestDeps } from '../../../http/idempotency'
import { idParam } from '../../../http/ids'
import { json } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { createRouter, currentUser } from '../../../http/router'
import { claimRefundJson, createClaim, findClaim, listClaims } from './refunds'
import { ClaimRefundRequest, ClaimRefundSchema } from './refunds.schemas'

/** Refund claims and their status: the help pages /help/claim-refund and /help/refund-status. */
export function refundRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Withdrawals'], deps)

  // A claim names the amount it asks back: declared money-moving, so a retry files it once.
  route.money.post(
    '/api/claim_refunds',
    {
      summary: 'Claim a refund',
      description:
        '`reason` (10–1000 characters), optionally `user_credit_id` (one of your deposits; its amount is claimed) or `contest_id` (a contest you joined). Someone else’s → 404; an open claim for the same deposit or contest → 409.',
      auth: true,
      body: ClaimRefundRequest,
      responses: { 201: json(z.object({ claim_refund: ClaimRefundSchema }), 'Claimed') },
      errors: [404, 409, 422],
    },
    async (c) => {
      const row = await createClaim(requestDeps(c, deps), currentUser(c).id, c.req.valid('json'))
      return c.json({ claim_refund: claimRefundJson(row) }, 201)
    },
  )

  route.get(
    '/api/claim_refunds',
    {
      summary: 'Your refund claims and their status (newest first, 100 at most)',
      auth: true,
      ok: json(z.object({ claim_refunds: z.array(ClaimRefundSchema) }), 'Claims'),
    },
    async (c) =>
      c.json({ claim_refunds: (await listClaims(deps.db, currentUser(c).id)).map(claimRefundJson) }, 200),
  )

  route.get(
    '/api/claim_refunds/{id}',
    {
      summary: 'One of your refund claims',
      auth: true,
      params: idParam,
      ok: json(z.object({ claim_refund: ClaimRefundSchema }), 'The claim'),
      errors: [404],
    },
    async (c) => {
      const row = await findClaim(deps.db, currentUser(c).id, c.req.valid('param').id)
      return c.json({ claim_refund: claimRefundJson(row) }, 200)
    },
  )

  return app
}
