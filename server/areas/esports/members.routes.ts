import type { Deps } from '../../deps'
import { createRouter } from '../../http/router'

/** docs/esports.md — filled in by issue 17's members work. */
export function esportsMemberRoutes(_deps: Deps) {
  return createRouter()
}
