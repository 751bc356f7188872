import { isDeepStrictEqual } from 'node:util'
import { CableClient, type CableObserver, type Frame } from './cable-client'
import { show } from './show'
import { StepFailure } from './step-failure'

/**
 * The /cable connections of one scenario run: one per user, opened on first use and reused
 * by every later step, plus throw-away connections for `token:` overrides. All are closed
 * when the scenario ends.
 */
export interface Subscription {
  owner: string
  identifier: string
  params: Record<string, unknown>
  connection: CableClient
}

export type Greeting =
  | { kind: 'welcome' }
  | { kind: 'refused'; frame: Frame }
  | { kind: 'closed' }
  | { kind: 'timeout' }

export class CablePool {
  private readonly own = new Map<string, CableClient>()
  private readonly extra: CableClient[] = []
  private readonly subscriptions: Subscription[] = []

  constructor(
    private readonly serverUrl: string,
    /** Told every frame and socket event (the trace), when one is kept. */
    private readonly observer?: CableObserver,
  ) {}

  cableUrl(token: string | null | undefined): string {
    const url = new URL('/cable', this.serverUrl)
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
    if (token) url.searchParams.set('access_token', token)
    return url.toString()
  }

  /** The owner's connection (authenticated with their current token), opened on first use. */
  async connection(owner: string, token: string | undefined): Promise<CableClient> {
    const existing = this.own.get(owner)
    if (existing && !existing.closed) return existing
    const client = await CableClient.open(this.cableUrl(token), owner, 5000, this.observer)
    this.own.set(owner, client)
    return client
  }

  /** A separate connection with an explicit token (or none); never reused. */
  async adHoc(label: string, token: string | null): Promise<CableClient> {
    const client = await CableClient.open(this.cableUrl(token), label, 5000, this.observer)
    this.extra.push(client)
    return client
  }

  existing(owner: string): CableClient | undefined {
    return this.own.get(owner)
  }

  /** Waits for the first protocol answer of a connection: welcome, a disconnect frame, or a close. */
  greeting(client: CableClient, timeoutMs: number, signal?: AbortSignal): Promise<Greeting> {
    return client
      .waitUntil<Greeting>(
        () => {
          const frame = client.frames.find((f) => f.data.type === 'welcome' || f.data.type === 'disconnect')
          if (frame?.data.type === 'welcome') return { kind: 'welcome' }
          if (frame) return { kind: 'refused', frame }
          return client.closed ? { kind: 'closed' } : undefined
        },
        timeoutMs,
        signal,
      )
      .then((g) => g ?? { kind: 'timeout' })
  }

  remember(subscription: Subscription): void {
    if (
      !this.subscriptions.some(
        (s) => s.owner === subscription.owner && s.identifier === subscription.identifier,
      )
    )
      this.subscriptions.push(subscription)
  }

  /** Finds an owner's subscription by channel name, or by the whole identifier object. */
  find(owner: string, channel: string | Record<string, unknown>): Subscription {
    const mine = this.subscriptions.filter((s) => s.owner === owner)
    const matches =
      typeof channel === 'string'
        ? mine.filter((s) => s.params.channel === channel)
        : mine.filter((s) => isDeepStrictEqual(s.params, channel))
    if (matches.length === 1) return matches[0] as Subscription
    const have = mine.map((s) => s.identifier).join(', ') || 'none'
    if (matches.length === 0)
      throw new StepFailure(
        `${owner} has no confirmed subscription to ${show(channel)} (subscriptions: ${have})`,
      )
    throw new StepFailure(
      `${owner} has several subscriptions to ${show(channel)}; name it with its parameters (subscriptions: ${have})`,
    )
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.own.values(), ...this.extra].map((c) => c.close()))
    this.own.clear()
    this.extra.length = 0
    this.subscriptions.length = 0
  }
}

/** Data frames of one subscription (`{identifier, message}`, no `type`). */
export function dataFrames(subscription: Subscription): Frame[] {
  return subscription.connection.frames.filter(
    (f) => f.data.identifier === subscription.identifier && f.data.type === undefined && 'message' in f.data,
  )
}
