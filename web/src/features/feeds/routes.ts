import type { RouteObject } from 'react-router'
import { page } from '../../lib/routing'

/** The feed needs a player (docs/social.md). */
export const feedRoutes: RouteObject[] = [
  { path: 'feeds', ...page(() => import('./FeedsPage'), 'FeedsPage') },
]
