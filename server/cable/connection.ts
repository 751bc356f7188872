import type { WebSocket } from 'ws'
import type { Deps } from '../core/deps'
import type { AccessCheck } from '../http/access-tokens'
import type { AuthUser } from '../http/router'
import { type DisconnectReason, frames, parseActionData, parseCommand, parseIdentifier } from './protocol'
import { SmallMap } from './small-map'
import type { Frame, StreamHub } from './streams'
import { Subscription, type SubscriptionHost } from './subscription'
import type { TokenBatcher } from './token-batch'
import type { ChannelDefinition } from './types'

export interface ConnectionHost {
  deps: Deps
  hub: StreamHub
  channels: ReadonlyMap<string, ChannelDefinition>
  onWelcome(connection: Connection): void
  onClose(connection: Connection): void
  /** Who a token belongs to (looked up together with the other connects of the turn: token-batch.ts). */
  resolveToken: TokenBatcher
  /** The socket has closed and every subscription's `unsubscribed` has run. */
  onDone(connection: Connection): void
}

/** Lets the event loop run other work (I/O, timers, other sockets) before going on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Frames one connection runs in a row, while more of its frames wait, before it lets the event
 * loop take a turn. One per turn made a frame that arrived behind another wait a whole turn of
 * the loop (every socket's reads and every commit in it: tens of ms under a league night's
 * bids); a burst of thousands still yields every few frames.
 */
export const FRAMES_PER_TURN = 8

/** Frames a client may send before `welcome`; far more than any real client needs. */
const MAX_EARLY_FRAMES = 256
const OPEN = 1

/**
 * One socket, from authentication to teardown. Everything the client asks for runs on one
 * promise chain, so commands are handled strictly in arrival order and the teardown runs
 * after the last of them.
 */
export class Connection implements SubscriptionHost {
  user: AuthUser | null = null
  /** Broadcast frames queued for this socket in the hub (StreamHub). */
  pending = 0
  private state: 'connecting' | 'open' | 'closing' | 'closed' = 'connecting'
  // Ten thousand idle connections are ten thousand of these: what most never need (frames
  // before welcome, a promise of their end) is made on first use, and the subscriptions (one,
  // mostly) live in a SmallMap.
  private early: string[] | undefined
  private readonly subscriptions = new SmallMap<string, Subscription>()
  private queue: Promise<void>
  private finished = false
  private ended: { promise: Promise<void>; resolve: () => void } | undefined
  /** Frames enqueued and not finished yet, and how many ran since the last turn (see pace). */
  private waiting = 0
  private inARow = 0

  constructor(
    private readonly socket: WebSocket,
    private readonly host: ConnectionHost,
    token: string | null,
  ) {
    socket.on('message', (data, isBinary) => this.receive(isBinary ? data : String(data)))
    socket.on('close', () => this.handleClose())
    // ws reports protocol violations here (e.g. a frame over maxPayload, closed with 1009).
    socket.on('error', (error) =>
      host.deps.log.debug('cable socket error', { user: this.user?.id, error: String(error) }),
    )
    this.queue = this.authenticate(token)
  }

  /** Resolves once the socket has closed and every subscription's `unsubscribed` has run. */
  get done(): Promise<void> {
    if (this.finished) return Promise.resolve()
    if (!this.ended) {
      let resolve = () => {}
      const promise = new Promise<void>((r) => {
        resolve = r
      })
      this.ended = { promise, resolve }
    }
    return this.ended.promise
  }

  get deps(): Deps {
    return this.host.deps
  }

  get hub(): StreamHub {
    return this.host.hub
  }

  /** Rails order: authenticate, then `welcome`, then replay what arrived meanwhile. */
  private async authenticate(token: string | null): Promise<void> {
    const { deps } = this.host
    let check: AccessCheck
    try {
      check = token
        ? await this.host.resolveToken(token)
        : { ok: false, problem: 'no access token (cookie at, ?access_token= or Authorization: Bearer)' }
    } catch (error) {
      deps.log.error('cable authentication failed', { error: String(error) })
      this.socket.close(1011)
      return
    }
    if (this.state !== 'connecting') return
    if (!check.ok) {
      deps.log.info('cable connection refused', { problem: check.problem })
      this.early = undefined
      this.disconnect('unauthorized', false)
      return
    }
    this.user = check.user
    this.state = 'open'
    this.socket.send(frames.welcome())
    this.host.onWelcome(this)
    const early = this.early
    this.early = undefined
    if (early) for (const text of early) this.enqueue(text)
  }

  receive(data: unknown): void {
    if (typeof data !== 'string') {
      this.host.deps.log.debug('cable ignored a binary frame', { user: this.user?.id })
      return
    }
    if (this.state === 'connecting') {
      this.early ??= []
      if (this.early.length < MAX_EARLY_FRAMES) this.early.push(data)
      else this.host.deps.log.warn('cable dropped a frame sent before welcome', { frames: this.early.length })
    } else if (this.state === 'open') this.enqueue(data)
  }

  /**
   * This connection's own frames after `welcome` (confirm, snapshot, transmit, ping): behind
   * any broadcast frame still queued for it, so a snapshot never arrives before a broadcast
   * that was published earlier.
   */
  send(frame: string): void {
    this.host.hub.sendAfterQueued(this, frame)
  }

  /** Writes a frame now; a socket over the slow-client limit is cut off. */
  write(frame: Frame): void {
    if (this.state !== 'open' || this.socket.readyState !== OPEN) return
    const limit = this.host.deps.config.cable.slowClientBytes
    if (this.socket.bufferedAmount > limit) {
      this.host.deps.log.warn('cable client too slow', {
        user: this.user?.id,
        buffered: this.socket.bufferedAmount,
      })
      this.state = 'closing'
      this.socket.send(frames.disconnect('too_slow', true))
      this.socket.terminate()
      return
    }
    // A Buffer is a text frame too (Action Cable speaks JSON): ws sends its bytes as they are.
    this.socket.send(frame, { binary: false })
  }

  /** Sends the `disconnect` frame, then a normal close. */
  disconnect(reason: DisconnectReason, reconnect: boolean): void {
    if (this.state === 'closing' || this.state === 'closed') return
    this.state = 'closing'
    if (this.socket.readyState === OPEN) this.socket.send(frames.disconnect(reason, reconnect))
    this.socket.close(1000)
  }

  /** For a peer that never answers the close handshake. */
  terminate(): void {
    this.socket.terminate()
  }

  /** The socket closed (either side): every subscription ends, after any command still queued. */
  handleClose(): void {
    if (this.state === 'closed') return
    this.state = 'closed'
    this.early = undefined
    this.host.onClose(this)
    this.queue = this.queue.then(() => this.teardown())
    void this.queue.then(() => {
      this.finished = true
      this.ended?.resolve()
      this.host.onDone(this)
    })
  }

  private async teardown(): Promise<void> {
    const all = this.subscriptions.values()
    for (const subscription of all) this.subscriptions.delete(subscription.identifier)
    for (const subscription of all) await this.end(subscription)
  }

  /**
   * Frames run one after another, and each one in a turn of the event loop of its own: a
   * socket that sends thousands of frames at once would otherwise run them all as one chain of
   * microtasks (SQLite answers synchronously), and every other socket, request and timer would
   * wait for the whole burst.
   */
  private enqueue(text: string): void {
    this.waiting++
    this.queue = this.queue.then(() => this.handle(text)).then(() => this.pace())
  }

  /** After a frame: a turn of the event loop once FRAMES_PER_TURN ran in a row with more waiting. */
  private pace(): Promise<void> | undefined {
    this.waiting--
    if (this.waiting === 0) {
      this.inARow = 0
      return
    }
    if (++this.inARow < FRAMES_PER_TURN) return
    this.inARow = 0
    return nextTurn()
  }

  private async handle(text: string): Promise<void> {
    if (this.state !== 'open') return
    const parsed = parseCommand(text)
    if (!parsed.ok) return this.ignore(parsed.problem, text)
    const command = parsed.value
    try {
      if (command.command === 'subscribe') await this.subscribe(command.identifier)
      else if (command.command === 'unsubscribe') await this.unsubscribe(command.identifier)
      else await this.perform(command.identifier, command.data)
    } catch (error) {
      this.host.deps.log.error('cable command failed', { command: command.command, error: String(error) })
    }
  }

  private async subscribe(identifier: string): Promise<void> {
    // The Rails client re-sends `subscribe` every 500 ms until it hears back: repeats are normal.
    if (this.subscriptions.has(identifier)) return
    const id = parseIdentifier(identifier)
    if (!id.ok) return this.ignore(id.problem, identifier)
    // Every subscription holds a stream listener and runs its channel's work on every
    // broadcast: one socket may not hold an unbounded number (identifiers differing only in
    // spacing are distinct subscriptions to Action Cable).
    const subscriptions = this.subscriptions
    if (subscriptions.size >= this.host.deps.config.cable.maxSubscriptions) {
      this.host.deps.log.info('cable subscription over the limit', {
        user: this.user?.id,
        limit: this.host.deps.config.cable.maxSubscriptions,
      })
      this.send(frames.reject(identifier))
      return
    }
    const channel = this.host.channels.get(id.value.channel)
    if (!channel || !this.user) {
      // Rails only logs here, and its client then retries for ever; a rejection stops it.
      this.host.deps.log.info('cable subscription to an unknown channel', { channel: id.value.channel })
      this.send(frames.reject(identifier))
      return
    }
    const subscription = new Subscription(identifier, channel, id.value.params, this.user, this)
    subscriptions.set(identifier, subscription)
    try {
      await channel.subscribed(subscription.ctx)
    } catch (error) {
      this.host.deps.log.error('cable subscribed failed', { identifier, error: String(error) })
      subscription.rejected = true
    }
    if (subscription.rejected) {
      subscriptions.delete(identifier)
      await this.end(subscription)
      this.send(frames.reject(identifier))
      return
    }
    // Streams are registered synchronously, so once confirmed every later broadcast arrives.
    this.send(frames.confirm(identifier))
  }

  private async unsubscribe(identifier: string): Promise<void> {
    const subscription = this.subscriptions.get(identifier)
    if (!subscription) return this.ignore('unsubscribe from an unknown subscription', identifier)
    this.subscriptions.delete(identifier)
    await this.end(subscription)
  }

  private async perform(identifier: string, data: unknown): Promise<void> {
    const subscription = this.subscriptions.get(identifier)
    if (!subscription) return this.ignore('message for an unknown subscription', identifier)
    const parsed = parseActionData(data)
    if (!parsed.ok) return this.ignore(parsed.problem, identifier)
    const { action } = parsed.value
    const actions = subscription.channel.actions
    // Only the channel's own whitelisted actions: never inherited names such as `constructor`.
    const handler = actions && Object.hasOwn(actions, action) ? actions[action] : undefined
    if (!handler) return this.ignore(`unknown action ${action}`, identifier)
    await handler(subscription.ctx, parsed.value.data)
  }

  /**
   * A subscription ended itself (`ctx.close()`): its streams are already stopped. It leaves
   * the map now, so a later `perform` is ignored and a `subscribe` is checked afresh; its
   * `unsubscribed` runs in turn with the connection's other commands.
   */
  closed(subscription: Subscription): void {
    if (this.subscriptions.get(subscription.identifier) !== subscription) return
    this.subscriptions.delete(subscription.identifier)
    this.queue = this.queue.then(() => this.end(subscription))
  }

  private async end(subscription: Subscription): Promise<void> {
    try {
      await subscription.end()
    } catch (error) {
      this.host.deps.log.error('cable unsubscribed failed', {
        identifier: subscription.identifier,
        error: String(error),
      })
    }
  }

  private ignore(problem: string, detail: string): void {
    this.host.deps.log.debug(`cable ignored a command: ${problem}`, {
      user: this.user?.id,
      detail: detail.slice(0, 200),
    })
  }
}
