import type { Deps } from '../../deps'
import { createRouter } from '../../http/router'

/** docs/esports.md — filled in by issue 17's accounts work. */
export function gameAccountRoutes(_deps: Deps) {
  return createRouter()
}
