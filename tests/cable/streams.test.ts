import { describe, expect, it } from 'vitest'
import { StreamHub } from '../../server/cable/streams'
import { Subscription } from '../../server/cable/subscription'
import type { ChannelDefinition } from '../../server/cable/types'
import type { Deps } from '../../server/deps'
import type { AuthUser } from '../../server/http/router'
import { createBus } from '../../server/lib/bus'

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
    const sub = new Subscription(identifier, channel, {}, user, {
      deps: {} as Deps,
      hub,
      send: (frame) => sent.push(frame),
    })
    return { sub, sent }
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
})
