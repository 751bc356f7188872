import type { Deps } from '../../../core/deps'
import { reviewRoutes } from '../common/decision-routes'
import { userRef, userRefsById } from '../common/queries'
import { UserRef } from '../common/schemas'
import { listAllRedemptions } from './queries'
import { decideRedemption, redemptionsJson } from './redemptions'
import { RedemptionSchema } from './redemptions.schemas'

const AdminRedemption = RedemptionSchema.extend({ user: UserRef }).openapi('AdminRedemption')

async function adminRedemptionJson(db: Deps['db'], rows: Parameters<typeof redemptionsJson>[1]) {
  const byId = await userRefsById(
    db,
    rows.map((r) => r.user_id),
  )
  return (await redemptionsJson(db, rows)).map((r) => ({ ...r, user: userRef(byId.get(r.user_id)) }))
}

/** Admin review of withdrawal requests (the CLI's `redemptions`). */
export function redemptionAdminRoutes(deps: Deps) {
  return reviewRoutes(deps, {
    base: '/api/admin/redemptions',
    plural: 'redemptions',
    singular: 'redemption',
    item: AdminRedemption,
    list: { summary: 'Withdrawal requests (newest first)', answer: 'Withdrawals', rows: listAllRedemptions },
    toJson: adminRedemptionJson,
    summaries: {
      approve: 'Pay out a pending withdrawal (the fee goes to the house)',
      reject: 'Reject a pending withdrawal, with a reason: the hold returns to winnings',
    },
    description: 'Notifies the player. A request already decided → 409.',
    movesMoney: true,
    decide: decideRedemption,
  })
}
