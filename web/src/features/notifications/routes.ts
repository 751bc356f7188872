import type { RouteObject } from 'react-router'
import { page } from '../../lib/routing'

export const notificationRoutes: RouteObject[] = [
  { path: 'notifications', ...page(() => import('./NotificationsPage'), 'NotificationsPage') },
]
