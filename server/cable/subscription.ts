import type { Deps } from '../deps'
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
  private readonly streams = new Set<string>()

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
        if (!this.active || this.streams.has(stream)) return
        this.streams.add(stream)
        host.hub.add(stream, this)
      },
      stopStream: (stream) => {
        if (this.streams.delete(stream)) host.hub.remove(stream, this)
      },
      reject: () => {
        this.rejected = true
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
    if (!this.active) return
    this.active = false
    for (const stream of this.streams) this.host.hub.remove(stream, this)
    this.streams.clear()
    await this.channel.unsubscribed?.(this.ctx)
  }
}
