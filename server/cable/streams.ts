import type { Bus, BusMessage } from '../lib/bus'
import { frames } from './protocol'
import { SmallMap } from './small-map'

/** A frame ready for the socket: encoded once, the same bytes for every socket. */
export type Frame = string | Buffer

/** Where frames end up: one connection's socket. */
export interface Outlet {
  /** Frames queued in the hub for this socket and not written yet. */
  pending: number
  /** Writes a frame to the socket now. */
  write(frame: Frame): void
}

/** One subscription following a stream: it receives ready-made data frames. */
export interface StreamListener {
  readonly identifier: string
  readonly outlet: Outlet
  deliver(frame: Frame): void
}

/** A stream's listeners by identifier (one, mostly): one listener as itself, more in a Set. */
type Groups = SmallMap<string, StreamListener | Set<StreamListener>>

interface Delivery {
  frame: Frame
  to: StreamListener[]
  next: number
}

/**
 * Socket writes per turn of the event loop; between turns, requests and timers get in. About
 * 5–7 ms of writes (11–15 µs each): a 500-member group's message in one turn, as a bare `ws`
 * server writes it. At 64 the same message took eight turns, and on a busy machine each turn
 * given up can be a scheduler slice lost to another process: delivery p99 grew by whole turns
 * (docs/groups.md, "Performance").
 */
export const WRITES_PER_TURN = 512

/**
 * Fan-out from bus streams to sockets. One bus subscription per stream, however many
 * sockets follow it; listeners are grouped by identifier so each message is JSON-encoded
 * once and framed once per identifier, as one Buffer that every socket is handed as is.
 *
 * Deliveries go through one FIFO, written `WRITES_PER_TURN` sockets at a time with a turn of
 * the event loop in between: a ball followed by 500 sockets is a thousand writes, which would
 * otherwise hold up every HTTP request for as long as they take. One queue for every stream,
 * each message written to all its sockets before the next starts, keeps each stream's order
 * all the way to each socket. A connection's own frames (snapshot, confirm, ping) queue behind
 * broadcasts still waiting for that connection (`Outlet.pending`), so they never overtake them.
 */
export class StreamHub {
  private readonly streams = new Map<string, { release: () => void; byIdentifier: Groups }>()
  private readonly queue: Delivery[] = []
  private scheduled = false
  private writing = false

  constructor(private readonly bus: Bus) {}

  /** Idempotent: following a stream twice from one subscription still delivers once. */
  add(stream: string, listener: StreamListener): void {
    let entry = this.streams.get(stream)
    if (!entry) {
      const byIdentifier: Groups = new SmallMap()
      const release = this.bus.subscribe(stream, (message) => this.fanOut(byIdentifier, message))
      entry = { release, byIdentifier }
      this.streams.set(stream, entry)
    }
    const group = entry.byIdentifier.get(listener.identifier)
    // Most streams have one listener per identifier (a user's own stream): no Set for it.
    if (group === undefined) entry.byIdentifier.set(listener.identifier, listener)
    else if (group instanceof Set) group.add(listener)
    else if (group !== listener) entry.byIdentifier.set(listener.identifier, new Set([group, listener]))
  }

  remove(stream: string, listener: StreamListener): void {
    const entry = this.streams.get(stream)
    const group = entry?.byIdentifier.get(listener.identifier)
    if (!entry || !group) return
    if (group instanceof Set) {
      group.delete(listener)
      if (group.size === 0) entry.byIdentifier.delete(listener.identifier)
    } else if (group === listener) entry.byIdentifier.delete(listener.identifier)
    if (entry.byIdentifier.size === 0) {
      entry.release()
      this.streams.delete(stream)
    }
  }

  /** A connection's own frame, written after the broadcasts already queued for it. */
  sendAfterQueued(outlet: Outlet, frame: Frame): void {
    if (outlet.pending === 0) {
      outlet.write(frame)
      return
    }
    this.enqueue(frame, [{ identifier: '', outlet, deliver: (f) => outlet.write(f) }])
    this.drain()
  }

  /** Streams with at least one listener (each holds one bus subscription). */
  streamCount(): number {
    return this.streams.size
  }

  /** Frames queued and not written yet (every socket counts). */
  queuedWrites(): number {
    let n = 0
    for (const d of this.queue) n += d.to.length - d.next
    return n
  }

  /** Drops every bus subscription (shutdown). */
  close(): void {
    for (const entry of this.streams.values()) entry.release()
    this.streams.clear()
  }

  private fanOut(byIdentifier: Groups, message: BusMessage): void {
    const json = JSON.stringify(message)
    // A copy of each group: a delivery can cut off a slow socket, which changes the group.
    for (const [identifier, group] of byIdentifier.entries())
      this.enqueue(Buffer.from(frames.data(identifier, json)), group instanceof Set ? [...group] : [group])
    this.drain()
  }

  private enqueue(frame: Frame, to: StreamListener[]): void {
    for (const listener of to) listener.outlet.pending++
    this.queue.push({ frame, to, next: 0 })
  }

  /**
   * Writes the first turn's share at once (a broadcast to a few sockets goes out in the
   * publisher's turn, as before) and the rest on later turns.
   */
  private drain(): void {
    if (this.scheduled || this.writing) return
    this.writeSome()
  }

  private writeSome(): void {
    this.scheduled = false
    this.writing = true
    let budget = WRITES_PER_TURN
    while (budget > 0 && this.queue.length > 0) {
      const delivery = this.queue[0] as Delivery
      while (budget > 0 && delivery.next < delivery.to.length) {
        const listener = delivery.to[delivery.next++] as StreamListener
        budget--
        listener.outlet.pending--
        listener.deliver(delivery.frame)
      }
      if (delivery.next === delivery.to.length) this.queue.shift()
    }
    this.writing = false
    if (this.queue.length > 0) {
      this.scheduled = true
      setImmediate(() => this.writeSome())
    }
  }
}
