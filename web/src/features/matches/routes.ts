import type { RouteObject } from 'react-router'
import { byId, page } from '../../lib/routing'

export const matchRoutes: RouteObject[] = [
  { path: 'matches/:id/statistics', ...byId(), ...page(() => import('./StatisticsPage'), 'StatisticsPage') },
]
