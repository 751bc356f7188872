/**
 * In-process publish/subscribe for live updates. Every message on a stream gets the next
 * `seq` of that stream (or keeps its own, if higher), so a client can spot a gap and refetch. Delivery is synchronous and
 * in publish order, which keeps per-stream order intact all the way to each socket.
 * Publish only after the database commit that the message describes (see `afterCommit`).
 */
export interface BusMessage {
  type: string
  seq: number
  [key: string]: unknown
}

export type BusHandler = (message: BusMessage, stream: string) => void

export interface Bus {
  publish(stream: string, message: { type: string; [key: string]: unknown }): BusMessage
  /**
   * Delivers to this process's subscribers only, numbered in this process's count of the
   * stream. For messages every server process computes for its own subscribers (live contest
   * standings, see server/areas/scoring/standings-relay.ts): a shared bus must not forward
   * them to other processes, which publish their own. In one process it is `publish`.
   */
  publishLocal(stream: string, message: { type: string; [key: string]: unknown }): BusMessage
  subscribe(stream: string, handler: BusHandler): () => void
  subscriberCount(stream: string): number
  lastSeq(stream: string): number
  /** Streams that have subscribers right now, whose names start with `prefix`. */
  activeStreams(prefix: string): string[]
}

export function createBus(onHandlerError: (error: unknown) => void = () => {}): Bus {
  const handlers = new Map<string, Set<BusHandler>>()
  const seqs = new Map<string, number>()
  const bus: Bus = {
    publishLocal: (stream, message) => bus.publish(stream, message),
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
    lastSeq: (stream) => seqs.get(stream) ?? 0,
  }
  return bus
}
