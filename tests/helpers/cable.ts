import { createRequire } from 'node:module'
import { sql } from 'kysely'
import { afterAll, beforeAll } from 'vitest'
import WebSocket from 'ws'
import { type Config, ephemeralDatabase, loadConfig } from '../../server/core/config'
import { type RunningServer, startServer } from '../../server/main'
import { makeUser } from './deps'
import { validTeamBody } from './league'

/**
 * /cable test kit: a real listening server, the official @rails/actioncable client running in
 * Node (reference/actioncable.md §3.6), and a raw `ws` client for wire-level checks.
 */

export interface CableServerOptions {
  port?: number
  /** A database that outlives the server (see `durableDatabase`); a fresh ephemeral one by default. */
  database?: Partial<Config>
  cable?: Partial<Config['cable']>
}

export async function startCableServer(options: CableServerOptions = {}): Promise<RunningServer> {
  const defaults = loadConfig({}, {}).cable
  const config = loadConfig(
    {
      ...(options.database ?? ephemeralDatabase(process.env)),
      port: options.port ?? 0,
      logLevel: 'silent',
      cable: { ...defaults, ...options.cable },
    },
    {},
  )
  return startServer(config, { seedIfEmpty: false })
}

export const cableUrl = (server: RunningServer, query = '') => `ws://127.0.0.1:${server.port}/cable${query}`

/**
 * A server with the demo league seeded (no demo users), its simulations left to the test: for
 * channels that stream a match, a contest or a phase. `database` is the per-leg scratch one by default.
 */
export function startLeagueServer(database: Partial<Config> = ephemeralDatabase()): Promise<RunningServer> {
  return startServer(loadConfig({ ...database, port: 0, logLevel: 'silent', autoSimulate: false }, {}), {
    seedIfEmpty: true,
    seedUsers: 0,
  })
}

export interface CableKit {
  server: RunningServer
  /** Signed in when asked for (`admin: true`). */
  admin: Awaited<ReturnType<typeof signedInUser>>
}

/** One server for the whole file (a league one with `league`), closed after it; an admin if asked. */
export function cableServer(
  options: CableServerOptions & { league?: boolean | Partial<Config>; admin?: boolean } = {},
): CableKit {
  const kit = {} as CableKit
  beforeAll(async () => {
    const { league, admin, ...server } = options
    kit.server = league
      ? await startLeagueServer(league === true ? undefined : league)
      : await startCableServer(server)
    if (admin) kit.admin = await signedInUser(kit.server, 'admin')
  })
  afterAll(() => kit.server.close())
  return kit
}

/**
 * JSON calls to a listening server as a signed-in caller; `web` sends the web client's header
 * as the browser app does.
 */
export function jsonCaller(server: () => RunningServer, options: { web?: boolean } = {}) {
  return async (method: string, path: string, token: string, body?: unknown) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    }
    if (options.web) headers['x-fanspole-client'] = 'web'
    const res = await fetch(`${server().url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as any }
  }
}

/** Saves a valid cricket team for `matchId` as the caller (the seeds' picker, seeded by `salt`); answers its id. */
export async function savedTeam(server: RunningServer, token: string, matchId: number, salt: string) {
  const body = await validTeamBody(server.deps, matchId, 'cricket', salt)
  const res = await jsonCaller(() => server, { web: true })(
    'POST',
    `/api/matches/${matchId}/user_teams`,
    token,
    body,
  )
  if (res.status !== 201) throw new Error(`team not saved: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.user_team.id as number
}

/** A JSON request to a listening server as the web app sends it (a content type only with a body). */
export function webRequest(
  server: RunningServer,
  method: string,
  url: string,
  token: string,
  body?: unknown,
) {
  return fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      authorization: `Bearer ${token}`,
      'x-fanspole-client': 'web',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** A raw socket signed in with `token` (as the access_token query), past its welcome. */
export async function signedInCable(server: RunningServer, token: string): Promise<RawCable> {
  const cable = await rawCable(cableUrl(server, `?access_token=${token}`))
  await cable.take((f) => f.type === 'welcome')
  return cable
}

/** A raw socket signed in with `token`, past its welcome, subscribed to each identifier (confirmed). */
export async function subscribedCable(server: RunningServer, token: string, ...identifiers: string[]) {
  const cable = await signedInCable(server, token)
  for (const identifier of identifiers) {
    cable.subscribe(identifier)
    await cable.take((f) => f.type === 'confirm_subscription' && f.identifier === identifier)
  }
  return cable
}

/** A new account on the server and a real access token from POST /oauth/token. */
export async function signedInUser(server: RunningServer, role: 'player' | 'admin' = 'player') {
  const user = await makeUser(server.deps, { role })
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fanspole-client': 'web' },
    body: JSON.stringify({ grant_type: 'password', email: user.email, password: user.password }),
  })
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  const body = (await res.json()) as { access_token: string }
  return { ...user, token: body.access_token }
}

/** Polls until `check` passes (for server-side state such as connection counts). */
export async function eventually(check: () => boolean, timeoutMs = 3000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

// ---- the official client -------------------------------------------------------------

export interface AcSubscription {
  identifier: string
  perform(action: string, data?: Record<string, unknown>): boolean
  send(data: Record<string, unknown>): boolean
  unsubscribe(): void
}

export interface AcConsumer {
  subscriptions: { create(params: string | Record<string, unknown>, mixin: object): AcSubscription }
  connection: { isOpen(): boolean; getProtocol(): string | undefined; monitor: { isRunning(): boolean } }
  connect(): void
  disconnect(): void
}

export interface ActionCableModule {
  createConsumer(url: string | (() => string)): AcConsumer
  adapters: { WebSocket: unknown }
  ConnectionMonitor: { staleThreshold: number }
  logger: { enabled: boolean }
}

/**
 * The library in Node: no-op global listeners (its monitor registers `visibilitychange`
 * bare), ws as the WebSocket class, and always an absolute ws:// URL (anything else reads
 * `document`). Loaded with require because the package ships no type declarations.
 */
export function actionCable(): ActionCableModule {
  const g = globalThis as { addEventListener?: unknown; removeEventListener?: unknown }
  g.addEventListener ??= () => {}
  g.removeEventListener ??= () => {}
  const mod = createRequire(import.meta.url)('@rails/actioncable') as ActionCableModule
  mod.adapters.WebSocket = WebSocket
  return mod
}

export type AcEvent =
  | { kind: 'connected'; reconnected: boolean }
  | { kind: 'disconnected'; willAttemptReconnect: boolean }
  | { kind: 'rejected' }
  | { kind: 'received'; message: any }

/** Subscribes and records every callback, in order. */
export function watch(consumer: AcConsumer, params: string | Record<string, unknown>) {
  const events: AcEvent[] = []
  const subscription = consumer.subscriptions.create(params, {
    connected: (d: { reconnected: boolean }) =>
      events.push({ kind: 'connected', reconnected: d.reconnected }),
    disconnected: (d: { willAttemptReconnect: boolean }) =>
      events.push({ kind: 'disconnected', willAttemptReconnect: d.willAttemptReconnect }),
    rejected: () => events.push({ kind: 'rejected' }),
    received: (message: unknown) => events.push({ kind: 'received', message }),
  })
  const waitFor = async <K extends AcEvent['kind']>(kind: K, count = 1, timeoutMs = 5000) => {
    const matching = () => events.filter((e): e is Extract<AcEvent, { kind: K }> => e.kind === kind)
    await eventually(() => matching().length >= count, timeoutMs, `${count} × ${kind}`)
    return matching()
  }
  return { subscription, events, waitFor }
}

// ---- a raw client -----------------------------------------------------------------------

export type Frame = Record<string, any>

export interface RawCable {
  ws: WebSocket
  /** Every frame received, pings included. */
  frames: Frame[]
  closed: Promise<{ code: number; reason: string }>
  send(frame: unknown): void
  /** The next frame not yet taken that is not a ping (or matches `match`), waiting if needed. */
  take(match?: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>
  /** Fails if a non-ping frame arrives within `ms`. */
  expectSilence(ms: number): Promise<void>
  subscribe(identifier: string): void
  close(): Promise<void>
}

const notPing = (f: Frame) => f.type !== 'ping'

export function rawCable(
  url: string,
  options: { protocols?: string[]; headers?: Record<string, string> } = {},
): Promise<RawCable> {
  const ws = new WebSocket(url, options.protocols ?? ['actioncable-v1-json', 'actioncable-unsupported'], {
    headers: options.headers,
  })
  const frames: Frame[] = []
  const taken = new Set<Frame>()
  ws.on('message', (data, isBinary) => {
    if (!isBinary) frames.push(JSON.parse(data.toString()))
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  const cable: RawCable = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    async take(match = notPing, timeoutMs = 3000) {
      let found: Frame | undefined
      await eventually(
        () => {
          found = frames.find((f) => !taken.has(f) && match(f))
          return found !== undefined
        },
        timeoutMs,
        'a frame',
      )
      taken.add(found as Frame)
      return found as Frame
    },
    async expectSilence(ms) {
      const before = frames.filter((f) => !taken.has(f) && notPing(f)).length
      await new Promise((r) => setTimeout(r, ms))
      const after = frames.filter((f) => !taken.has(f) && notPing(f))
      if (after.length > before) throw new Error(`expected silence, got ${JSON.stringify(after)}`)
    },
    subscribe: (identifier) => cable.send({ command: 'subscribe', identifier }),
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return
      ws.close()
      await closed
    },
  }
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(cable))
    ws.once('error', reject)
  })
}

export const NOTIFICATIONS = JSON.stringify({ channel: 'NotificationsChannel' })

/**
 * Holds the database in an open write transaction until released. /cable authentication
 * then waits, which is how a test gets frames to arrive before `welcome`. SQLite's one
 * connection waits behind any open transaction; PostgreSQL readers do not wait for writers, so
 * there the transaction also locks the token table that authentication reads.
 */
export async function holdDatabase(server: RunningServer): Promise<() => Promise<void>> {
  let release: (() => void) | undefined
  const busy = server.deps.db.transaction().execute(async (tx) => {
    if (server.deps.dbHandle.kind === 'postgres')
      await sql`lock table oauth_access_tokens in access exclusive mode`.execute(tx)
    await new Promise<void>((resolve) => {
      release = resolve
    })
  })
  await eventually(() => release !== undefined, 3000, 'the database hold')
  return async () => {
    release?.()
    await busy
  }
}
