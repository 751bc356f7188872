import type { Deps } from '../../core/deps'
import { createRouter } from '../../http/router'
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
  const app = createRouter()
  app.route('/', adminWalletRoutes(deps))
  app.route('/', kycRoutes(deps))
  app.route('/', payoutMethodRoutes(deps))
  app.route('/', attachmentRoutes(deps))
  app.route('/', redemptionRoutes(deps))
  app.route('/', refundRoutes(deps))
  app.route('/', refundAdminRoutes(deps))
  app.route('/', kycAdminRoutes(deps))
  app.route('/', redemptionAdminRoutes(deps))
  app.route('/', creditRoutes(deps))
  app.route('/', passbookRoutes(deps))
  app.route('/', gatewayRoutes(deps))
  app.route('/', scratchCardRoutes(deps))
  app.route('/', referralRoutes(deps))
  return app
}
