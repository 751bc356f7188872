import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'

/**
 * Where a /cable client's access token may travel. Browsers cannot set headers on a
 * WebSocket, so the web client relies on its `at` cookie (or `?access_token=`); the CLI and
 * other non-browser clients send `Authorization: Bearer`. The most explicit one wins:
 * header, then query, then cookie (a stale cookie must not shadow a fresh token).
 */
export function accessTokenFrom(c: Context): string | null {
  const header = c.req.header('authorization')
  const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined
  if (bearer) return bearer
  const query = c.req.query('access_token')
  if (query) return query
  const cookie = getCookie(c, 'at')
  return cookie || null
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
