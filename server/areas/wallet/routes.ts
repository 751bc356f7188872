import type { Deps } from '../../core/deps'
import { mountedRoutes } from '../../http/router'
import { adminWalletRoutes } from './credits/admin-credits.routes'
import { creditRoutes } from './credits/credits.routes'
import { gatewayRoutes } from './gateway/gateway.routes'
import { attachmentRoutes } from './kyc/attachments.routes'
import { kycRoutes } from './kyc/kyc.routes'
import { kycAdminRoutes } from './kyc/kyc-admin.routes'
import { payoutMethodRoutes } from './kyc/payout-methods.routes'
import { passbookRoutes } from './passbooks/passbook.routes'
import { redemptionRoutes } from './redemptions/redemptions.routes'
import { redemptionAdminRoutes } from './redemptions/redemptions-admin.routes'
import { refundRoutes } from './refunds/refunds.routes'
import { refundAdminRoutes } from './refunds/refunds-admin.routes'
import { referralRoutes } from './rewards/referrals.routes'
import { scratchCardRoutes } from './rewards/scratch-cards.routes'

/** Every wallet route, in the order the app has always mounted them. */
export function walletRoutes(deps: Deps) {
  return mountedRoutes(deps, [
    adminWalletRoutes,
    kycRoutes,
    payoutMethodRoutes,
    attachmentRoutes,
    redemptionRoutes,
    refundRoutes,
    refundAdminRoutes,
    kycAdminRoutes,
    redemptionAdminRoutes,
    creditRoutes,
    passbookRoutes,
    gatewayRoutes,
    scratchCardRoutes,
    referralRoutes,
  ])
}
