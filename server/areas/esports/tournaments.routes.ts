import type { Deps } from '../../deps'
import { createRouter } from '../../http/router'

/** docs/esports.md — filled in by issue 17's tournaments work. */
export function esportsTournamentRoutes(_deps: Deps) {
  return createRouter()
}
