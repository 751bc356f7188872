import type { components, paths } from '../../server/http/api-types.gen'

/**
 * The server's request and response types, generated from /api/openapi.json
 * (`npm run gen:api`): the CLI declares none of its own, so a renamed field breaks its
 * typecheck. Where the server still answers `z.record(unknown)`, the command keeps a narrow
 * local type marked `TODO(schema)`.
 */
export type Schema<K extends keyof components['schemas']> = components['schemas'][K]

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : never

/** The JSON body of a route's success (200, else 201), by its path as the document spells it. */
export type Answer<P extends keyof paths, M extends Method = 'get'> = paths[P][M] extends {
  responses: infer R
}
  ? R extends { 200: infer Ok }
    ? JsonOf<Ok>
    : R extends { 201: infer Created }
      ? JsonOf<Created>
      : never
  : never

/** The JSON body a route takes. */
export type Body<P extends keyof paths, M extends Method = 'post'> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer T } }
}
  ? T
  : never
