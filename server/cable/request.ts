import type { IncomingMessage } from 'node:http'
import { parse as parseCookies } from 'hono/utils/cookie'

/**
 * Where a /cable client's access token may travel. Browsers cannot set headers on a
 * WebSocket, so the web client relies on its `at` cookie (or `?access_token=`); the CLI and
 * other non-browser clients send `Authorization: Bearer`. The most explicit one wins:
 * header, then query, then cookie (a stale cookie must not shadow a fresh token).
 */
export function accessTokenFrom(request: IncomingMessage): string | null {
  const header = request.headers.authorization
  const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined
  if (bearer) return bearer
  const target = request.url ?? ''
  const query = target.indexOf('?')
  if (query !== -1) {
    const token = new URLSearchParams(target.slice(query + 1)).get('access_token')
    if (token) return token
  }
  const cookie = request.headers.cookie
  return (cookie && parseCookies(cookie, 'at').at) || null
}

/**
 * Why an HTTP upgrade is not a /cable connection (answered 404, as Rails does), or null: the
 * path is `/cable` (`.json` optional, as on every path), the upgrade is to WebSocket, and the
 * origin passes the cross-site WebSocket hijacking guard (`originAllowed`).
 */
export function upgradeRefusal(request: IncomingMessage, allowedOrigins: string[] | null): string | null {
  const target = request.url ?? ''
  const query = target.indexOf('?')
  const path = query === -1 ? target : target.slice(0, query)
  if (path !== '/cable' && path !== '/cable.json') return 'not /cable'
  if (request.headers.upgrade?.toLowerCase() !== 'websocket') return 'not a WebSocket upgrade'
  if (!originAllowed(request.headers.origin, allowedOrigins)) return 'origin not allowed'
  return null
}

/**
 * Cross-site WebSocket hijacking guard: a browser sends the `at` cookie with any page's
 * upgrade request, so when an allow-list is configured the `Origin` must be on it.
 * Non-browser clients send no Origin and are let through; `null` turns the check off.
 */
export function originAllowed(origin: string | undefined, allowed: string[] | null): boolean {
  if (allowed === null || origin === undefined) return true
  return allowed.includes(origin)
}
