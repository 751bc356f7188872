import type { Deps } from '../../deps'
import { createRouter } from '../../http/router'
import { contestJoinRoutes } from './join.routes'
import { contestListRoutes, joinedContestRoutes } from './list.routes'
import { contestPageRoutes } from './page.routes'
import { contestScopedListRoutes } from './scoped-list.routes'

/** The contest routes: lists first, so `/api/contests/popular` is never read as a contest id. */
export function contestRoutes(deps: Deps) {
  return createRouter()
    .route('/', contestListRoutes(deps))
    .route('/', contestScopedListRoutes(deps))
    .route('/', joinedContestRoutes(deps))
    .route('/', contestPageRoutes(deps))
    .route('/', contestJoinRoutes(deps))
}
