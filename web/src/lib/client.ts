import createClient from 'openapi-fetch'
import type { components, paths } from '../../../server/http/api-types.gen'
import { buildUrl, sessionFetch } from './api'

/**
 * The typed API client: paths, parameters, request and response bodies come from the server's
 * schemas (server/http/api-types.gen.ts, `npm run gen:api`), so a renamed field fails the web's
 * typecheck. It sends through lib/api.ts (session, refresh, retries, idempotency keys) and throws
 * the one ApiError on a failed answer, so `data(http.GET(…))` is the body or a throw.
 */
export const http = createClient<paths>({
  fetch: sessionFetch,
  // The query as lib/api.ts has always sent it: empty, null and undefined values left out.
  querySerializer: (query) => buildUrl('', query as Parameters<typeof buildUrl>[1]).slice(1),
})

/** The body of a call through `client`; a failure has already been thrown as an ApiError. */
export async function data<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  return (await call).data as T
}

/** A named schema of the OpenAPI document, e.g. `Schema<'Contest'>`. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N]

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
type Json<R> = R extends { content: { 'application/json': infer J } } ? J : never
type Success<R> = R extends { 200: infer A } ? Json<A> : R extends { 201: infer A } ? Json<A> : never

/** The JSON answer of a path's operation, e.g. `Body<'/api/leaderboards', 'get'>`. */
export type Body<P extends keyof paths, M extends Method = 'get'> = paths[P][M] extends {
  responses: infer R
}
  ? Success<R>
  : never

/** The JSON request body of a path's operation. */
export type RequestBody<P extends keyof paths, M extends Method = 'post'> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer J } }
}
  ? J
  : never

/** The query parameters of a path's operation. */
export type Query<P extends keyof paths, M extends Method = 'get'> = paths[P][M] extends {
  parameters: { query?: infer Q }
}
  ? Q
  : never
