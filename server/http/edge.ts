import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import type { Tap } from '../lib/tap'
import { watchRequest } from './request-tap'
import type { AppEnv } from './router'

const CSP_APP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ')
// The Swagger UI page boots itself with one inline script.
const CSP_DOCS = CSP_APP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")

/** What hono's secureHeaders() sets by default (no COEP; CORP same-origin), for every answer. */
const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
]

/** A caller's `X-Request-Id` kept as the answer's id; anything else gets a new UUID. */
export const CALLER_ID = /^[\w\-=]{1,255}$/

/** Every edge header of a JSON answer, as one plain record (one literal: no copying). */
export function jsonHeaders(requestId: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=15552000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'content-security-policy': CSP_APP,
    'x-request-id': requestId,
  }
}

/** Marks answers built with their edge headers already in place (`jsonAnswer`). */
const COMPLETE = Symbol('edge headers set')

/**
 * A JSON answer of `body` that already carries every header `edgeHeaders` would add, as a
 * plain record: @hono/node-server then writes it straight to the socket, where setting the
 * same headers afterwards goes through a Headers object and costs a tenth of a cached read.
 */
export function jsonAnswer(
  c: Context<AppEnv>,
  body: string | Uint8Array<ArrayBuffer>,
  status: 200 | 201 = 200,
): Response {
  const res = new Response(body, { status, headers: jsonHeaders(c.get('requestId')) })
  ;(res as Response & { [COMPLETE]?: true })[COMPLETE] = true
  return res
}

/**
 * The headers every answer carries, in one middleware: the request id (the caller's
 * `X-Request-Id` when it is a plain token, else a new UUID; errors quote it as `request_id`),
 * the security headers, and a Content-Security-Policy unless the route chose its own. While
 * someone listens to the server's log, the request is recorded too (request-tap.ts).
 *
 * One pass over the answer's headers instead of one per concern: each middleware that touched
 * `c.res.headers` after the handler turned the answer's plain header record into a Headers
 * object and set its values again, a measurable part of a small read.
 */
export function edgeHeaders(tap?: { tap: Tap; wallNow: () => number }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header('x-request-id')
    const id = given !== undefined && CALLER_ID.test(given) ? given : randomUUID()
    c.set('requestId', id)
    // Recorded only while an admin listens (lib/tap.ts): otherwise one comparison.
    if (tap?.tap.active()) await watchRequest(c, next, tap.tap, tap.wallNow)
    else await next()
    if ((c.res as Response & { [COMPLETE]?: true })[COMPLETE]) return
    const headers = c.res.headers
    headers.set('X-Request-Id', id)
    for (const [name, value] of SECURITY_HEADERS) headers.set(name, value)
    if (!headers.has('Content-Security-Policy'))
      headers.set('Content-Security-Policy', c.req.path === '/api/docs' ? CSP_DOCS : CSP_APP)
  }
}
