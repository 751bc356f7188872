import { z } from '@hono/zod-openapi'
import type { Deps } from '../../../core/deps'
import { json } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { createRouter } from '../../../http/router'
import { decisionRoutes } from '../common/decision-routes'
import { userRef, userRefsById } from '../common/queries'
import { ReviewListQuery, UserRef } from '../common/schemas'
import { listAllRedemptions } from './queries'
import { decideRedemption, redemptionsJson } from './redemptions'
import { RedemptionSchema } from './redemptions.schemas'

const AdminRedemption = RedemptionSchema.extend({ user: UserRef }).openapi('AdminRedemption')
type AdminRedemptionJson = z.infer<typeof AdminRedemption>

async function adminRedemptionJson(db: Deps['db'], rows: Parameters<typeof redemptionsJson>[1]) {
  const byId = await userRefsById(
    db,
    rows.map((r) => r.user_id),
  )
  return (await redemptionsJson(db, rows)).map((r) => ({ ...r, user: userRef(byId.get(r.user_id)) }))
}

/** Admin review of withdrawal requests (the CLI's `redemptions`). */
export function redemptionAdminRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Admin'])

  route.get(
    '/api/admin/redemptions',
    {
      summary: 'Withdrawal requests (newest first)',
      auth: true,
      query: ReviewListQuery,
      ok: json(z.object({ redemptions: z.array(AdminRedemption) }), 'Withdrawals'),
      errors: [403, 422],
    },
    async (c) => {
      const q = c.req.valid('query')
      return c.json(
        { redemptions: await adminRedemptionJson(deps.db, await listAllRedemptions(deps.db, q)) },
        200,
      )
    },
  )

  decisionRoutes(app, deps, {
    base: '/api/admin/redemptions',
    summaries: {
      approve: 'Pay out a pending withdrawal (the fee goes to the house)',
      reject: 'Reject a pending withdrawal, with a reason: the hold returns to winnings',
    },
    description: 'Notifies the player. A request already decided → 409.',
    answer: z.object({ redemption: AdminRedemption }),
    movesMoney: true,
    decide: async (d, adminId, id, decision) => {
      const row = await decideRedemption(d, adminId, id, decision)
      return { redemption: (await adminRedemptionJson(d.db, [row]))[0] as AdminRedemptionJson }
    },
  })

  return app
}
