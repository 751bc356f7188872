import type { RouteObject } from 'react-router'
import { byId, page } from '../../lib/routing'

/** A post and its thread (docs/social.md): reading needs no sign-in. */
export const postRoutes: RouteObject[] = [
  { path: 'posts/:id', ...byId(), ...page(() => import('./PostPage'), 'PostPage') },
]
