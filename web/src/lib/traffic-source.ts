import { post } from './api'

/**
 * Where this visit came from (spec §7 `POST traffic_sources`, docs/social.md): the UTM fields
 * of the URL the browser session landed on, the referring site and the landing path. Read
 * once per browser session (sessionStorage), recorded once, and kept for the session so a
 * sign-up in it carries the same fields (`POST /api/users` accepts them).
 */
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
const STORE_KEY = 'fanspole.traffic-source'
const MAX_UTM = 200
const MAX_URL = 2000

export type TrafficSource = Partial<Record<(typeof UTM_KEYS)[number] | 'referrer' | 'landing_path', string>>

/** The visit's origin from a landing URL and referrer; empty when it says nothing (a direct visit). */
export function trafficSourceOf(href: string, referrer: string): TrafficSource {
  const url = new URL(href)
  const source: TrafficSource = {}
  for (const key of UTM_KEYS) {
    const value = url.searchParams.get(key)?.trim()
    if (value) source[key] = value.slice(0, MAX_UTM)
  }
  // Our own pages as referrer say nothing about where the visitor came from.
  let external = ''
  try {
    if (referrer && new URL(referrer).origin !== url.origin) external = referrer
  } catch {
    external = ''
  }
  if (external) source.referrer = external.slice(0, MAX_URL)
  if (Object.keys(source).length > 0) source.landing_path = (url.pathname + url.search).slice(0, MAX_URL)
  return source
}

/** The session's traffic source (UTM fields only), for the sign-up body. */
export function sessionUtm(): TrafficSource {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as TrafficSource
    return Object.fromEntries(Object.entries(stored).filter(([key]) => key.startsWith('utm_')))
  } catch {
    return {}
  }
}

/** On boot: the first page of a browser session records where it came from, if anywhere. */
export function recordTrafficSourceOnce(): void {
  try {
    if (sessionStorage.getItem(STORE_KEY) !== null) return
    const source = trafficSourceOf(window.location.href, document.referrer)
    sessionStorage.setItem(STORE_KEY, JSON.stringify(source))
    // Nothing to say, nothing sent; a refused or failed record never bothers the visitor.
    if (Object.keys(source).length > 0) void post('/api/traffic_sources', source).catch(() => undefined)
  } catch {
    // Storage blocked (private mode settings): no session to remember it in, so record nothing.
  }
}
