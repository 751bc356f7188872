import { OpenAPIHono } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { meRoutes, signUpRoutes } from './areas/account'
import { actAsRoutes, adminRoutes } from './areas/admin'
import { auctionManagerRoutes, auctionRoutes, tournamentRoutes } from './areas/auctions'
import { authRoutes } from './areas/auth'
import { catalogRoutes } from './areas/catalog'
import { championshipPhaseRoutes, championshipTeamRoutes, phasePlayerRoutes } from './areas/championship'
import { championshipContestRoutes, seriesContestRoutes } from './areas/championship-contests'
import { classroomReportRoutes, classroomRoutes, exportRoutes } from './areas/classroom'
import { clockRoutes } from './areas/clock'
import { contestAccessRoutes } from './areas/contest-access'
import { contestBotRoutes, contestCreationRoutes, contestOwnerRoutes } from './areas/contest-creation'
import { contestRoutes, homeRoutes } from './areas/contests'
import { esportsRoutes } from './areas/esports'
import { gangRoutes, seriesLeaderboardRoutes } from './areas/gangs'
import { groupMessageRoutes, groupRoutes } from './areas/groups'
import { ledgerRoutes } from './areas/ledger'
import { adminMatchRoutes, replayRoutes } from './areas/match-day'
import { crestRoutes, matchFixtureRoutes, matchRoutes, seriesRoutes } from './areas/matches'
import { notificationRoutes } from './areas/notifications'
import { commentRoutes, feedRoutes, postRoutes } from './areas/posts'
import { prizeStructureRoutes } from './areas/prize-structures'
import { reportRoutes, socialReportRoutes } from './areas/reports'
import { requestLogRoutes } from './areas/request-log'
import { snapshotRoutes } from './areas/snapshots'
import { leaderboardRoutes, otherRoutes } from './areas/social'
import { matchSquadRoutes, teamRoutes } from './areas/teams'
import { mediaRoutes, peopleRoutes, userRoutes } from './areas/users'
import { UPLOAD_PATH, uploadBodyLimit, walletRoutes } from './areas/wallet'
import type { CableServer } from './cable/types'
import type { Deps } from './core/deps'
import { edgeHeaders } from './http/edge'
import { errorHandler } from './http/error-handler'
import { AppError } from './http/errors'
import { maintenanceGate } from './http/maintenance'
import { apiSteps, chain } from './http/middleware'
import { mountApiDocs } from './http/openapi'
import { type AppEnv, currentAdmin } from './http/router'
import { validationHook } from './http/validation'
import { mountWebClient } from './http/web-client'

const API_PREFIXES = ['/api/', '/oauth/', '/post_login']

/**
 * `/api/me.json`, `/api/me` and `/api/me/` are the same route: for API paths a trailing
 * `.json` and a trailing slash are stripped before routing (`/post_login/` included).
 */
export function routingPath(request: Request): string {
  const url = request.url
  const start = url.indexOf('/', url.indexOf('://') + 3)
  const end = url.indexOf('?', start)
  let pathname = end === -1 ? url.slice(start) : url.slice(start, end)
  if (!API_PREFIXES.some((p) => pathname.startsWith(p))) return pathname
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1)
  if (pathname.endsWith('.json')) pathname = pathname.slice(0, -5)
  return pathname
}

const isApiPath = (p: string) => API_PREFIXES.some((prefix) => p.startsWith(prefix)) || p === '/api'

/** The whole HTTP surface (everything but the /cable upgrade) as one Hono app. */
export function createApp(deps: Deps, options: { cable?: CableServer } = {}) {
  const app = new OpenAPIHono<AppEnv>({ getPath: routingPath, defaultHook: validationHook })

  mountEdge(app, deps)
  mountAreas(app, deps, options.cable)
  mountApiDocs(app)

  if (options.cable) app.get('/cable', options.cable.handler)

  mountWebClient(app, deps.config.webDist, (p) => isApiPath(p) || p === '/cable')

  app.notFound((c) => {
    throw new AppError(
      isApiPath(c.req.path) ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND',
      `No route for ${c.req.method} ${c.req.path}`,
    )
  })
  return app
}

export type App = ReturnType<typeof createApp>

/** What every request meets before a route: errors, headers, the maintenance gate, body limits, the API steps, admin-only paths. */
function mountEdge(app: OpenAPIHono<AppEnv>, deps: Deps) {
  app.onError(errorHandler(deps.log))
  app.use('*', edgeHeaders(deps.tap ? { tap: deps.tap, wallNow: deps.clock.wallNow } : undefined))
  // Image uploads have their own, larger limit (over it: 422 on the file field).
  // First of all: while the database is swapped (docs/snapshots.md) every API request is a 503.
  const gate = maintenanceGate(deps)
  for (const prefix of ['/api/*', '/oauth/*', '/post_login', '/post_login/*']) app.use(prefix, gate)
  app.use(UPLOAD_PATH, uploadBodyLimit())
  for (const prefix of ['/api/*', '/oauth/*', '/post_login', '/post_login/*']) {
    const limited = bodyLimit({
      maxSize: deps.config.bodyLimitBytes,
      onError: () => {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The request body is larger than ${deps.config.bodyLimitBytes} bytes`,
        )
      },
    })
    const steps = apiSteps(deps)
    const limitedWrite = chain(limited, steps.write)
    // Reads carry no body; asking a GET for one makes node-server build a whole Request.
    app.use(prefix, (c, next) => {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return steps.read(c, next)
      if (c.req.path === UPLOAD_PATH) return steps.write(c, next)
      return limitedWrite(c, next)
    })
  }
  // Every admin route: 401 without a valid token, 403 for players.
  app.use('/api/admin/*', async (c, next) => {
    currentAdmin(c)
    await next()
  })
}

/** Every area's routes, in the order that keeps literal paths ahead of `{id}` ones. */
function mountAreas(app: OpenAPIHono<AppEnv>, deps: Deps, cable: CableServer | undefined) {
  app.route('/', authRoutes(deps))
  app.route('/', signUpRoutes(deps))
  app.route('/', userRoutes(deps))
  app.route('/', peopleRoutes(deps))
  app.route('/', otherRoutes(deps))
  app.route('/', leaderboardRoutes(deps))
  app.route('/', meRoutes(deps))
  app.route('/', notificationRoutes(deps))
  app.route('/', groupRoutes(deps))
  app.route('/', groupMessageRoutes(deps))
  app.route('/', catalogRoutes(deps))
  app.route('/', clockRoutes(deps))
  app.route('/', ledgerRoutes(deps))
  app.route('/', adminRoutes(deps))
  app.route('/', requestLogRoutes(deps))
  app.route('/', actAsRoutes(deps))
  app.route('/', classroomRoutes(deps))
  app.route('/', classroomReportRoutes(deps))
  app.route('/', exportRoutes(deps))
  app.route('/', snapshotRoutes(deps, cable))
  // Home before the contest routes: /api/contests/home must not be read as a contest id.
  app.route('/', homeRoutes(deps))
  // Before the contest routes: `/api/contests/rules/members` is not `/api/contests/{id}/members`.
  app.route('/', contestCreationRoutes(deps))
  app.route('/', contestOwnerRoutes(deps))
  app.route('/', contestBotRoutes(deps))
  // Same reason: /api/contests/access and /api/contests/prize_structure are not contest ids.
  app.route('/', contestAccessRoutes(deps))
  app.route('/', esportsRoutes(deps))
  app.route('/', prizeStructureRoutes(deps))
  app.route('/', socialReportRoutes(deps))
  app.route('/', reportRoutes(deps))
  app.route('/', postRoutes(deps))
  app.route('/', commentRoutes(deps))
  app.route('/', feedRoutes(deps))
  app.route('/', contestRoutes(deps))
  app.route('/', seriesContestRoutes(deps))
  app.route('/', championshipContestRoutes(deps))
  app.route('/', matchRoutes(deps))
  app.route('/', matchSquadRoutes(deps))
  app.route('/', seriesRoutes(deps))
  app.route('/', phasePlayerRoutes(deps))
  app.route('/', seriesLeaderboardRoutes(deps))
  app.route('/', gangRoutes(deps))
  app.route('/', teamRoutes(deps))
  app.route('/', championshipPhaseRoutes(deps))
  app.route('/', championshipTeamRoutes(deps))
  app.route('/', adminMatchRoutes(deps))
  app.route('/', matchFixtureRoutes(deps))
  app.route('/', replayRoutes(deps))
  app.route('/', walletRoutes(deps))
  app.route('/', mediaRoutes())
  app.route('/', crestRoutes(deps))
  app.route('/', auctionRoutes(deps))
  app.route('/', auctionManagerRoutes(deps))
  app.route('/', tournamentRoutes(deps))
}
