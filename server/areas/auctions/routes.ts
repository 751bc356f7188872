import type { Deps } from '../../core/deps'
import { mountedRoutes } from '../../http/router'
import { auctionBiddingRoutes } from './bidding.routes'
import { auctionCatalogRoutes } from './catalog.routes'
import { auctionControlRoutes } from './controls.routes'
import { auctionDebriefRoutes } from './debrief.routes'
import { auctionFranchiseRoutes } from './franchises.routes'
import { auctionLifecycleRoutes } from './lifecycle.routes'
import { auctionListRoutes } from './listing.routes'
import { auctionSealedRoutes } from './sealed.routes'

/** Every `/api/auctions` route; the fixed paths (colours, charges, by_group) before `{id}`. */
export function auctionRoutes(deps: Deps) {
  return mountedRoutes(deps, [
    auctionCatalogRoutes,
    auctionListRoutes,
    auctionLifecycleRoutes,
    auctionFranchiseRoutes,
    auctionBiddingRoutes,
    auctionSealedRoutes,
    auctionControlRoutes,
    auctionDebriefRoutes,
  ])
}
