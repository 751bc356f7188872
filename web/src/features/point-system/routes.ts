import type { RouteObject } from 'react-router'
import { page } from '../../lib/routing'

export const pointSystemRoutes: RouteObject[] = [
  { path: 'point-system', ...page(() => import('./PointSystemPage'), 'PointSystemPage') },
]
