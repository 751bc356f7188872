import fs from 'node:fs'
import { openDatabase } from '../../server/db/dialect'
import type { Db } from '../../server/db/tx'
import { type Frame, type RawCable, rawCable } from '../helpers/cable'
import { type ChildServer, spawnServer } from '../helpers/child-server'
import { freshDatabase, type RestartDb } from '../helpers/restart-db'
import type { ServerProcessOptions } from '../helpers/server-process'
import { ADMIN, cliRequest, upcomingCricketMatches, waitFor } from '../restarts/helpers'

export { waitFor }

/**
 * The cluster tests' kit: one scratch PostgreSQL database and two real server
 * processes on it, `a` and `b`, each on its own port — what `fanspole serve --port N` twice on
 * one DATABASE_URL gives. HTTP and /cable go to whichever node a test names; `sql` is a
 * connection of the test's own for what the API does not show (stored events, job rows).
 */
export interface Node {
  name: 'a' | 'b'
  server: ChildServer
  api<T = any>(method: string, path: string, body?: unknown, token?: string): Promise<Reply<T>>
  cable(token: string): Promise<RawCable>
}

export interface Reply<T = any> {
  status: number
  body: T
}

export interface ClusterWorld {
  db: RestartDb
  databaseUrl: string
  a: Node
  b: Node
  sql: Db
  adminToken(): Promise<string>
  /** Signs a player up (through `a`) and in; the token works on every node. */
  player(name: string): Promise<Player>
  /** Starts a node again (after a kill) on the same database. */
  restart(which: 'a' | 'b'): Promise<Node>
  /** Error lines the nodes logged so far (their stdout at level `error`). */
  errors(): string[]
  close(): Promise<void>
}

export interface Player {
  id: number
  token: string
  username: string
}

const NODE_OPTIONS: Partial<ServerProcessOptions> = { logLevel: 'error', heartbeatIntervalMs: 500 }

function node(name: 'a' | 'b', server: ChildServer): Node {
  return {
    name,
    server,
    async api(method, path, body, bearer) {
      const { status, text } = await cliRequest(server.url, method, path, body, bearer)
      let parsed: unknown = text
      try {
        parsed = text ? JSON.parse(text) : null
      } catch {
        // A 5xx from a proxy-less node can be plain text; the status is what tests look at.
      }
      return { status, body: parsed as any }
    },
    cable: (token) =>
      rawCable(`ws://127.0.0.1:${server.port}/cable`, { headers: { authorization: `Bearer ${token}` } }),
  }
}

/** Two nodes on a fresh scratch database; the first seeds the demo league and the admin. */
export async function clusterWorld(prefix: string): Promise<ClusterWorld> {
  const db = await freshDatabase(prefix)
  if (!('databaseUrl' in db.target)) throw new Error('the cluster tests run on PostgreSQL only')
  const databaseUrl = db.target.databaseUrl
  const first = await spawnServer({ databaseUrl, seedLeague: true, admin: true, ...NODE_OPTIONS })
  const second = await spawnServer({ databaseUrl, ...NODE_OPTIONS })
  const nodes = { a: node('a', first), b: node('b', second) }
  const gone: ChildServer[] = []
  const handle = openDatabase({ databaseUrl })
  let token: string | undefined
  let n = 0
  const world: ClusterWorld = {
    db,
    databaseUrl,
    get a() {
      return nodes.a
    },
    get b() {
      return nodes.b
    },
    sql: handle.db,
    async adminToken() {
      if (token) return token
      const res = await nodes.a.api('POST', '/oauth/token', { grant_type: 'password', ...ADMIN })
      if (res.status !== 200) throw new Error(`admin sign-in: ${res.status} ${JSON.stringify(res.body)}`)
      token = res.body.access_token as string
      return token
    },
    async player(name) {
      const email = `${name}@cluster.test`
      const password = `pw-${name}-cluster-${++n}`
      const made = await nodes.a.api('POST', '/api/users', { email, username: name, password })
      if (made.status !== 201) throw new Error(`sign-up: ${made.status} ${JSON.stringify(made.body)}`)
      const signed = await nodes.a.api('POST', '/oauth/token', { grant_type: 'password', email, password })
      if (signed.status !== 200) throw new Error(`sign-in: ${signed.status}`)
      return { id: made.body.user.id as number, token: signed.body.access_token as string, username: name }
    },
    async restart(which) {
      gone.push(nodes[which].server)
      await nodes[which].server.crash()
      nodes[which] = node(which, await spawnServer({ databaseUrl, ...NODE_OPTIONS }))
      return nodes[which]
    },
    errors: () =>
      [...gone, nodes.a.server, nodes.b.server].flatMap((s) => s.lines.filter((l) => l.startsWith('error'))),
    async close() {
      await Promise.all([nodes.a.server.crash(), nodes.b.server.crash()])
      await handle.close()
      await db.drop()
    },
  }
  return world
}

/** The demo league's next upcoming cricket match (the one auctions and simulations use). */
export async function upcomingCricket(sql: Db, offset = 0) {
  return upcomingCricketMatches(sql)
    .where('m.format', '=', 'T20')
    .orderBy('m.event_time_ms')
    .orderBy('m.id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow()
}

/**
 * A running open-round auction on `match`: `owner` creates it through node `a`, every other
 * player joins and is approved, and it starts. Returns the auction and its managers by user.
 */
export async function runningAuction(
  w: ClusterWorld,
  owner: Player,
  others: Player[],
  options: { lotSeconds: number; squadMax?: number; matchId: number },
) {
  const created = await w.a.api(
    'POST',
    '/api/auctions',
    {
      name: `Cluster cup ${owner.username}`,
      match_id: options.matchId,
      squad_min: 1,
      squad_max: options.squadMax ?? 4,
      balanced: false,
      purse: 100_000,
      lot_seconds: options.lotSeconds,
    },
    owner.token,
  )
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`)
  const auction = created.body.new_auction as { id: number; code: string }
  const managers = new Map<number, number>()
  const colors = ['blue', 'red', 'green', 'orange', 'purple', 'teal']
  for (const [i, who] of [owner, ...others].entries()) {
    const joined = await w.a.api(
      'POST',
      `/api/auctions/${auction.id}/join`,
      { code: auction.code, franchise_name: `${who.username} XI`, color: colors[i % colors.length] },
      who.token,
    )
    if (joined.status !== 201) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`)
    managers.set(who.id, joined.body.manager.id as number)
    if (who !== owner) {
      const approved = await w.a.api(
        'POST',
        `/api/auctions/${auction.id}/managers/${joined.body.manager.id}/approve`,
        undefined,
        owner.token,
      )
      if (approved.status !== 200) throw new Error(`approve: ${approved.status}`)
    }
  }
  const started = await w.a.api('POST', `/api/auctions/${auction.id}/start`, undefined, owner.token)
  if (started.status !== 200) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`)
  return { auction, managers }
}

/** The auction's stored events, in seq order. */
export async function auctionEvents(sql: Db, auctionId: number) {
  const rows = await sql
    .selectFrom('auction_events')
    .select(['seq', 'type', 'payload'])
    .where('auction_id', '=', auctionId)
    .orderBy('seq')
    .execute()
  return rows.map((r) => ({ seq: Number(r.seq), type: r.type, ...JSON.parse(r.payload) }))
}

/** A raw /cable client subscribed to `identifier`: resolves after the confirm, with the snapshot if any. */
export async function subscribed(n: Node, token: string, identifier: Record<string, unknown>) {
  const cable = await n.cable(token)
  await cable.take((f) => f.type === 'welcome', 10_000)
  const id = JSON.stringify(identifier)
  cable.subscribe(id)
  const confirm = await cable.take((f) => f.identifier === id && f.type !== undefined, 10_000)
  if (confirm.type !== 'confirm_subscription') throw new Error(`not subscribed: ${JSON.stringify(confirm)}`)
  const snapshot = cable.frames.find((f) => f.identifier === id && f.message?.type === 'snapshot')
  return { cable, identifier: id, snapshot: snapshot?.message as Frame | undefined }
}

/**
 * The broadcast messages (with a `seq`) a client received on `identifier`, in arrival order.
 * An auction room's waiting-room stream (`managers_changed`) has a numbering of its own, so it
 * is left out: what remains is one stream's numbering (the auction's engine seq, a match's).
 */
export function broadcasts(cable: RawCable, identifier: string) {
  return cable.frames
    .filter((f) => f.identifier === identifier && f.message && typeof f.message.seq === 'number')
    .map((f) => f.message as Frame)
    .filter((m) => m.type !== 'snapshot' && m.type !== 'managers_changed')
}

/** POST /api/admin/clock through one node. */
export async function setClock(w: ClusterWorld, through: Node, change: Record<string, unknown>) {
  const res = await through.api('POST', '/api/admin/clock', change, await w.adminToken())
  if (res.status !== 200) throw new Error(`clock: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body as { now_in_millis: number; speed: number; paused: boolean }
}

/**
 * The local TCP ports of a process's sockets (Linux: its fds against /proc/net/tcp), so a
 * test can find that process's PostgreSQL sessions by `client_port` in pg_stat_activity.
 */
export function localPortsOf(pid: number): Set<number> {
  const inodes = new Set<string>()
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`)
      const m = /^socket:\[(\d+)\]$/.exec(target)
      if (m) inodes.add(m[1] as string)
    } catch {
      // The fd closed between the listing and the read.
    }
  }
  const ports = new Set<number>()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/)
      if (cols.length < 10 || !inodes.has(cols[9] as string)) continue
      ports.add(Number.parseInt((cols[1] as string).split(':')[1] as string, 16))
    }
  }
  return ports
}
