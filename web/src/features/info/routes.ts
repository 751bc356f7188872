import type { RouteObject } from 'react-router'
import { page } from '../../lib/routing'

const info = () => import('./pages')

/** About, policies and the app page, for anyone. */
export const infoRoutes: RouteObject[] = [
  { path: 'about-us', ...page(info, 'AboutPage') },
  { path: 'privacy-policy', ...page(info, 'PrivacyPage') },
  { path: 'terms-and-conditions', ...page(info, 'TermsPage') },
  { path: 'android-app', ...page(info, 'AndroidAppPage') },
]

/** The page the server points every visitor to once the league is shut down. */
export const shutdownRoute: RouteObject = {
  path: 'shutdown',
  ...page(() => import('./ShutdownPage'), 'ShutdownPage'),
}
