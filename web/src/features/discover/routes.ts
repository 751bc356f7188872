import type { RouteObject } from 'react-router'
import { page } from '../../lib/routing'

const discover = () => import('./pages')

/** Discover and search (docs/social.md): reading needs no sign-in. */
export const discoverRoutes: RouteObject[] = [
  { path: 'discover', ...page(discover, 'DiscoverPage') },
  { path: 'discover/contests', ...page(discover, 'DiscoverContestsPage') },
  { path: 'discover/search', ...page(discover, 'SearchPage') },
]
