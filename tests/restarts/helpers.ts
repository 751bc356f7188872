import { openDatabase } from '../../server/db/dialect'
import type { Db } from '../../server/db/tx'
import { type ChildServer, spawnServer } from '../helpers/child-server'
import { freshDatabase, type RestartDb } from '../helpers/restart-db'
import type { ServerProcessOptions } from '../helpers/server-process'

/**
 * The restart tests' kit: a database that outlives its servers, servers in child processes
 * that a test kills with SIGKILL and starts again, HTTP against whichever one is up, and a
 * direct read connection for what the API does not show (stored events, job rows).
 */
export interface RestartWorld {
  db: RestartDb
  server: ChildServer
  /** A read connection of the test's own (another process, as an operator's would be). */
  sql: Db
  /** Starts a server on the world's database (after a crash, say) and makes it `server`. */
  start(options?: Partial<ServerProcessOptions>): Promise<ChildServer>
  api<T = any>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; headers: Headers }>
  adminToken(): Promise<string>
  close(): Promise<void>
}

export const ADMIN = { email: 'admin@fanspole.local', password: 'admin-pass-2026' }

/** One request to a server process as the CLI makes it (JSON body, bearer when given); the answer unread but for its text. */
export async function cliRequest(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  bearer?: string,
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = { 'x-fanspole-client': 'cli', ...extra }
  if (bearer) headers.authorization = `Bearer ${bearer}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, text: await res.text(), headers: res.headers }
}

/** A server on `db` (a fresh database named after `prefix`, or one given), and the kit around it. */
export async function restartWorld(
  from: string | RestartDb,
  options: Partial<ServerProcessOptions> = {},
): Promise<RestartWorld> {
  const db = typeof from === 'string' ? await freshDatabase(from) : from
  const base = { ...db.target, ...options }
  let server = await spawnServer(base)
  const handle = openDatabase({
    file: 'dbFile' in db.target ? db.target.dbFile : undefined,
    databaseUrl: 'databaseUrl' in db.target ? db.target.databaseUrl : undefined,
  })
  let token: string | undefined
  const world: RestartWorld = {
    db,
    get server() {
      return server
    },
    sql: handle.db,
    async start(more = {}) {
      server = await spawnServer({ ...base, ...more, port: more.port ?? server.port })
      return server
    },
    async api(method, path, body, bearer, extra = {}) {
      const { status, text, headers } = await cliRequest(server.url, method, path, body, bearer, extra)
      return { status, body: text ? JSON.parse(text) : null, headers }
    },
    async adminToken() {
      if (token) return token
      const res = await world.api('POST', '/oauth/token', { grant_type: 'password', ...ADMIN })
      if (res.status !== 200) throw new Error(`admin sign-in: ${res.status} ${JSON.stringify(res.body)}`)
      token = res.body.access_token as string
      return token
    },
    async close() {
      await server.crash()
      await handle.close()
      await db.drop()
    },
  }
  return world
}

/** A player signed up and signed in over HTTP. */
export async function player(w: RestartWorld, name: string) {
  const email = `${name}@restart.test`
  const password = `pw-${name}-restart`
  const made = await w.api('POST', '/api/users', { email, username: name, password })
  if (made.status !== 201) throw new Error(`sign-up: ${made.status} ${JSON.stringify(made.body)}`)
  const token = await w.api('POST', '/oauth/token', { grant_type: 'password', email, password })
  return {
    id: made.body.user.id as number,
    token: token.body.access_token as string,
    username: name,
    email,
    password,
  }
}

/** Polls `check` until it returns something other than undefined/false. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The upcoming cricket matches (id, series), a query to narrow and order. */
export function upcomingCricketMatches(sql: Db) {
  return sql
    .selectFrom('matches as m')
    .innerJoin('sports as s', 's.id', 'm.sport_id')
    .select(['m.id', 'm.series_id'])
    .where('s.slug', '=', 'cricket')
    .where('m.status', '=', 'upcoming')
}

/** The soonest upcoming cricket match in the database (`latest`: the last one instead). */
export function upcomingCricket(sql: Db, which: 'soonest' | 'latest' = 'soonest') {
  return upcomingCricketMatches(sql)
    .orderBy('m.event_time_ms', which === 'soonest' ? 'asc' : 'desc')
    .executeTakeFirstOrThrow()
}
