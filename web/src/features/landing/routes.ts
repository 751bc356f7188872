import type { RouteObject } from 'react-router'
import { page } from '../../lib/routing'

/** The pitch for visitors. */
export const landingRoute: RouteObject = {
  path: 'landing',
  ...page(() => import('./LandingPage'), 'LandingPage'),
}
