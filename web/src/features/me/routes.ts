import type { RouteObject } from 'react-router'
import { page } from '../../lib/routing'

/** The signed-in player's own profile and settings. */
export const meRoutes: RouteObject[] = [
  { path: 'profile', ...page(() => import('./ProfilePage'), 'ProfilePage') },
  { path: 'profile/settings', ...page(() => import('./SettingsPage'), 'SettingsPage') },
]
