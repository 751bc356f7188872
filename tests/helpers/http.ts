import { createApp } from '../../server/app'
import type { Deps } from '../../server/core/deps'
import { makeUser } from './deps'

export interface Answer<T = any> {
  status: number
  body: T
  headers: Headers
}

/** Calls the real app in-process, JSON in and out. */
export function client(deps: Deps) {
  const app = createApp(deps)
  const call = async <T = any>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<Answer<T>> => {
    const headers: Record<string, string> = { 'x-fanspole-client': 'web', ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body: string | undefined
    if (options.raw !== undefined) body = options.raw
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    if (options.raw !== undefined) headers['content-type'] ??= 'application/json'
    const res = await app.request(path, { method, headers, body })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers }
  }
  const login = async (login: string, password: string) => {
    const res = await call('POST', '/oauth/token', {
      body: { grant_type: 'password', email: login, password },
    })
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body as { access_token: string; refresh_token: string }
  }
  return {
    app,
    call,
    get: <T = any>(path: string, token?: string) => call<T>('GET', path, { token }),
    post: <T = any>(path: string, body?: unknown, token?: string) => call<T>('POST', path, { body, token }),
    put: <T = any>(path: string, body?: unknown, token?: string) => call<T>('PUT', path, { body, token }),
    login,
    /** A new player with a signed-in token. */
    async player(username?: string) {
      const u = await makeUser(deps, { username })
      return { ...u, token: (await login(u.email, u.password)).access_token }
    },
    async admin() {
      const u = await makeUser(deps, { role: 'admin' })
      return { ...u, token: (await login(u.email, u.password)).access_token }
    },
  }
}
