import type { RouteConfig, RouteHandler, z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { moneyRoute } from './idempotency'
import { errors, jsonBody } from './responses'
import {
  type AppContext,
  type AppEnv,
  type AuthUser,
  bearerSecurity,
  type createRouter,
  currentUser,
} from './router'

type Router = ReturnType<typeof createRouter>
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
type ErrorStatus = Parameters<typeof errors>[number]
type Request = NonNullable<RouteConfig['request']>

/** What a route declares besides its method and path; the OpenAPI entry is built from it. */
export interface RouteSpec {
  /** Instead of the tags the declarer was made with. */
  tags?: string[]
  summary: string
  description?: string
  /** Signed-in callers only: the bearer security requirement and its 401 answer. */
  auth?: boolean
  middleware?: MiddlewareHandler<AppEnv> | MiddlewareHandler<AppEnv>[]
  params?: Request['params']
  query?: Request['query']
  /** A required JSON body (`jsonBody`); `requestBody` for any other kind. */
  body?: z.ZodType
  requestBody?: Request['body']
  /** The 200 answer; `responses` for the others. */
  ok?: RouteConfig['responses'][number]
  responses?: RouteConfig['responses']
  /** The error answers besides the 401 of `auth` (all share the one error shape). */
  errors?: ErrorStatus[]
}

/** A spec kept apart from its declaration (shared by routes alike), typed as a declaration would type it. */
export const routeSpec = <S extends RouteSpec>(spec: S): S => spec

/** An empty part: `unknown` would make the whole request unknown when a route takes no input. */
type Nothing = Record<never, never>
type Part<S, K extends string, As extends string = K> = S extends { [k in K]: infer T }
  ? { [a in As]: T }
  : Nothing

type RequestOf<S> = Part<S, 'params'> &
  Part<S, 'query'> &
  (S extends { body: infer B extends z.ZodType } ? { body: ReturnType<typeof jsonBody<B>> } : Nothing) &
  Part<S, 'requestBody', 'body'>

/** The route config @hono/zod-openapi would see for `spec`, so handlers keep its typing of input and answers. */
type RouteOf<M extends Method, P extends string, S> = {
  method: M
  path: P
  request: RequestOf<S>
  responses: (S extends { ok: infer A } ? { 200: A } : Nothing) &
    (S extends { responses: infer R } ? R : Nothing)
}

type Handler<R> = RouteHandler<Extract<R, RouteConfig>, AppEnv>
/** The handler of a signed-in route, given the caller (the sign-in check has already run). */
type SignedInHandler<R> = (c: Parameters<Handler<R>>[0], me: AuthUser) => ReturnType<Handler<R>>

type Declare<M extends Method> = <P extends string, S extends RouteSpec>(
  path: P,
  spec: S,
  handler: S extends { auth: true } ? SignedInHandler<RouteOf<M, P, S>> : Handler<RouteOf<M, P, S>>,
) => void

/** A money-moving declaration: always signed in (keys are per user). */
type DeclareMoney<M extends Method> = <P extends string, S extends RouteSpec & { auth: true }>(
  path: P,
  spec: S,
  handler: SignedInHandler<RouteOf<M, P, S>>,
) => void

/** What the `Idempotency-Key` middleware of a money-moving route needs. */
type MoneyDeps = Parameters<typeof moneyRoute>[0]

/** The OpenAPI route config of a declaration: keys in the order the document lists them. */
function routeConfig(method: Method, path: string, spec: RouteSpec, tags: string[]): RouteConfig {
  const { params, query, body, requestBody, ok, auth, errors: statuses = [] } = spec
  const request = {
    ...(params && { params }),
    ...(query && { query }),
    ...(body && { body: jsonBody(body) }),
    ...(requestBody && { body: requestBody }),
  }
  return {
    method,
    path,
    tags: spec.tags ?? tags,
    summary: spec.summary,
    ...(spec.description !== undefined && { description: spec.description }),
    ...(auth && { security: bearerSecurity }),
    ...(spec.middleware && { middleware: spec.middleware }),
    request,
    responses: {
      ...(ok && { 200: ok }),
      ...spec.responses,
      ...errors(...(auth ? [401, ...statuses] : statuses)),
    },
  }
}

/**
 * Route declarations on `app`, one method each: `route.get(path, spec, handler)`. The handler is
 * typed as `app.openapi` would type it (validated params, query and body; the declared answers),
 * and the router of `createRouter` still gives every route its edge (sign-in, text rules, 422).
 * A signed-in route's handler is also given the caller: `(c, me) => …`.
 *
 * `route.money.post(…)` (and put, delete) declares a money-moving operation as `moneyRoute` does:
 * it honours and documents `Idempotency-Key`, and its handler must work through
 * `requestDeps(c, deps)`. Those need the `deps` given here.
 */
export function routesOn(app: Router, tags: string[], deps?: MoneyDeps) {
  const declare =
    <M extends Method>(method: M, money = false): Declare<M> =>
    (path, spec, handler) => {
      const signedIn = handler as unknown as (c: AppContext, me: AuthUser) => unknown
      const answer = spec.auth ? (c: AppContext) => signedIn(c, currentUser(c)) : handler
      const config = routeConfig(method, path, spec, tags)
      app.openapi(money ? moneyRoute(moneyDeps(deps, config), config) : config, answer as never)
    }
  const declareMoney = <M extends Method>(method: M): DeclareMoney<M> =>
    declare(method, true) as DeclareMoney<M>
  return {
    get: declare('get'),
    post: declare('post'),
    put: declare('put'),
    patch: declare('patch'),
    delete: declare('delete'),
    money: { post: declareMoney('post'), put: declareMoney('put'), delete: declareMoney('delete') },
  }
}

function moneyDeps(deps: MoneyDeps | undefined, config: RouteConfig): MoneyDeps {
  if (deps) return deps
  throw new Error(`route.money ${config.method} ${config.path}: routesOn(app, tags, deps) needs the deps`)
}
