import { accessToken, clearSession, refreshToken, storeTokens } from './session'

/**
 * The one way the web client talks to the server. Every request says who it is
 * (`X-Fanspole-Client: web`) and carries the bearer token when signed in. A 401 triggers
 * exactly one token refresh, shared by every request that hit it and by the other tabs
 * (refreshOnce); safe reads are retried twice on network errors and 5xx answers.
 */
export const CLIENT_ID = 'web'
const TOKEN_PATH = '/post_login/'
const SAFE_READ_RETRIES = 2

export type FieldErrors = Record<string, string[]>

/** A failed call, in the server's one error shape. Status 0 means the server was unreachable. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldErrors = {},
    readonly requestId?: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  get isValidation(): boolean {
    return this.status === 422 && Object.keys(this.fields).length > 0
  }
}

export interface TokenPair {
  access_token: string
  refresh_token: string
}

type Query = Record<string, string | number | boolean | undefined | null>

export interface RequestOptions {
  query?: Query
  body?: unknown
  signal?: AbortSignal
  /** Extra request headers, e.g. `Idempotency-Key` on a money-moving POST. */
  headers?: Record<string, string>
}

interface SessionHooks {
  /** Tokens were refreshed: reload the current user, reconnect live channels. */
  onRefreshed(): void
  /** The session is gone (refresh failed): the cookies are already cleared. */
  onExpired(): void
}
let hooks: SessionHooks = { onRefreshed: () => {}, onExpired: () => {} }
export function setSessionHooks(next: SessionHooks): void {
  hooks = next
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `${path}?${text}` : path
}

/** One request as it leaves the client: the body is already serialized, the headers say its type. */
interface Outgoing {
  method: string
  url: string
  headers: Record<string, string>
  body?: BodyInit
  signal?: AbortSignal | null
}

async function send(
  request: Outgoing,
  token: string | null,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Fanspole-Client': CLIENT_ID,
    ...request.headers,
    ...extraHeaders,
  }
  if (token) headers.Authorization = `Bearer ${token}`
  const init: RequestInit = {
    method: request.method,
    headers,
    body: request.body,
    signal: request.signal,
    credentials: 'same-origin',
  }
  const attempts = request.method === 'GET' ? 1 + SAFE_READ_RETRIES : 1
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(request.url, init)
      if (response.status >= 500 && attempt < attempts) continue
      return response
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error
      if (attempt >= attempts)
        throw new ApiError(0, 'NETWORK', 'Cannot reach the Fanspole server. Is it still running?')
    }
  }
}

/** Serializes a caller's body: JSON, except form data (file uploads), which sets its own multipart type. */
function outgoing(method: string, url: string, options: RequestOptions): Outgoing {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData
  const headers: Record<string, string> = { ...options.headers }
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json'
  const body =
    options.body === undefined
      ? undefined
      : isForm
        ? (options.body as FormData)
        : JSON.stringify(options.body)
  return { method, url, headers, body, signal: options.signal }
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  if (response.ok) return body as T
  const error = (body ?? {}) as { error?: string; code?: string; errors?: FieldErrors; request_id?: string }
  throw new ApiError(
    response.status,
    error.code ?? `HTTP_${response.status}`,
    error.error ?? `The server answered ${response.status} ${response.statusText}`.trim(),
    error.errors ?? {},
    error.request_id,
  )
}

let refreshing: Promise<boolean> | null = null
const REFRESH_LOCK = 'fanspole-token-refresh'

/**
 * One refresh for everyone in this tab who got a 401 with the access token `failed`.
 * Other tabs share the cookies: they take turns through a Web Lock, and a tab whose turn
 * comes after another tab's refresh finds the new pair in the cookies and uses it instead of
 * rotating again. (The server answers the same new pair to a refresh token presented twice
 * within a few seconds, so even tabs that race without the lock end up with one pair.)
 */
function refreshOnce(failed: string | null): Promise<boolean> {
  refreshing ??= inTurn(async () => {
    if (pairChanged(failed)) {
      hooks.onRefreshed()
      return true
    }
    return refreshTokens()
  }).finally(() => {
    refreshing = null
  })
  return refreshing
}

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? locks.request(REFRESH_LOCK, work) : work()
}

/** The cookies hold another access token than the one that was refused: someone refreshed. */
const pairChanged = (failed: string | null) => {
  const current = accessToken()
  return Boolean(current) && current !== failed
}

async function refreshTokens(): Promise<boolean> {
  const token = refreshToken()
  if (!token) return false
  let response: Response
  try {
    response = await send(
      outgoing('POST', TOKEN_PATH, { body: { grant_type: 'refresh_token', refresh_token: token } }),
      null,
    )
  } catch {
    // Unreachable server: the session may still be fine; let the caller see the network error.
    throw new ApiError(0, 'NETWORK', 'Cannot reach the Fanspole server. Is it still running?')
  }
  if (!response.ok) {
    // Busy or broken server: keep the session and report the problem; a refused token ends it.
    if (response.status === 429 || response.status >= 500) await parse(response)
    // Refused, but another tab stored a new pair meanwhile (a browser without Web Locks).
    const stored = refreshToken()
    if (stored && stored !== token) {
      hooks.onRefreshed()
      return true
    }
    return false
  }
  storeTokens((await response.json()) as TokenPair)
  // Once per refresh, however many requests were waiting for it.
  hooks.onRefreshed()
  return true
}

const NO_CACHE = { 'Cache-Control': 'private, no-cache, no-store, must-revalidate' }
const IDEMPOTENCY_KEY = 'Idempotency-Key'

/** One key per submitted action: a double click or a retry of the same request moves money once. */
export function newIdempotencyKey(): string {
  // getRandomValues, not randomUUID: the latter is missing on plain http from another device.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Every signed-in write carries an `Idempotency-Key`: the caller's (a form that keeps one across
 * its own retries), else a fresh one per call — the same on the resend after a token refresh.
 * An operation that moves money (/api/openapi.json documents the header on each) then runs once
 * however often the request arrives; the others ignore it.
 */
function withIdempotencyKey(request: Outgoing, anonymous: boolean): Outgoing {
  if (request.method === 'GET' || anonymous) return request
  if (Object.keys(request.headers).some((h) => h.toLowerCase() === 'idempotency-key')) return request
  return { ...request, headers: { ...request.headers, [IDEMPOTENCY_KEY]: newIdempotencyKey() } }
}

/** Sends with the session: the bearer token, and one shared refresh and a resend on a 401. */
async function exchange(requested: Outgoing): Promise<Response> {
  const path = new URL(requested.url, 'http://web.invalid').pathname
  const isTokenEndpoint = path.startsWith('/post_login') || path.startsWith('/oauth/token')
  const request = withIdempotencyKey(requested, isTokenEndpoint || !accessToken())
  const tokenUsed = accessToken()
  let response = await send(request, tokenUsed)
  if (response.status === 401 && !isTokenEndpoint) {
    const current = accessToken()
    if (current && current !== tokenUsed) {
      // Another request refreshed while this one was in flight: just use the new token.
      response = await send(request, current, NO_CACHE)
    } else if (await refreshOnce(tokenUsed)) {
      response = await send(request, accessToken(), NO_CACHE)
    } else {
      clearSession()
      hooks.onExpired()
    }
  }
  return response
}

export async function api<T>(method: string, path: string, requested: RequestOptions = {}): Promise<T> {
  return parse<T>(await exchange(outgoing(method, buildUrl(path, requested.query), requested)))
}

/**
 * The `fetch` of the typed client (lib/client.ts): the same session, retries and idempotency keys
 * as `api`, and every failed answer thrown as the one ApiError, so callers only see data.
 */
export async function sessionFetch(request: Request): Promise<Response> {
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    headers[name] = value
  })
  // A Blob keeps the bytes and the multipart boundary that the Content-Type names; it can be resent.
  const body = request.body === null ? undefined : await request.blob()
  const response = await exchange({
    method: request.method,
    url: request.url,
    headers,
    body,
    signal: request.signal,
  })
  if (!response.ok) await parse(response)
  return response
}

export const get = <T>(path: string, options?: RequestOptions) => api<T>('GET', path, options)
export const post = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  api<T>('POST', path, { ...options, body })
export const put = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  api<T>('PUT', path, { ...options, body })
export const del = <T>(path: string, options?: RequestOptions) => api<T>('DELETE', path, options)

/** The password grant (`email` may be a username). A 401 here is the caller's business. */
export function signIn(email: string, password: string): Promise<TokenPair> {
  return post<TokenPair>(TOKEN_PATH, { grant_type: 'password', email, password })
}
