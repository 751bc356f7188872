import type { RouteObject } from 'react-router'
import { byId, page } from '../../lib/routing'

const rewards = () => import('./pages')

/** The player's own scratch cards and referral. */
export const rewardRoutes: RouteObject[] = [
  { path: 'scratch-cards', ...page(rewards, 'ScratchCardsPage') },
  { path: 'scratch-cards/:id', ...byId(), ...page(rewards, 'ScratchCardPage') },
  { path: 'refer-and-earn', ...page(rewards, 'ReferPage') },
]

/** Reward pages that explain rather than show the player's own things. */
export const rewardInfoRoutes: RouteObject[] = [
  { path: 'offers', ...page(rewards, 'OffersPage') },
  { path: 'refer-and-earn/learn', ...page(rewards, 'ReferLearnPage') },
  { path: 'scratch-cards/help', ...page(rewards, 'ScratchCardsHelpPage') },
]
