import { randomUUID } from 'node:crypto'
import type { Outgoing } from '../db/types'
import type { Bus, BusMessage } from './bus'

/**
 * The server's tap (docs/tester-tools.md, "logs tail"): a record of every request and every
 * broadcast, for the admins who listen (`GET /api/admin/log`, `fanspole logs tail`,
 * `fanspole scenario record`).
 *
 * Across processes through the bus: records go to the stream `admin:log`, which every process
 * delivers to its own listeners. A process learns that someone listens somewhere from the
 * `admin:log:listeners` stream: a process with listeners says so when the first one comes and
 * then every `HEARTBEAT_MS`, and every process records for `LEASE_MS` after the last word.
 * Nobody listening costs one comparison per request: no record is built, nothing is sent, and
 * cached reads keep their fast path (http/fast-reads.ts declines only while tapped).
 */
export const LOG_STREAM = 'admin:log'
export const LISTENERS_STREAM = 'admin:log:listeners'
export const HEARTBEAT_MS = 10_000
export const LEASE_MS = 30_000

export interface TapListenOptions {
  /** Whether records carry request and answer bodies (scenario record wants them). */
  bodies: boolean
}

export interface Tap {
  /** Someone listens, on this process or another: requests and broadcasts are recorded. */
  active(): boolean
  /** A listener wants bodies (records are bigger then). */
  wantsBodies(): boolean
  /** Sends one record to every listener of every process. */
  record(record: Outgoing['message']): void
  /** Listens on this process until the returned function is called. */
  listen(options: TapListenOptions, onRecord: (record: BusMessage) => void): () => void
}

interface Lease {
  /** The announcing process (a random id per tap). */
  from: string
  untilMs: number
  bodies: boolean
}

interface TapState {
  listeners: number
  bodyListeners: number
  /** The latest word of every process that has listeners (or had: `untilMs` 0 once they left). */
  leases: Lease[]
  /** The furthest lease, and the furthest of those wanting bodies: what `active()` compares. */
  heardUntilMs: number
  bodiesUntilMs: number
  timer: ReturnType<typeof setInterval> | undefined
}

function hear(state: TapState, lease: Lease) {
  state.leases = [...state.leases.filter((l) => l.from !== lease.from), lease].filter((l) => l.untilMs > 0)
  state.heardUntilMs = Math.max(0, ...state.leases.map((l) => l.untilMs))
  state.bodiesUntilMs = Math.max(0, ...state.leases.filter((l) => l.bodies).map((l) => l.untilMs))
}

/** What a process with listeners says on LISTENERS_STREAM (no channel's message: nobody subscribes through /cable). */
function leaseWord(from: string, state: TapState, wallNow: () => number): Outgoing['message'] {
  return {
    type: 'listening',
    from,
    until_ms: state.listeners > 0 ? wallNow() + LEASE_MS : 0,
    bodies: state.bodyListeners > 0,
  }
}

export function createTap(bus: Bus, wallNow: () => number): Tap {
  const from = randomUUID()
  const state: TapState = {
    listeners: 0,
    bodyListeners: 0,
    leases: [],
    heardUntilMs: 0,
    bodiesUntilMs: 0,
    timer: undefined,
  }
  bus.subscribe(LISTENERS_STREAM, (message) => {
    const untilMs = Number(message.until_ms)
    if (typeof message.from !== 'string' || !Number.isFinite(untilMs)) return
    hear(state, { from: message.from, untilMs, bodies: message.bodies === true })
  })
  // Leaving, the last listener of this process withdraws its lease (until 0) at once.
  const announce = () => bus.publish(LISTENERS_STREAM, leaseWord(from, state, wallNow))
  return {
    // Nobody listening anywhere: two comparisons, not even a look at the clock.
    active: () => state.listeners > 0 || (state.heardUntilMs > 0 && wallNow() < state.heardUntilMs),
    wantsBodies: () =>
      state.bodyListeners > 0 || (state.bodiesUntilMs > 0 && wallNow() < state.bodiesUntilMs),
    record: (record) => bus.publish(LOG_STREAM, record),
    listen(options, onRecord) {
      const stop = bus.subscribe(LOG_STREAM, onRecord)
      state.listeners++
      if (options.bodies) state.bodyListeners++
      announce()
      if (!state.timer) {
        state.timer = setInterval(announce, HEARTBEAT_MS)
        state.timer.unref?.()
      }
      let stopped = false
      return () => {
        if (stopped) return
        stopped = true
        stop()
        state.listeners--
        if (options.bodies) state.bodyListeners--
        if (state.listeners === 0 && state.timer) {
          clearInterval(state.timer)
          state.timer = undefined
        }
        announce()
      }
    },
  }
}

/** A stream's first segment → the channel its subscribers use (docs/channels.md). */
const CHANNEL_OF_PREFIX: ReadonlyArray<readonly [string, string]> = [
  ['notifications', 'NotificationsChannel'],
  ['match', 'MatchChannel'],
  ['contest', 'ContestChannel'],
  ['championship_contest', 'ContestChannel'],
  ['match_contests', 'ContestChannel'],
  ['championship', 'ChampionshipChannel'],
  ['auction', 'AuctionChannel'],
  ['clock', 'ClockChannel'],
  ['profile', 'ProfileChannel'],
  ['topic', 'TopicChannel'],
  ['group', 'GroupChannel'],
  ['chats', 'ChatsChannel'],
]

/** The channel a stream's broadcasts reach subscribers through, for the log's lines; null when unsure. */
export function channelOfStream(stream: string): string | null {
  const colon = stream.indexOf(':')
  const prefix = colon === -1 ? stream : stream.slice(0, colon)
  if (prefix === 'esports')
    return stream.startsWith('esports:tournament:') ? 'EsportsTournamentChannel' : 'EsportsContestChannel'
  return CHANNEL_OF_PREFIX.find(([p]) => p === prefix)?.[1] ?? null
}

const isOwn = (stream: string) => stream.startsWith(LOG_STREAM)

/**
 * The bus as the server uses it, with every broadcast also recorded while someone listens.
 * Records go through the bus underneath, so recording never records itself.
 */
export function tappedBus<B extends Bus>(bus: B, tap: Tap, wallNow: () => number): B {
  const note = (stream: string, message: Outgoing['message'], local: boolean) => {
    if (isOwn(stream) || !tap.active()) return
    tap.record({
      type: 'broadcast',
      at_ms: wallNow(),
      stream,
      channel: channelOfStream(stream),
      message_type: typeof message.type === 'string' ? message.type : null,
      ...(local ? { local: true } : {}),
    })
  }
  const stage = bus.stage?.bind(bus)
  return {
    ...bus,
    publish(stream: string, message: Outgoing['message']) {
      const sent = bus.publish(stream, message)
      note(stream, message, false)
      return sent
    },
    publishLocal(stream: string, message: Outgoing['message']) {
      bus.publishLocal(stream, message)
      note(stream, message, true)
    },
    ...(stage
      ? {
          stage: async (...args: Parameters<typeof stage>) => {
            const deliver = await stage(...args)
            return () => {
              deliver()
              for (const m of args[1]) note(m.stream, m.message, false)
            }
          },
        }
      : {}),
  }
}
