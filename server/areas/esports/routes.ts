import type { Deps } from '../../core/deps'
import { createRouter } from '../../http/router'
import { gameAccountRoutes } from './accounts.routes'
import { esportsContestRoutes } from './contests.routes'
import { esportsMemberRoutes } from './members.routes'
import { esportsResultRoutes } from './results.routes'
import { esportsRoomRoutes } from './rooms.routes'
import { esportsTournamentRoutes } from './tournaments.routes'

/** Esports contests players play themselves (docs/esports.md): every route of the area. */
export function esportsRoutes(deps: Deps) {
  const app = createRouter()
  app.route('/', gameAccountRoutes(deps))
  app.route('/', esportsContestRoutes(deps))
  app.route('/', esportsMemberRoutes(deps))
  app.route('/', esportsRoomRoutes(deps))
  app.route('/', esportsResultRoutes(deps))
  app.route('/', esportsTournamentRoutes(deps))
  return app
}
