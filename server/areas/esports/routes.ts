import type { Deps } from '../../core/deps'
import { mountedRoutes } from '../../http/router'
import { gameAccountRoutes } from './accounts.routes'
import { esportsContestRoutes } from './contests.routes'
import { esportsMemberRoutes } from './members.routes'
import { esportsResultRoutes } from './results.routes'
import { esportsRoomRoutes } from './rooms.routes'
import { esportsTournamentRoutes } from './tournaments.routes'

/** Esports contests players play themselves (docs/esports.md): every route of the area. */
export function esportsRoutes(deps: Deps) {
  return mountedRoutes(deps, [
    gameAccountRoutes,
    esportsContestRoutes,
    esportsMemberRoutes,
    esportsRoomRoutes,
    esportsResultRoutes,
    esportsTournamentRoutes,
  ])
}
