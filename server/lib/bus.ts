import type { Outgoing, Publisher } from '../db/types'

/**
 * Publish/subscribe for live updates. Every message on a stream gets the next `seq` of that
 * stream (or keeps its own, if higher), so a client can spot a gap and refetch.
 *
 * Two implementations: `createBus` below, in process (SQLite: one process), where delivery is
 * synchronous and in publish order, which keeps per-stream order intact all the way to each
 * socket; and `createPostgresBus` (pg-bus.ts), shared by every process on one PostgreSQL,
 * where the database numbers each stream and every process delivers in that order.
 * Publish only after the database commit that the message describes (`withTx`'s `after`).
 */
export interface BusMessage {
  type: string
  seq: number
  [key: string]: unknown
}

export type BusHandler = (message: BusMessage, stream: string) => void

export interface Bus extends Publisher {
  /**
   * Sends a message to every subscriber of `stream`. In process: delivered before it returns.
   * Shared (PostgreSQL): written and numbered by the database in a transaction of its own
   * shortly after, and delivered when that commits — on every process, this one included.
   */
  publish(stream: string, message: Outgoing['message']): void
  /**
   * Delivers to this process's subscribers only. For messages every server process computes
   * for its own subscribers (live contest standings, server/areas/scoring/standings-relay.ts):
   * a shared bus must not forward them to other processes, which publish their own. In one
   * process it is `publish`; on a shared bus the message carries no `seq` (the stream's seqs
   * are the database's, the same on every process) and is ordered by its own `version`, as
   * clients already order leaderboards (docs/channels.md).
   */
  publishLocal(stream: string, message: Outgoing['message']): void
  subscribe(stream: string, handler: BusHandler): () => void
  /** Subscribers in this process (on PostgreSQL other processes have their own). */
  subscriberCount(stream: string): number
  /**
   * The stream's last seq: every message numbered at or below it has been committed, so a
   * snapshot read after asking holds them all. (Shared: later ones may still be on their way.)
   */
  lastSeq(stream: string): Promise<number>
  /** Streams that have subscribers in this process right now, whose names start with `prefix`. */
  activeStreams(prefix: string): string[]
  // A shared bus also implements Publisher's `stage` (server/db/types.ts), used by `withTx`.
  /** Stops listening and sends what is still queued (shutdown). */
  close(): Promise<void>
}

export function createBus(onHandlerError: (error: unknown) => void = () => {}): Bus & {
  publish(stream: string, message: Outgoing['message']): BusMessage
} {
  const handlers = new Map<string, Set<BusHandler>>()
  const seqs = new Map<string, number>()
  const bus: Bus & { publish(stream: string, message: Outgoing['message']): BusMessage } = {
    publishLocal: (stream, message) => {
      bus.publish(stream, message)
    },
    publish(stream, message) {
      // A stream whose source numbers its own messages (an auction's engine seq, which
      // survives restarts) keeps those numbers; any other message gets the next one.
      const own =
        typeof message.seq === 'number' && message.seq > (seqs.get(stream) ?? 0) ? message.seq : null
      const seq = own ?? (seqs.get(stream) ?? 0) + 1
      seqs.set(stream, seq)
      const full: BusMessage = { ...message, seq }
      const set = handlers.get(stream)
      if (set) {
        for (const handler of [...set]) {
          try {
            handler(full, stream)
          } catch (error) {
            onHandlerError(error)
          }
        }
      }
      return full
    },
    subscribe(stream, handler) {
      let set = handlers.get(stream)
      if (!set) {
        set = new Set()
        handlers.set(stream, set)
      }
      set.add(handler)
      return () => {
        const current = handlers.get(stream)
        if (!current) return
        current.delete(handler)
        if (current.size === 0) handlers.delete(stream)
      }
    },
    subscriberCount: (stream) => handlers.get(stream)?.size ?? 0,
    activeStreams: (prefix) => [...handlers.keys()].filter((s) => s.startsWith(prefix)),
    lastSeq: async (stream) => seqs.get(stream) ?? 0,
    close: async () => {},
  }
  return bus
}
