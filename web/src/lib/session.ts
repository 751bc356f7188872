import { HOME_PATH, LANDING_PATH } from './paths'

/**
 * The session lives where the original client kept it: `at` and `rt` cookies for one year
 * (the server's /cable reads `at` on the upgrade) and a few profile values in localStorage
 * so the header can show name, level and balance before /api/me answers.
 */
const ONE_YEAR_SECONDS = 31_536_000
export const ME_KEYS = [
  'me_display_name',
  'me_team_name',
  'me_image',
  'me_cricket_level',
  'me_current_balance',
] as const
const LAST_PATH_KEY = 'last_visited_path'

type Listener = () => void
const listeners = new Set<Listener>()
const notify = () => {
  for (const listener of listeners) listener()
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return null
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the cookies must be readable by the /cable upgrade, and CookieStore is async
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax`
}

export const accessToken = () => readCookie('at')
export const refreshToken = () => readCookie('rt')
export const isSignedIn = () => Boolean(accessToken())

export function storeTokens(tokens: { access_token: string; refresh_token: string }): void {
  writeCookie('at', tokens.access_token, ONE_YEAR_SECONDS)
  writeCookie('rt', tokens.refresh_token, ONE_YEAR_SECONDS)
  notify()
}

/** Forgets the tokens and every cached profile value. */
export function clearSession(): void {
  writeCookie('at', '', 0)
  writeCookie('rt', '', 0)
  for (const key of ME_KEYS) localStorage.removeItem(key)
  notify()
}

/** For useSyncExternalStore: the access token is the snapshot, so sign-in and sign-out re-render. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
export const sessionSnapshot = () => accessToken() ?? ''

/** The spec's rule: remember where the user was, unless it is a login, signup or logout page. */
export function rememberPath(path: string): void {
  if (/login|signup|logout/.test(path)) return
  localStorage.setItem(LAST_PATH_KEY, path)
}

/** Where to go after signing in: the remembered page, or home. */
export function returnPath(): string {
  const path = localStorage.getItem(LAST_PATH_KEY)
  // The pitch and a used reset link are no place to return to.
  if (!path || path === '/' || path.startsWith(LANDING_PATH) || path.startsWith('/reset-password'))
    return HOME_PATH
  return path
}

export interface CachedMe {
  displayName: string | null
  teamName: string | null
  image: string | null
  level: number | null
  balance: number | null
}

export function cacheMe(user: {
  display_name: string
  team_name: string | null
  image: string | null
  cricket_level: { level: number }
  current_balance: number
}): void {
  localStorage.setItem('me_display_name', user.display_name)
  localStorage.setItem('me_team_name', user.team_name ?? '')
  localStorage.setItem('me_image', user.image ?? '')
  localStorage.setItem('me_cricket_level', String(user.cricket_level.level))
  localStorage.setItem('me_current_balance', String(user.current_balance))
}

export function cachedMe(): CachedMe {
  const number = (key: string) => {
    const raw = localStorage.getItem(key)
    return raw === null || raw === '' || Number.isNaN(Number(raw)) ? null : Number(raw)
  }
  return {
    displayName: localStorage.getItem('me_display_name'),
    teamName: localStorage.getItem('me_team_name') || null,
    image: localStorage.getItem('me_image') || null,
    level: number('me_cricket_level'),
    balance: number('me_current_balance'),
  }
}
