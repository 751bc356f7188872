import { CLI_CLIENT_ID, callServer, idempotencyKey } from '../api'
import type { Answer } from '../api-types'
import { ApiError } from '../errors'

/**
 * The demo's own HTTP client: one signed-in session per account it drives (the admin, and
 * the seeded players who post and chat), kept in memory only — the demo never touches the
 * instructor's stored `fanspole login` session. A 401 (token expired, league reset) signs
 * in again once.
 */
export class DemoClient {
  private token: string | undefined

  /**
   * `password` null: the account's password is not known here (a server on a network made its
   * own, docs/classroom.md), so `actingFor` — the admin's client — takes a short-lived token of
   * the player's (POST /api/admin/users/{ref}/act_as), as `fanspole --as` does.
   */
  constructor(
    readonly server: string,
    readonly login: string,
    private readonly password: string | null,
    private readonly actingFor?: DemoClient,
  ) {}

  get = <T>(path: string) => this.request<T>('GET', path)
  post = <T>(path: string, body: unknown = {}) => this.request<T>('POST', path, body)

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const key = idempotencyKey(method)
    let answer = await callServer(this.server, method, path, body, await this.signedIn(), key)
    if (answer.status === 401) {
      this.token = undefined
      answer = await callServer(this.server, method, path, body, await this.signedIn(), key)
    }
    if (answer.status >= 200 && answer.status < 300) return answer.body as T
    const error = (answer.body ?? {}) as { error?: string; code?: string }
    throw new ApiError(answer.status, typeof error === 'object' ? error : {})
  }

  private async signedIn(): Promise<string> {
    if (this.token) return this.token
    if (this.password === null) {
      if (!this.actingFor) throw new Error(`no password for ${this.login} and no admin to act for it`)
      const answer = await this.actingFor.post<Answer<'/api/admin/users/{ref}/act_as', 'post'>>(
        `/api/admin/users/${encodeURIComponent(this.login)}/act_as`,
      )
      this.token = answer.access_token
      return this.token
    }
    const grant = {
      grant_type: 'password',
      email: this.login,
      password: this.password,
      client_id: CLI_CLIENT_ID,
    }
    const answer = await callServer(this.server, 'POST', '/oauth/token', grant)
    if (answer.status !== 200) {
      const error = (answer.body ?? {}) as { error?: string; code?: string }
      throw new ApiError(answer.status, {
        error: `could not sign in as ${this.login}: ${error.error ?? answer.status}`,
        code: error.code,
      })
    }
    this.token = (answer.body as { access_token: string }).access_token
    return this.token
  }
}

/** A refusal the demo expects now and then (a race with the clock, a rate limit): not a failure. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
}
