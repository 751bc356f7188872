import type { Deps } from '../../deps'
import { createRouter } from '../../http/router'

/** docs/esports.md — filled in by issue 17's results work. */
export function esportsResultRoutes(_deps: Deps) {
  return createRouter()
}
