import type { RouteObject } from 'react-router'
import { page } from '../../lib/routing'
import { isSignedIn } from '../../lib/session'
import { feedQuery } from './api'

/** The feed needs a player (docs/social.md); its first page starts beside the page's chunk. */
export const feedRoutes: RouteObject[] = [
  {
    path: 'feeds',
    ...page(() => import('./FeedsPage'), 'FeedsPage', {
      prefetch: (_args, start) => {
        if (isSignedIn()) start.pages(feedQuery)
      },
    }),
  },
]
