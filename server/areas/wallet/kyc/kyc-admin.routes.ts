import { z } from '@hono/zod-openapi'
import type { Deps } from '../../../core/deps'
import { json } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { createRouter } from '../../../http/router'
import { decisionRoutes } from '../common/decision-routes'
import { userRef, userRefsById } from '../common/queries'
import { ReviewListQuery, UserRef } from '../common/schemas'
import { decidePan, listPanCards, panCardJson } from './kyc'
import { PanCardSchema } from './kyc.schemas'

const AdminPanCard = PanCardSchema.extend({ user: UserRef, mobile_approved: z.boolean() }).openapi(
  'AdminPanCard',
)
type AdminPanCardJson = z.infer<typeof AdminPanCard>

async function adminPanJson(db: Deps['db'], rows: Awaited<ReturnType<typeof listPanCards>>) {
  const byId = await userRefsById(
    db,
    rows.map((r) => r.user_id),
  )
  return Promise.all(
    rows.map(async (r) => ({
      ...(await panCardJson(db, r)),
      user: userRef(byId.get(r.user_id)),
      mobile_approved: byId.get(r.user_id)?.mobile_approved === 1,
    })),
  )
}

/** Admin review of PAN submissions (the CLI's `kyc`). */
export function kycAdminRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Admin'])

  route.get(
    '/api/admin/kyc',
    {
      summary: 'PAN submissions (newest first)',
      auth: true,
      query: ReviewListQuery,
      ok: json(z.object({ pan_cards: z.array(AdminPanCard) }), 'Submissions'),
      errors: [403, 422],
    },
    async (c) => {
      const q = c.req.valid('query')
      return c.json({ pan_cards: await adminPanJson(deps.db, await listPanCards(deps.db, q)) }, 200)
    },
  )

  decisionRoutes(app, deps, {
    base: '/api/admin/kyc',
    summaries: { approve: 'Approve a pending PAN', reject: 'Reject a pending PAN, with a reason' },
    description: 'Sets the user’s `pancard_status` and notifies them. A submission already decided → 409.',
    answer: z.object({ pan_card: AdminPanCard }),
    movesMoney: false,
    decide: async (d, adminId, id, decision) => {
      const row = await decidePan(d, adminId, id, decision)
      return { pan_card: (await adminPanJson(deps.db, [row]))[0] as AdminPanCardJson }
    },
  })

  return app
}
