import type { MiddlewareHandler } from 'hono'
import type { Deps } from '../core/deps'
import { resolveAccessToken } from './access-tokens'
import { requestCount } from './answer-cache'
import { AppError } from './errors'
import { parseFields, selectEnvelope } from './fields'
import type { AppEnv } from './router'
import { resolveAccessTokenAt } from './token-cache'

/**
 * Forms are welcome wherever JSON is: the original clients posted multipart and
 * url-encoded bodies (register, sign-in, profile). Unless the form carries a file, it is
 * turned into the equivalent JSON object before routing, so one zod schema validates both.
 * A form that cannot be read (multipart without a boundary, a cut-off part) is a 400.
 */
export function formsAsJson(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const type = c.req.header('content-type') ?? ''
    const isForm =
      type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')
    if (isForm && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const form = await readForm(c.req.raw)
      // Keys come from the caller: a Map, so `constructor` or `__proto__` are plain names.
      const fields = new Map<string, string | string[]>()
      let hasFile = false
      for (const [key, value] of form.entries()) {
        if (typeof value !== 'string') {
          hasFile = true
          break
        }
        const existing = fields.get(key)
        if (existing === undefined) fields.set(key, value)
        else fields.set(key, Array.isArray(existing) ? [...existing, value] : [existing, value])
      }
      if (!hasFile) {
        const headers = new Headers(c.req.raw.headers)
        headers.set('content-type', 'application/json')
        headers.delete('content-length')
        c.req.raw = new Request(c.req.raw.url, {
          method: c.req.method,
          headers,
          body: JSON.stringify(Object.fromEntries(fields)),
        })
      }
    }
    await next()
  }
}

/** Parses a form body without consuming the request; an unreadable form is the caller's fault. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.clone().formData()
  } catch {
    throw new AppError(
      'BAD_REQUEST',
      'The form body could not be read (multipart/form-data needs a boundary and well-formed parts)',
    )
  }
}

/**
 * Resolves `Authorization: Bearer …` into `c.var.user`; a bad token only matters where sign-in
 * is required. The request's change count is read first, before any data (token-cache.ts).
 */
export function authenticate(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null)
    c.set('tokenProblem', null)
    c.set('dataMark', undefined)
    const header = c.req.header('authorization')
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
    if (match?.[1]) {
      const check = deps.config.answerCache
        ? await resolveAccessTokenAt(deps, match[1], requestCount(c, deps))
        : await resolveAccessToken(deps.db, match[1], deps.clock.wallNow())
      if (check.ok) c.set('user', check.user)
      else c.set('tokenProblem', check.problem)
    }
    await next()
  }
}

/**
 * Applies `?fields=` to successful JSON answers, of reads and of writes (spec §7 "POST comment
 * (content, fields)": a write answers the object it wrote, selected as a read would be).
 */
export function fieldSelection(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const spec = c.req.query('fields')
    // Parsed before the handler runs, so a bad selection is a 422 whatever the route.
    const tree = spec ? parseFields(spec) : null
    await next()
    if (!tree || c.res.status >= 300) return
    if (!c.res.headers.get('content-type')?.includes('application/json')) return
    const body = await c.res.json()
    const headers = new Headers(c.res.headers)
    headers.delete('content-length')
    c.res = new Response(JSON.stringify(selectEnvelope(body, tree)), { status: c.res.status, headers })
  }
}

/**
 * The API's own steps as one middleware: forms as JSON (writes only), the bearer token, and
 * `?fields=`. Each separate layer of middleware is a few promise hops more on every request,
 * a measurable part of a read served from the answer cache.
 */
export function apiSteps(deps: Deps): { read: MiddlewareHandler<AppEnv>; write: MiddlewareHandler<AppEnv> } {
  const forms = formsAsJson()
  const auth = authenticate(deps)
  const fields = fieldSelection()
  const read = chain(auth, fields)
  return { read, write: chain(forms, read) }
}

/** `outer` then `inner` as one middleware, as Hono composes them (a returned answer becomes `c.res`). */
export function chain(
  outer: MiddlewareHandler<AppEnv>,
  inner: MiddlewareHandler<AppEnv>,
): MiddlewareHandler<AppEnv> {
  return (c, next) =>
    outer(c, async () => {
      const res = await inner(c, next)
      if (res instanceof Response) c.res = res
    })
}
