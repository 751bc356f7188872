import type { Deps } from '../../deps'
import { createRouter } from '../../http/router'

/** docs/esports.md — filled in by issue 17's contests work. */
export function esportsContestRoutes(_deps: Deps) {
  return createRouter()
}
