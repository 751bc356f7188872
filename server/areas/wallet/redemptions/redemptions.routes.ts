import { z } from '@hono/zod-openapi'
import type { Deps } from '../../../core/deps'
import { rupeesToPaise } from '../../../domain/money'
import { invalid } from '../../../http/errors'
import { requestDeps } from '../../../http/idempotency'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../../http/paging'
import { json } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { createRouter } from '../../../http/router'
import { pageOfRedemptions } from './queries'
import {
  listRedemptionTypes,
  type redemptionJson,
  redemptionsJson,
  redemptionTypeJson,
  requestRedemption,
} from './redemptions'
import { RedeemRequest, RedemptionSchema, RedemptionTypeSchema } from './redemptions.schemas'

/** Withdrawals of winnings (spec §7 "Me and wallet": redemptions, redemption_types). */
export function redemptionRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Withdrawals'], deps)

  route.get(
    '/api/redemption_types',
    {
      summary: 'Ways to withdraw, with their minimum, fee and daily limit (rupees)',
      ok: json(z.object({ redemption_types: z.array(RedemptionTypeSchema) }), 'Redemption types'),
    },
    async (c) =>
      c.json({ redemption_types: (await listRedemptionTypes(deps.db)).map(redemptionTypeJson) }, 200),
  )

  route.get(
    '/api/redemptions',
    {
      summary: 'Your withdrawals, newest first',
      auth: true,
      query: pagingQuery(100, 100),
      ok: json(z.object({ redemptions: z.array(RedemptionSchema), meta: PageMetaSchema }), 'Withdrawals'),
      errors: [422],
    },
    async (c, me) => {
      const page = toPage(c.req.valid('query'))
      const { rows, total } = await pageOfRedemptions(deps.db, me.id, page)
      return c.json({ redemptions: await redemptionsJson(deps.db, rows), meta: pageMeta(page, total) }, 200)
    },
  )

  route.money.post(
    '/api/redemptions',
    {
      summary: 'Withdraw winnings',
      description: [
        'Needs `is_current_user_allowed_to_redeem` (mobile and PAN approved, bank details or an active UPI id) — else 403 `NOT_VERIFIED`.',
        'The amount (rupees, paid out) and the type’s fee (on top) are held from winnings at once; the request stays `pending` until an admin approves (paid) or rejects it (the hold returns to winnings).',
        'Below the type’s minimum or over its daily limit (UPI ₹10,000 per India day, counting every request of the day not rejected) → 409 `REDEMPTION_LIMIT`; more than your winnings → 409 `INSUFFICIENT_BALANCE`.',
        'Send an `Idempotency-Key` header to make a retry safe: the same key and body get the first answer again.',
      ].join('\n\n'),
      auth: true,
      body: RedeemRequest,
      responses: { 201: json(z.object({ redemption: RedemptionSchema }), 'Requested') },
      errors: [403, 404, 409, 422],
    },
    async (c, me) => {
      const body = c.req.valid('json')
      const amountPaise = rupeesToPaise(body.amount)
      if (amountPaise === null || amountPaise <= 0)
        throw invalid({ amount: ['must be a positive amount of rupees with at most 2 decimals'] })
      const d = requestDeps(c, deps)
      const row = await requestRedemption(d, me.id, { amountPaise, typeId: body.redemption_type_id })
      const [json] = await redemptionsJson(d.db, [row])
      return c.json({ redemption: json as ReturnType<typeof redemptionJson> }, 201)
    },
  )

  return app
}
