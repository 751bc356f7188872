import type { Bus, BusMessage } from '../lib/bus'
import { frames } from './protocol'

/** One subscription following a stream: it receives ready-made data frames. */
export interface StreamListener {
  readonly identifier: string
  deliver(frame: string): void
}

/**
 * Fan-out from bus streams to sockets. One bus subscription per stream, however many
 * sockets follow it; listeners are grouped by identifier so each message is JSON-encoded
 * once and wrapped once per identifier, and the same bytes go to every socket.
 * Delivery is synchronous (the bus calls us in publish order and `ws.send` queues in call
 * order), which is what keeps per-stream order intact up to each client.
 */
export class StreamHub {
  private readonly streams = new Map<
    string,
    { release: () => void; byIdentifier: Map<string, Set<StreamListener>> }
  >()

  constructor(private readonly bus: Bus) {}

  /** Idempotent: following a stream twice from one subscription still delivers once. */
  add(stream: string, listener: StreamListener): void {
    let entry = this.streams.get(stream)
    if (!entry) {
      const byIdentifier = new Map<string, Set<StreamListener>>()
      const release = this.bus.subscribe(stream, (message) => fanOut(byIdentifier, message))
      entry = { release, byIdentifier }
      this.streams.set(stream, entry)
    }
    let group = entry.byIdentifier.get(listener.identifier)
    if (!group) {
      group = new Set()
      entry.byIdentifier.set(listener.identifier, group)
    }
    group.add(listener)
  }

  remove(stream: string, listener: StreamListener): void {
    const entry = this.streams.get(stream)
    const group = entry?.byIdentifier.get(listener.identifier)
    if (!entry || !group) return
    group.delete(listener)
    if (group.size === 0) entry.byIdentifier.delete(listener.identifier)
    if (entry.byIdentifier.size === 0) {
      entry.release()
      this.streams.delete(stream)
    }
  }

  /** Streams with at least one listener (each holds one bus subscription). */
  streamCount(): number {
    return this.streams.size
  }

  /** Drops every bus subscription (shutdown). */
  close(): void {
    for (const entry of this.streams.values()) entry.release()
    this.streams.clear()
  }
}

function fanOut(byIdentifier: Map<string, Set<StreamListener>>, message: BusMessage): void {
  const json = JSON.stringify(message)
  for (const [identifier, group] of byIdentifier) {
    const frame = frames.data(identifier, json)
    // A copy: a delivery can cut off a slow socket, which changes the group later on.
    for (const listener of [...group]) listener.deliver(frame)
  }
}
