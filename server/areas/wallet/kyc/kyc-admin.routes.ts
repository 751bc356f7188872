import { z } from '@hono/zod-openapi'
import type { Deps } from '../../../core/deps'
import { reviewRoutes } from '../common/decision-routes'
import { userRef, userRefsById } from '../common/queries'
import { UserRef } from '../common/schemas'
import { decidePan, listPanCards, panCardJson } from './kyc'
import { PanCardSchema } from './kyc.schemas'

const AdminPanCard = PanCardSchema.extend({ user: UserRef, mobile_approved: z.boolean() }).openapi(
  'AdminPanCard',
)

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
  return reviewRoutes(deps, {
    base: '/api/admin/kyc',
    plural: 'pan_cards',
    singular: 'pan_card',
    item: AdminPanCard,
    list: { summary: 'PAN submissions (newest first)', answer: 'Submissions', rows: listPanCards },
    toJson: adminPanJson,
    summaries: { approve: 'Approve a pending PAN', reject: 'Reject a pending PAN, with a reason' },
    description: 'Sets the user’s `pancard_status` and notifies them. A submission already decided → 409.',
    movesMoney: false,
    decide: decidePan,
  })
}
