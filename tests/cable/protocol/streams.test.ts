import { describe, expect, it } from 'vitest'
import { type Frame, StreamHub, WRITES_PER_TURN } from '../../../server/cable/streams'
import { Subscription, type SubscriptionHost } from '../../../server/cable/subscription'
import type { ChannelDefinition } from '../../../server/cable/types'
import type { Deps } from '../../../server/core/deps'
import type { AuthUser } from '../../../server/http/router'
import { createBus } from '../../../server/lib/bus'

const user: AuthUser = {
  id: 7,
  slug: 'seven',
  username: 'seven',
  email: 'seven@example.test',
  role: 'player',
  tokenId: 1,
  familyId: 'f',
  clientId: 'web',
}

/** A subscription on a socket that just records what it would send. */
function setup(channel: ChannelDefinition) {
  const bus = createBus()
  const hub = new StreamHub(bus)
  const make = (identifier: string) => {
    const sent: string[] = []
    const frames: Frame[] = []
    const host: SubscriptionHost = {
      deps: {} as Deps,
      hub,
      pending: 0,
      write: (frame) => {
        frames.push(frame)
        sent.push(String(frame))
      },
      send: (frame) => hub.sendAfterQueued(host, frame),
      closed: () => {},
    }
    const sub = new Subscription(identifier, channel, {}, user, host)
    return { sub, sent, frames, host }
  }
  return { bus, hub, make }
}

const twice: ChannelDefinition = {
  name: 'TwiceChannel',
  subscribed(ctx) {
    ctx.streamFrom('s')
    ctx.streamFrom('s')
    ctx.streamFrom('t')
  },
}

describe('StreamHub and Subscription streams', () => {
  it('delivers once when one subscription follows the same stream twice', async () => {
    const { bus, make } = setup(twice)
    const a = make('{"channel":"TwiceChannel"}')
    await twice.subscribed(a.sub.ctx)
    bus.publish('s', { type: 'x' })
    expect(a.sent).toEqual([
      '{"identifier":"{\\"channel\\":\\"TwiceChannel\\"}","message":{"type":"x","seq":1}}',
    ])
  })

  it('holds one bus subscription per stream however many follow it, and releases it with the last', async () => {
    const { bus, hub, make } = setup(twice)
    const a = make('{"channel":"TwiceChannel","n":1}')
    const b = make('{"channel":"TwiceChannel","n":2}')
    await twice.subscribed(a.sub.ctx)
    await twice.subscribed(b.sub.ctx)
    expect(bus.subscriberCount('s')).toBe(1)
    expect(hub.streamCount()).toBe(2)
    bus.publish('s', { type: 'x' })
    // Same stream under two identifiers: once per identifier, each with its own identifier.
    expect(JSON.parse(a.sent[0] as string).identifier).toBe('{"channel":"TwiceChannel","n":1}')
    expect(JSON.parse(b.sent[0] as string).identifier).toBe('{"channel":"TwiceChannel","n":2}')
    await a.sub.end()
    expect(bus.subscriberCount('s')).toBe(1)
    await b.sub.end()
    expect(bus.subscriberCount('s')).toBe(0)
    expect(hub.streamCount()).toBe(0)
  })

  it('keeps per-stream order and stops delivering after stopStream or end', async () => {
    const { bus, make } = setup(twice)
    const a = make('{"channel":"TwiceChannel"}')
    await twice.subscribed(a.sub.ctx)
    for (let i = 0; i < 5; i++) bus.publish('s', { type: 'x', i })
    expect(a.sent.map((f) => JSON.parse(f).message.seq)).toEqual([1, 2, 3, 4, 5])
    a.sub.ctx.stopStream('s')
    bus.publish('s', { type: 'x' })
    bus.publish('t', { type: 'y' })
    expect(a.sent).toHaveLength(6)
    await a.sub.end()
    bus.publish('t', { type: 'y' })
    a.sub.ctx.transmit({ late: true })
    expect(a.sent).toHaveLength(6)
  })

  it('releases every bus subscription on close', async () => {
    const { bus, hub, make } = setup(twice)
    await twice.subscribed(make('{"channel":"TwiceChannel"}').sub.ctx)
    hub.close()
    expect(bus.subscriberCount('s') + bus.subscriberCount('t')).toBe(0)
  })

  it('writes a big fan-out a turn at a time, letting other work in between, in order for every socket', async () => {
    const { bus, hub, make } = setup(twice)
    const subs: Array<ReturnType<ReturnType<typeof setup>['make']>> = []
    for (let i = 0; i < 3 * WRITES_PER_TURN + 5; i++) {
      const s = make(`{"channel":"TwiceChannel","n":${i}}`)
      await twice.subscribed(s.sub.ctx)
      subs.push(s)
    }
    const written = () => subs.reduce((n, s) => n + s.sent.length, 0)
    const seen: number[] = []
    for (let i = 0; i < 3; i++) bus.publish('s', { type: 'ball', i })
    // The first turn's share went out with the publish; other work runs before the rest.
    expect(written()).toBe(WRITES_PER_TURN)
    await new Promise<void>((resolve) => setImmediate(() => resolve(void seen.push(written()))))
    expect(seen[0]).toBeLessThan(3 * subs.length)
    while (hub.queuedWrites() > 0) await new Promise((resolve) => setImmediate(resolve))
    for (const s of subs) expect(s.sent.map((f) => JSON.parse(f).message.seq)).toEqual([1, 2, 3])
    // Encoded once: every socket of one identifier group is handed the same bytes.
    expect(subs[0]?.frames[0]).toBeInstanceOf(Buffer)
  })

  it('writes a 500-member group’s message in the publisher’s turn, as a bare ws server does', async () => {
    const { bus, hub, make } = setup(twice)
    const subs: Array<ReturnType<ReturnType<typeof setup>['make']>> = []
    for (let i = 0; i < 500; i++) {
      const s = make('{"channel":"TwiceChannel"}')
      await twice.subscribed(s.sub.ctx)
      subs.push(s)
    }
    bus.publish('s', { type: 'message' })
    expect(subs.every((s) => s.sent.length === 1)).toBe(true)
    expect(hub.queuedWrites()).toBe(0)
  })

  it('queues a connection’s own frames behind the broadcasts still waiting for it, and only those', async () => {
    const { bus, hub, make } = setup(twice)
    const subs: Array<ReturnType<ReturnType<typeof setup>['make']>> = []
    for (let i = 0; i < 2 * WRITES_PER_TURN; i++) {
      const s = make(`{"channel":"TwiceChannel","n":${i}}`)
      await twice.subscribed(s.sub.ctx)
      subs.push(s)
    }
    const last = subs.at(-1) as (typeof subs)[number]
    const first = subs[0] as (typeof subs)[number]
    bus.publish('s', { type: 'ball' })
    expect(last.sent).toHaveLength(0)
    expect(last.host.pending).toBe(1)
    // A snapshot for the last socket waits for the ball; one for the first goes out at once.
    last.sub.ctx.transmit({ type: 'snapshot' })
    first.sub.ctx.transmit({ type: 'snapshot' })
    expect(first.sent.map((f) => JSON.parse(f).message.type)).toEqual(['ball', 'snapshot'])
    expect(last.sent).toHaveLength(0)
    while (hub.queuedWrites() > 0) await new Promise((resolve) => setImmediate(resolve))
    expect(last.sent.map((f) => JSON.parse(f).message.type)).toEqual(['ball', 'snapshot'])
    expect(last.host.pending).toBe(0)
  })
})
