import type { Deps } from '../../deps'
import { createRouter } from '../../http/router'

/** docs/esports.md — filled in by issue 17's rooms work. */
export function esportsRoomRoutes(_deps: Deps) {
  return createRouter()
}
