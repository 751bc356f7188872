import { randomUUID } from 'node:crypto'
import { loadConfig } from '../../server/index'
import type { Answer as AnswerOf, Schema } from './api-types'
import { forgetSession, readSession, type Session, saveSession } from './credentials'
import { ApiError, CliError } from './errors'
import { httpCall } from './http-call'
import type { Io } from './io'

/** The OAuth client id of the command line (seeded with the reference data). */
export const CLI_CLIENT_ID = 'cli'
const TIMEOUT_MS = 60_000

/** none: public calls; user: the stored session; admin: the stored session, else the configured admin. */
export type AuthMode = 'none' | 'user' | 'admin'

export interface Answer {
  status: number
  body: unknown
  /** The answer's headers, lower-case names (`fanspole api --include`). */
  headers?: Record<string, string>
}

type TokenPair = Schema<'TokenResponse'>

/**
 * A fresh Idempotency-Key for one write. A caller that sends the write again (after
 * refreshing its token) sends it with the same key, so an operation that moves money runs
 * once however often it arrives; operations that move no money ignore the header.
 */
export const idempotencyKey = (method: string): string | undefined =>
  method === 'GET' ? undefined : randomUUID()

export async function callServer(
  server: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  // Keys are per user: an anonymous call (the token grant) has nobody to keep one for.
  key: string | undefined = token ? idempotencyKey(method) : undefined,
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-fanspole-client': CLI_CLIENT_ID,
    ...extra,
  }
  if (token) headers.authorization = `Bearer ${token}`
  if (key) headers['idempotency-key'] = key
  if (body !== undefined) headers['content-type'] = 'application/json'
  let res: { status: number; text: string; headers: Record<string, string> }
  try {
    res = await httpCall(`${server}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: TIMEOUT_MS,
    })
  } catch (error) {
    const cause = (error as { code?: string }).code ?? (error as Error).message
    throw new CliError(`Cannot reach the server at ${server} (${cause})`, {
      code: 'UNREACHABLE',
      hint: 'Start one with `fanspole serve` (or `npm start`), or point --server / FANSPOLE_SERVER at it',
    })
  }
  const text = res.text
  let parsed: unknown = text
  try {
    parsed = text === '' ? null : JSON.parse(text)
  } catch {
    // Not JSON (a proxy's error page, say): keep the text for the message.
  }
  return { status: res.status, body: parsed, headers: res.headers } satisfies Answer
}

function unwrap<T>(answer: Answer, hint?: string): T {
  if (answer.status >= 200 && answer.status < 300) return answer.body as T
  const body =
    answer.body !== null && typeof answer.body === 'object'
      ? (answer.body as { error?: string; code?: string })
      : { error: String(answer.body ?? '').slice(0, 200) || undefined }
  throw new ApiError(answer.status, body, hint)
}

const sessionFrom = (pair: TokenPair, me: { email: string; username: string; role: Session['role'] }) => ({
  email: me.email,
  username: me.username,
  role: me.role,
  access_token: pair.access_token,
  refresh_token: pair.refresh_token,
  expires_at_ms: Date.now() + pair.expires_in * 1000,
  saved_at: new Date().toISOString(),
})

/** Password grant with the CLI's client id, then /api/me for who it is; stores nothing. */
export async function passwordLogin(server: string, login: string, password: string): Promise<Session> {
  const grant = { grant_type: 'password', email: login, password, client_id: CLI_CLIENT_ID }
  const pair = unwrap<TokenPair>(await callServer(server, 'POST', '/oauth/token', grant))
  const me = unwrap<AnswerOf<'/api/me'>>(
    await callServer(server, 'GET', '/api/me', undefined, pair.access_token),
  )
  return sessionFrom(pair, me.user)
}

/**
 * The configured admin's password was refused. Without FANSPOLE_ADMIN_PASSWORD that was the
 * README's, which a server on a network never keeps (docs/classroom.md, "On a LAN"): it has a
 * password of its own, printed once when it started. Says exactly what would work.
 */
export function adminSignInRefused(server: string, email: string, env: NodeJS.ProcessEnv): CliError {
  const login = `fanspole login --email ${email} --server ${server}`
  if (env.FANSPOLE_ADMIN_PASSWORD)
    return new CliError(`${server} refused FANSPOLE_ADMIN_PASSWORD for the admin ${email}`, {
      code: 'NOT_SIGNED_IN',
      hint: `Set FANSPOLE_ADMIN_PASSWORD (and FANSPOLE_ADMIN_EMAIL) to that server's admin, or sign in once: ${login}`,
    })
  return new CliError(
    `${server} refused the README's password for the admin ${email}: a server on a network (or one whose admin changed it) has a password of its own, printed when it started`,
    {
      code: 'NOT_SIGNED_IN',
      hint: `Sign in once with it: ${login} (the session is kept), or set FANSPOLE_ADMIN_PASSWORD=<it> for every command`,
    },
  )
}

/** The admin account the server was started with (FANSPOLE_ADMIN_EMAIL / _PASSWORD). */
export function configuredAdmin(io: Io): { email: string; password: string } {
  const { email, password } = loadConfig({}, io.env).admin
  return { email, password }
}

export class Api {
  private session: Session | undefined

  constructor(
    private readonly io: Io,
    readonly server: string,
    private readonly mode: AuthMode,
  ) {}

  get = <T>(path: string) => this.request<T>('GET', path)
  post = <T>(path: string, body?: unknown) => this.request<T>('POST', path, body ?? {})
  put = <T>(path: string, body?: unknown) => this.request<T>('PUT', path, body ?? {})
  delete = <T>(path: string) => this.request<T>('DELETE', path)

  /** A valid access token of whoever this caller is (for /cable), refreshed when it ran out. */
  async validToken(): Promise<string> {
    await this.get('/api/me')
    const token = this.session?.access_token
    if (!token) throw new CliError(`No session for ${this.server} to open /cable with`)
    return token
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const { answer, hint } = await this.exchange(method, path, body)
    return unwrap<T>(answer, hint)
  }

  /**
   * One call answered as it came (status, headers, body), whatever the status: `fanspole api`
   * prints a refusal's body too. Signs in, refreshes and acts `--as` exactly as request() does.
   */
  async exchange(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ answer: Answer; hint?: string }> {
    // `--as <username>`: every call of the command, public ones too, is the player's own.
    if (this.io.actAs)
      return { answer: await this.exchangeActingAs(this.io.actAs, method, path, body, headers) }
    if (this.mode === 'none')
      return { answer: await callServer(this.server, method, path, body, undefined, undefined, headers) }
    let session = this.session ?? readSession(this.io.env, this.server) ?? (await this.signInOrFail())
    const key = idempotencyKey(method)
    let answer = await callServer(this.server, method, path, body, session.access_token, key, headers)
    if (answer.status === 401) {
      session = (await this.refresh(session)) ?? (await this.signInOrFail(true, session.email))
      answer = await callServer(this.server, method, path, body, session.access_token, key, headers)
    }
    this.session = session
    // The hint is for admin commands only: a player's own command refused (a host without
    // access, a member who is not the captain) is about the player, not about signing in.
    const hint =
      answer.status === 403 && this.mode === 'admin' && session.role !== 'admin'
        ? `Signed in to ${this.server} as ${session.email} (${session.role}); admin commands need an admin: fanspole login --admin`
        : undefined
    return { answer, hint }
  }

  /**
   * An admin acting as a player (docs/classroom.md): a short-lived token of the player's from
   * POST /api/admin/users/{ref}/act_as, taken with the admin's session (the stored one, else
   * the configured admin) and kept in memory only — the credentials file keeps the admin.
   */
  private async exchangeActingAs(
    who: string,
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Answer> {
    let session = this.session ?? (await this.actAsSession(who))
    const key = idempotencyKey(method)
    let answer = await callServer(this.server, method, path, body, session.access_token, key, headers)
    if (answer.status === 401) {
      session = await this.actAsSession(who)
      answer = await callServer(this.server, method, path, body, session.access_token, key, headers)
    }
    this.session = session
    return answer
  }

  private async actAsSession(who: string): Promise<Session> {
    const admin = new Api({ ...this.io, actAs: undefined }, this.server, 'admin')
    try {
      const answer = await admin.post<AnswerOf<'/api/admin/users/{ref}/act_as', 'post'>>(
        `/api/admin/users/${encodeURIComponent(who)}/act_as`,
      )
      return {
        email: answer.user.email,
        username: answer.user.username,
        role: answer.user.role,
        access_token: answer.access_token,
        refresh_token: '',
        expires_at_ms: Date.now() + answer.expires_in * 1000,
        saved_at: new Date().toISOString(),
      }
    } catch (error) {
      if (!(error instanceof ApiError) || ![403, 404, 409].includes(error.status)) throw error
      throw new ApiError(
        error.status,
        { error: `--as ${who}: ${error.reason}`, code: error.code },
        error.status === 403
          ? (error.hint ?? 'Only an admin can act as a player, and only as a player')
          : undefined,
      )
    }
  }

  /**
   * Signs the configured admin in, for an admin command — or for any command whose session,
   * the configured admin's, was lost (a snapshot restore or league reset drops the sign-ins
   * made after the snapshot was saved: docs/snapshots.md). Anyone else is told what to run.
   */
  private async signInOrFail(expired = false, lost?: string): Promise<Session> {
    const admin = configuredAdmin(this.io)
    const again = expired && lost !== undefined && lost === admin.email
    if (this.mode !== 'admin' && !again) {
      const who = lost ? ` (${lost})` : ''
      throw new CliError(
        expired
          ? `Your session on ${this.server}${who} has expired or was revoked; a snapshot restore or league reset drops the sign-ins made after the snapshot was saved`
          : `Not signed in to ${this.server}`,
        {
          hint: `Sign in ${expired ? 'again' : 'first'}: fanspole login --server ${this.server}${lost ? ` --email ${lost}` : ''}`,
          code: 'NOT_SIGNED_IN',
        },
      )
    }
    try {
      const session = await passwordLogin(this.server, admin.email, admin.password)
      saveSession(this.io.env, this.server, session)
      // Said on stderr (stdout stays the command's own, JSON included): whoever runs an admin
      // command without signing in should know whose name it acts in.
      this.io.err(
        `note: signed in to ${this.server} as the default admin ${admin.email} (FANSPOLE_ADMIN_EMAIL); to act as someone else: fanspole login\n`,
      )
      return session
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error
      throw adminSignInRefused(this.server, admin.email, this.io.env)
    }
  }

  /**
   * One refresh with rotation. Another fanspole process may have rotated the pair already;
   * then its stored pair is used, since presenting our rotated refresh token again would
   * count as reuse and revoke the whole sign-in.
   */
  private async refresh(used: Session): Promise<Session | undefined> {
    const stored = readSession(this.io.env, this.server)
    if (stored && stored.access_token !== used.access_token) return stored
    const grant = { grant_type: 'refresh_token', refresh_token: used.refresh_token, client_id: CLI_CLIENT_ID }
    const answer = await callServer(this.server, 'POST', '/oauth/token', grant)
    if (answer.status === 401) {
      forgetSession(this.io.env, this.server)
      return undefined
    }
    const pair = unwrap<TokenPair>(answer)
    const renewed = sessionFrom(pair, used)
    saveSession(this.io.env, this.server, renewed)
    return renewed
  }
}
