import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { MiddlewareHandler } from 'hono'
import type { Deps } from '../core/deps'
import type { AppEnv, AuthUser } from '../http/router'
import type { BusMessage } from '../lib/bus'

/**
 * What a channel sees of one subscription. A channel is a plain object registered by name
 * (the `channel` key of the Action Cable identifier); see `server/cable/channels/`.
 */
export interface ChannelContext {
  deps: Deps
  user: AuthUser
  /** The identifier's keys other than `channel`. */
  params: Record<string, unknown>
  /** The raw identifier string, echoed back unchanged in every frame. */
  identifier: string
  /** Sends `{ identifier, message }` to this subscription only. */
  transmit(message: unknown): void
  /** Follows a bus stream: every message published on it is delivered to this subscription. */
  streamFrom(stream: string): void
  stopStream(stream: string): void
  /** Refuses the subscription (`reject_subscription`); call from `subscribed`. */
  reject(): void
  /**
   * Calls `handler` with every message published on `stream` for as long as this subscription
   * lasts (server-side decisions about the subscription itself, e.g. GroupChannel ending a
   * removed member's). Handlers run after the stream's own fan-out of the same message, so a
   * frame of that message is already queued for this subscription when the handler runs.
   */
  onStream(stream: string, handler: (message: BusMessage) => void): void
  /**
   * Ends the subscription from the server side, at once: its streams stop before any later
   * message reaches it (frames already queued still go out), later `perform`s are ignored, a
   * new `subscribe` with the identifier is checked afresh, and `unsubscribed` runs.
   */
  close(): void
}

export interface ChannelDefinition {
  name: string
  subscribed(ctx: ChannelContext): void | Promise<void>
  unsubscribed?(ctx: ChannelContext): void | Promise<void>
  /** Actions a client may `perform`; each gets the whole decoded data object (including `action`). */
  actions?: Record<string, (ctx: ChannelContext, data: Record<string, unknown>) => void | Promise<void>>
}

export interface CableServer {
  /** The HTTP server's `upgrade` listener: a /cable WebSocket becomes a connection, anything else a 404. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void
  /** The Hono handler mounted at GET /cable: a plain request (no upgrade) is a 404. */
  handler: MiddlewareHandler<AppEnv>
  /** Open, welcomed connections. */
  connectionCount(): number
  /** Disconnects every connection of a user (reason `remote`). */
  disconnectUser(userId: number, reconnect: boolean): void
  /** Disconnects everyone (a restore or reset: reason `maintenance`, told to reconnect). */
  disconnectAll(reason: 'maintenance', reconnect: boolean): void
  /** Graceful shutdown: every client gets `server_restart` with `reconnect: true`, then the socket closes. */
  shutdown(): Promise<void>
}
