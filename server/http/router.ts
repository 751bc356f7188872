import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi'
import type { Context, Handler, MiddlewareHandler } from 'hono'
import type { TxScope } from '../db/tx'
import { AppError, forbidden, invalid, unauthorized } from './errors'
import { textErrors } from './text'
import { validationHook } from './validation'

/** The signed-in caller, resolved from the bearer token by the auth middleware. */
export interface AuthUser {
  id: number
  slug: string
  username: string
  email: string
  role: 'player' | 'admin'
  tokenId: number
  familyId: string
  clientId: string
}

export interface AppEnv {
  /** Node's request/response pair in production; absent for in-process test requests. */
  Bindings: object
  Variables: {
    requestId: string
    user: AuthUser | null
    /** Why a presented token was refused (expired, revoked, unknown) — for the 401 message. */
    tokenProblem: string | null
    /** The request's own transaction, on idempotent routes (`requestDeps`). */
    txScope: TxScope | null
    /** The database's change count, read once per request before any data (answer-cache.ts). */
    dataMark: number | undefined
  }
}

/**
 * Every area builds its routes on one of these, so every route inherits the same edge:
 * - a route that declares `security: bearerSecurity` answers 401 to a caller without a
 *   valid token before any of its input is validated (a signed-out caller learns nothing
 *   about the fields), because route middleware runs before the zod validators;
 * - every input error becomes the 422 shape;
 * - every string of the validated input (path, query, JSON or form body) obeys the text
 *   rules of `./text` (no control or bidi-override characters, one line unless the schema
 *   is `multilineText()`), checked after zod so the paths are the schema's.
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  const register = router.openapi
  router.openapi = ((route: RouteConfig, handler: Handler<AppEnv>, hook?: unknown) => {
    const own = route.middleware === undefined ? [] : [route.middleware].flat()
    const middleware = requiresSignIn(route) ? [signedIn, ...own] : own
    const checked: Handler<AppEnv> = (c, next) => {
      checkInputText(c, route)
      return handler(c, next)
    }
    return register({ ...route, middleware } as never, checked as never, hook as never)
  }) as typeof register
  return router
}

const requiresSignIn = (route: RouteConfig) =>
  route.security?.some((requirement) => Object.hasOwn(requirement, 'Bearer')) ?? false

const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  currentUser(c)
  await next()
}

/** The validated inputs of a route and the schemas that validated them. */
function validatedInputs(c: AppContext, route: RouteConfig): Array<[unknown, unknown]> {
  const request = route.request
  if (!request) return []
  // biome-ignore lint/suspicious/noExplicitAny: hono types `valid` per route; here any target is asked for
  const valid = (c.req.valid as (target: string) => any).bind(c.req)
  const inputs: Array<[unknown, unknown]> = []
  if (request.params) inputs.push([valid('param'), request.params])
  if (request.query) inputs.push([valid('query'), request.query])
  for (const [mediaType, content] of Object.entries(request.body?.content ?? {})) {
    const schema = content && 'schema' in content ? content.schema : undefined
    if (!schema || typeof schema !== 'object' || !('_zod' in schema)) continue
    const target = /json/.test(mediaType) ? 'json' : /form/.test(mediaType) ? 'form' : null
    if (target) inputs.push([valid(target), schema])
  }
  return inputs
}

function checkInputText(c: AppContext, route: RouteConfig): void {
  // Field names may come from the caller (record keys): merged through a Map.
  const errors = new Map<string, string[]>()
  for (const [value, schema] of validatedInputs(c, route))
    for (const [field, messages] of Object.entries(textErrors(value, schema))) errors.set(field, messages)
  if (errors.size > 0) throw invalid(Object.fromEntries(errors))
}

export type AppContext = Context<AppEnv>

export function currentUser(c: AppContext): AuthUser {
  const user = c.get('user')
  if (user) return user
  const problem = c.get('tokenProblem')
  if (problem) throw new AppError('INVALID_TOKEN', problem)
  throw unauthorized()
}

export function currentAdmin(c: AppContext): AuthUser {
  const user = currentUser(c)
  if (user.role !== 'admin') throw forbidden('Only an admin can do that')
  return user
}

export const bearerSecurity = [{ Bearer: [] as string[] }]

/**
 * One router carrying an area's sub-routers at `/`, each built from the same deps. The order is
 * the mount order: where two paths overlap (a fixed segment beside `{id}`), the earlier wins.
 */
export function mountedRoutes<D>(
  deps: D,
  parts: ReadonlyArray<(deps: D) => ReturnType<typeof createRouter>>,
) {
  const app = createRouter()
  for (const part of parts) app.route('/', part(deps))
  return app
}
