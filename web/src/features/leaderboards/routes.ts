import type { RouteObject } from 'react-router'
import { page } from '../../lib/routing'

const leaderboards = () => import('./pages')

/** Weekly, all-time and series leaderboards (docs/social.md), for anyone. */
export const leaderboardRoutes: RouteObject[] = [
  { path: 'leaderboards', ...page(leaderboards, 'LeaderboardsPage') },
  { path: 'leaderboards/:id', ...page(leaderboards, 'BoardPage') },
]
