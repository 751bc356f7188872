import { randomUUID } from 'node:crypto'
import type { Deps } from '../../core/deps'

/**
 * Who is in a room (an auction manager with a socket on the auction's channel), counted across
 * every server process on the database. Sockets live in one process each, so each process
 * counts its own in memory and, on PostgreSQL, also keeps that count in `presence` under its
 * node id; a room's count is this process's own plus the other processes' rows, where those
 * processes are alive (`server_nodes`, beaten by `startNodeBeat`). A process that dies stops
 * beating: its rows stop counting after NODE_EXPIRY_BEATS beats and are deleted by whoever
 * beats next. SQLite has one process: memory only, as before.
 *
 * `arrive` and `leave` answer the room's count across processes before the arrival and after
 * the departure, which is what "the first one in" and "the last one out" need.
 */
export interface Presence {
  readonly nodeId: string
  arrive(room: string): Promise<number>
  leave(room: string): Promise<number>
  count(room: string): Promise<number>
}

/** Beats missed before a process's presence stops counting. */
const NODE_EXPIRY_BEATS = 3

const presences = new WeakMap<Deps, Presence>()

export function presenceOf(deps: Deps): Presence {
  let presence = presences.get(deps)
  if (!presence) {
    presence = createPresence(deps)
    presences.set(deps, presence)
  }
  return presence
}

const isShared = (deps: Deps) => deps.dbHandle.kind === 'postgres'

function createPresence(deps: Deps): Presence {
  // A process's identity, not a game decision: it must differ between processes started with
  // the same seed, so it is not drawn from deps.rng.
  const nodeId = randomUUID()
  const local = new Map<string, number>()
  const aliveSince = () => deps.clock.wallNow() - NODE_EXPIRY_BEATS * deps.config.heartbeatIntervalMs

  /** Connections other live processes hold in the room. */
  async function elsewhere(room: string): Promise<number> {
    if (!isShared(deps)) return 0
    const row = await deps.db
      .selectFrom('presence as p')
      .innerJoin('server_nodes as n', 'n.node_id', 'p.node_id')
      .select((eb) => eb.fn.sum<number>('p.connections').as('total'))
      .where('p.room', '=', room)
      .where('p.node_id', '<>', nodeId)
      .where('n.seen_at_ms', '>=', aliveSince())
      .executeTakeFirst()
    return Number(row?.total ?? 0)
  }

  async function store(room: string, connections: number): Promise<void> {
    if (!isShared(deps)) return
    if (connections === 0) {
      await deps.db.deleteFrom('presence').where('room', '=', room).where('node_id', '=', nodeId).execute()
      return
    }
    await registerNode(deps, nodeId)
    await deps.db
      .insertInto('presence')
      .values({ node_id: nodeId, room, connections })
      .onConflict((oc) => oc.columns(['room', 'node_id']).doUpdateSet({ connections }))
      .execute()
  }

  return {
    nodeId,
    async arrive(room) {
      const before = local.get(room) ?? 0
      local.set(room, before + 1)
      await store(room, before + 1)
      return before + (await elsewhere(room))
    },
    async leave(room) {
      const left = Math.max(0, (local.get(room) ?? 1) - 1)
      if (left > 0) local.set(room, left)
      else local.delete(room)
      await store(room, left)
      return left + (await elsewhere(room))
    },
    async count(room) {
      return (local.get(room) ?? 0) + (await elsewhere(room))
    },
  }
}

/** Whether another server process on the database beat recently (PostgreSQL). */
export async function othersAlive(deps: Deps): Promise<boolean> {
  if (!isShared(deps)) return false
  const row = await deps.db
    .selectFrom('server_nodes')
    .select('node_id')
    .where('node_id', '<>', presenceOf(deps).nodeId)
    .where('seen_at_ms', '>=', deps.clock.wallNow() - NODE_EXPIRY_BEATS * deps.config.heartbeatIntervalMs)
    .executeTakeFirst()
  return row !== undefined
}

async function registerNode(deps: Deps, nodeId: string): Promise<void> {
  const now = deps.clock.wallNow()
  await deps.db
    .insertInto('server_nodes')
    .values({ node_id: nodeId, started_at_ms: now, seen_at_ms: now })
    .onConflict((oc) => oc.column('node_id').doUpdateSet({ seen_at_ms: now }))
    .execute()
}

export interface NodeBeat {
  /** Settles once the first beat is written: the process is known to the others from then on. */
  ready: Promise<void>
  stop(): Promise<void>
  beat(): Promise<void>
}

/**
 * PostgreSQL: this process's beat in `server_nodes` every heartbeat interval (wall time), and
 * the rows of processes that stopped beating are removed; the rooms they were in are handed
 * to `onAbandoned` (whoever removes a row gets it, once), so that a manager whose only socket
 * was on a killed process is treated as gone. `stop()` (a clean shutdown) removes this
 * process's own rows at once (its sockets were closed, each leaving its room). SQLite: nothing.
 */
export function startNodeBeat(
  deps: Deps,
  onAbandoned: (rooms: string[]) => Promise<void> = async () => {},
): NodeBeat {
  if (!isShared(deps)) return { ready: Promise.resolve(), stop: async () => {}, beat: async () => {} }
  const { nodeId } = presenceOf(deps)
  let beating: Promise<void> = Promise.resolve()
  const beat = () => {
    beating = (async () => {
      await registerNode(deps, nodeId)
      const dead = await deps.db
        .selectFrom('server_nodes')
        .select('node_id')
        .where('seen_at_ms', '<', deps.clock.wallNow() - 20 * deps.config.heartbeatIntervalMs)
        .execute()
      if (dead.length === 0) return
      const rooms = await forgetNodes(
        deps,
        dead.map((n) => n.node_id),
      )
      if (rooms.length > 0) await onAbandoned(rooms)
    })().catch((error) => deps.log.warn('node beat not written', { error: String(error) }))
  }
  beat()
  const ready = beating
  const timer = setInterval(beat, deps.config.heartbeatIntervalMs)
  timer.unref()
  return {
    ready,
    async stop() {
      clearInterval(timer)
      await beating
      await forgetNodes(deps, [nodeId])
    },
    /** One beat now (tests). */
    async beat() {
      beat()
      await beating
    },
  }
}

/** Removes the processes' rows; answers the rooms they held (to whoever removed them). */
async function forgetNodes(deps: Deps, nodeIds: string[]): Promise<string[]> {
  const gone = await deps.db
    .deleteFrom('presence')
    .where('node_id', 'in', nodeIds)
    .returning('room')
    .execute()
  await deps.db.deleteFrom('server_nodes').where('node_id', 'in', nodeIds).execute()
  return [...new Set(gone.map((r) => r.room))]
}
