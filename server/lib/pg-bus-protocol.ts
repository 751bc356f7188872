import type { Db, Outgoing } from '../db/types'
import type { Bus } from './bus'
import type { Logger } from './log'

// The shared bus's constants and shapes (./pg-bus.ts runs it): what goes over NOTIFY, how long
// the table keeps a message, and what the rest of the server sees of the bus.

/** The one NOTIFY channel every process LISTENs on; the payload names the stream. */
export const BUS_CHANNEL = 'fanspole_bus'

/**
 * A body goes inside the notification while the payload stays under this many bytes
 * (PostgreSQL refuses 8,000 and more); a larger one is read from `bus_messages`.
 */
export const INLINE_LIMIT = 7_800

/** How long messages stay in `bus_messages` for a process that missed them (wall time). */
export const RETENTION_MS = 15 * 60_000
export const PRUNE_EVERY_MS = 60_000
/** A process further behind than this on one stream is told to refetch instead. */
export const CATCH_UP_ROWS = 1_000
export const RECONNECT_MAX_MS = 1_000

export interface PostgresBusOptions {
  db: Db
  /** The database's URL: the LISTEN connection is a client of its own, outside the pool. */
  url: string
  log: Logger
  wallNow: () => number
  onHandlerError?: (error: unknown) => void
  retentionMs?: number
}

/** The shared bus, with what tests and operators look at. */
export interface PostgresBus extends Bus {
  /** Resolves once the LISTEN connection is up (boot waits for it). */
  ready: Promise<void>
  /** The server process id of the LISTEN connection (undefined while reconnecting). */
  listenerPid(): number | undefined
  /** How many times the LISTEN connection has been (re)established. */
  connections(): number
  /** Deletes messages older than the retention window now (also done every minute on publish). */
  prune(): Promise<void>
}

/** A message arriving at this process: from a notification, the table, or its own commit. */
export interface Incoming {
  seq: number
  prev: number
  /** The body as JSON (without seq); null when it must be read from the table. */
  body: string | null
  /** Set for this process's own commit, delivered early only when it is next in line. */
  local?: Outgoing['message']
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
