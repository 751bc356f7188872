import type { Deps } from '../core/deps'
import type { AuthUser } from '../http/router'
import { frames } from './protocol'
import type { Frame, Outlet, StreamHub, StreamListener } from './streams'
import type { ChannelContext, ChannelDefinition } from './types'

/** What a subscription needs from its connection. */
export interface SubscriptionHost extends Outlet {
  readonly deps: Deps
  readonly hub: StreamHub
  /** The connection's own frames: after the broadcasts already queued for it. */
  send(frame: string): void
  /** The subscription ended itself (`ctx.close()`): forget it and run its `unsubscribed`. */
  closed(subscription: Subscription): void
}

/**
 * One identifier on one connection. It owns its streams, so unsubscribing (or the socket
 * closing) stops exactly what it started.
 */
export class Subscription implements StreamListener {
  readonly ctx: ChannelContext
  /** Set by `ctx.reject()` inside `subscribed`. */
  rejected = false
  private active = true
  /** Set by `ctx.close()`: no more streams, but frames already queued are still written. */
  private closing = false
  private ended = false
  private readonly streams = new Set<string>()
  private readonly watchers: Array<() => void> = []

  constructor(
    readonly identifier: string,
    readonly channel: ChannelDefinition,
    params: Record<string, unknown>,
    user: AuthUser,
    private readonly host: SubscriptionHost,
  ) {
    this.ctx = {
      deps: host.deps,
      user,
      params,
      identifier,
      transmit: (message) => {
        if (this.active) host.send(frames.data(identifier, JSON.stringify(message) ?? 'null'))
      },
      streamFrom: (stream) => {
        // Rails ignores stream_from after unsubscribe; a second call for one stream is a no-op.
        if (!this.active || this.closing || this.streams.has(stream)) return
        this.streams.add(stream)
        host.hub.add(stream, this)
      },
      stopStream: (stream) => {
        if (this.streams.delete(stream)) host.hub.remove(stream, this)
      },
      reject: () => {
        this.rejected = true
      },
      onStream: (stream, handler) => {
        if (!this.active || this.closing) return
        this.watchers.push(host.deps.bus.subscribe(stream, handler))
      },
      close: () => {
        if (this.ended || this.closing) return
        this.closing = true
        this.stopAll()
        host.closed(this)
      },
    }
  }

  get outlet(): Outlet {
    return this.host
  }

  /** A broadcast's turn has come (StreamHub): written now, unless unsubscribed meanwhile. */
  deliver(frame: Frame): void {
    if (this.active) this.host.write(frame)
  }

  /**
   * Stops every stream, then runs the channel's `unsubscribed` hook. The context stays
   * readable inside the hook; only transmitting is over.
   */
  async end(): Promise<void> {
    if (this.ended) return
    this.ended = true
    // A subscription that closed itself still writes what was queued for it before it closed.
    if (!this.closing) this.active = false
    this.stopAll()
    await this.channel.unsubscribed?.(this.ctx)
  }

  private stopAll(): void {
    for (const stream of this.streams) this.host.hub.remove(stream, this)
    this.streams.clear()
    for (const release of this.watchers.splice(0)) release()
  }
}
