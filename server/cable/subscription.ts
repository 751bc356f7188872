import type { Deps } from '../core/deps'
import type { AuthUser } from '../http/router'
import type { BusMessage } from '../lib/bus'
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
 *
 * Ten thousand of these live at once on a busy server, so each is kept small: the channel's
 * context is one object whose methods live on its prototype (not seven closures), the streams
 * it follows are an array (almost always one), and watchers exist only once there is one.
 */
export class Subscription implements StreamListener {
  readonly ctx: ChannelContext
  /** Set by `ctx.reject()` inside `subscribed`. */
  rejected = false
  active = true
  /** Set by `ctx.close()`: no more streams, but frames already queued are still written. */
  closing = false
  ended = false
  readonly streams: string[] = []
  watchers: Array<() => void> | undefined

  constructor(
    readonly identifier: string,
    readonly channel: ChannelDefinition,
    params: Record<string, unknown>,
    user: AuthUser,
    readonly host: SubscriptionHost,
  ) {
    this.ctx = new SubscriptionContext(this, params, user)
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

  stopAll(): void {
    for (const stream of this.streams.splice(0)) this.host.hub.remove(stream, this)
    if (this.watchers) for (const release of this.watchers.splice(0)) release()
  }
}

/** What a channel sees of its subscription (ChannelContext): methods on the prototype. */
class SubscriptionContext implements ChannelContext {
  constructor(
    private readonly subscription: Subscription,
    readonly params: Record<string, unknown>,
    readonly user: AuthUser,
  ) {}

  get deps(): Deps {
    return this.subscription.host.deps
  }

  get identifier(): string {
    return this.subscription.identifier
  }

  transmit(message: unknown): void {
    const s = this.subscription
    if (s.active) s.host.send(frames.data(s.identifier, JSON.stringify(message) ?? 'null'))
  }

  streamFrom(stream: string): void {
    const s = this.subscription
    // Rails ignores stream_from after unsubscribe; a second call for one stream is a no-op.
    if (!s.active || s.closing || s.streams.includes(stream)) return
    s.streams.push(stream)
    s.host.hub.add(stream, s)
  }

  stopStream(stream: string): void {
    const s = this.subscription
    const at = s.streams.indexOf(stream)
    if (at === -1) return
    s.streams.splice(at, 1)
    s.host.hub.remove(stream, s)
  }

  reject(): void {
    this.subscription.rejected = true
  }

  onStream(stream: string, handler: (message: BusMessage) => void): void {
    const s = this.subscription
    if (!s.active || s.closing) return
    s.watchers ??= []
    s.watchers.push(s.host.deps.bus.subscribe(stream, handler))
  }

  close(): void {
    const s = this.subscription
    if (s.ended || s.closing) return
    s.closing = true
    s.stopAll()
    s.host.closed(s)
  }
}
