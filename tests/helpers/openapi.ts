/**
 * The operations of `/api/openapi.json`, read from the real app, so tests that walk "every
 * operation" cover new ones as soon as they are declared.
 */

export interface Operation {
  method: string
  /** The OpenAPI path, `{id}` placeholders included. */
  path: string
  /** Path parameter names, in order. */
  params: string[]
  /** Declares `security: Bearer` (sign-in required). */
  secured: boolean
  /** Request media types (`application/json`, `multipart/form-data`, …); empty without a body. */
  bodyTypes: string[]
  bodySchema: any
  op: any
}

export type OpenApiDoc = any

export async function openApiDoc(app: { request: (path: string) => Response | Promise<Response> }) {
  const res = await app.request('/api/openapi.json')
  if (res.status !== 200) throw new Error(`openapi.json answered ${res.status}`)
  return (await res.json()) as OpenApiDoc
}

export function operations(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = []
  for (const [path, item] of Object.entries<Record<string, OpenApiDoc>>(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
      const content = op.requestBody?.content ?? {}
      const bodyTypes = Object.keys(content)
      out.push({
        method: method.toUpperCase(),
        path,
        params: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string),
        secured: (op.security ?? []).some((s: object) => Object.hasOwn(s, 'Bearer')),
        bodyTypes,
        bodySchema: resolve(doc, content['application/json']?.schema ?? content[bodyTypes[0] ?? '']?.schema),
        op,
      })
    }
  }
  return out
}

/** Follows a `$ref` into `components.schemas`. */
export function resolve(doc: OpenApiDoc, schema: OpenApiDoc): OpenApiDoc {
  let s = schema
  for (let i = 0; s?.$ref && i < 10; i++) s = doc.components.schemas[s.$ref.split('/').pop()]
  return s
}

/** The path with every placeholder filled: `fill('/a/{id}/b/{x}', { id: 3 }, '1')` → `/a/3/b/1`. */
export function fillPath(path: string, values: Record<string, string | number>, fallback = '1'): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(Object.hasOwn(values, name) ? values[name] : fallback)),
  )
}

export const label = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`

/** A request input that carries a guessable code: a path or query parameter, or a body field. */
export interface CodeInput {
  in: 'path' | 'query' | 'body'
  name: string
}

/**
 * The inputs of an operation named like a code (`code`, `invite_code`, `ref_code`,
 * `squad_invite_code` …): every one is something a caller could guess by trying, so every
 * operation with one sits behind the code-lookup limiter (server/http/code-lookup.ts).
 */
export function codeInputs(doc: OpenApiDoc, op: Operation): CodeInput[] {
  const isCode = (name: string) => /(^|_)code$/.test(name)
  const found: CodeInput[] = []
  for (const p of op.op.parameters ?? [])
    if ((p.in === 'path' || p.in === 'query') && isCode(p.name)) found.push({ in: p.in, name: p.name })
  const props = (schema: OpenApiDoc): string[] => {
    const s = resolve(doc, schema)
    if (!s) return []
    return [
      ...Object.keys(s.properties ?? {}),
      ...[...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap(props),
    ]
  }
  for (const name of new Set(props(op.bodySchema))) if (isCode(name)) found.push({ in: 'body', name })
  return found
}
