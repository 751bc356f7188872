import { describe, expect, it } from 'vitest'
import {
  cableServer,
  cableUrl,
  eventually,
  NOTIFICATIONS,
  rawCable,
  signedInUser,
  startCableServer,
} from '../../helpers/cable'

const ctx = cableServer({ cable: { pingIntervalMs: 100, slowClientBytes: 256 * 1024 } })

describe('/cable pings', () => {
  it('pings welcomed connections on the interval with integer unix seconds', async () => {
    const me = await signedInUser(ctx.server)
    const cable = await rawCable(cableUrl(ctx.server, `?access_token=${me.token}`))
    const arrivals: number[] = []
    cable.ws.on('message', (data) => {
      if (JSON.parse(data.toString()).type === 'ping') arrivals.push(performance.now())
    })
    await cable.take()
    await eventually(() => arrivals.length >= 4, 3000, 'four pings')
    // One timer at 100 ms: never faster than the interval (a little slack for timer jitter).
    for (let i = 1; i < arrivals.length; i++)
      expect((arrivals[i] as number) - (arrivals[i - 1] as number)).toBeGreaterThan(80)
    for (const ping of cable.frames.filter((f) => f.type === 'ping')) {
      expect(Object.keys(ping)).toEqual(['type', 'message'])
      expect(Number.isInteger(ping.message)).toBe(true)
      expect(Math.abs(ping.message - Date.now() / 1000)).toBeLessThan(5)
    }
    await cable.close()
  })

  it('never pings a refused connection', async () => {
    const cable = await rawCable(cableUrl(ctx.server, '?access_token=nope'))
    await cable.closed
    await new Promise((r) => setTimeout(r, 150))
    expect(cable.frames.map((f) => f.type)).toEqual(['disconnect'])
  })
})

describe('/cable slow clients', () => {
  it('cuts off a client that stops reading once its buffer passes the limit', async () => {
    const me = await signedInUser(ctx.server)
    const cable = await rawCable(cableUrl(ctx.server, `?access_token=${me.token}`))
    await cable.take()
    cable.subscribe(NOTIFICATIONS)
    await cable.take((f) => f.type === 'confirm_subscription')
    await eventually(() => ctx.server.cable.connectionCount() >= 1)
    const before = ctx.server.cable.connectionCount()

    // The client stops reading: kernel buffers fill, then ws starts buffering on our side.
    const socket = (cable.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket
    socket.pause()
    const padding = 'x'.repeat(32 * 1024)
    const stream = `notifications:user:${me.id}`
    // In batches, so the socket's close event (after terminate) can stop the loop. Each batch
    // is waited for: the shared bus (PostgreSQL) delivers after its own commit, not at once.
    let heard = 0
    const stop = ctx.server.deps.bus.subscribe(stream, () => heard++)
    for (let batch = 0; batch < 100 && ctx.server.cable.connectionCount() === before; batch++) {
      for (let i = 0; i < 32; i++) ctx.server.deps.bus.publish(stream, { type: 'notification', padding })
      await eventually(() => heard === (batch + 1) * 32, 5000, 'the batch delivered')
      await new Promise((r) => setImmediate(r))
    }
    stop()
    await eventually(() => ctx.server.cable.connectionCount() === before - 1, 3000, 'the cut-off')
    socket.resume()
    // Terminated, not closed politely: the client sees an abnormal closure.
    expect((await cable.closed).code).toBe(1006)
    await eventually(() => ctx.server.deps.bus.subscriberCount(stream) === 0, 2000, 'streams released')
  })
})

describe('/cable shutdown', () => {
  it('tells every client server_restart with reconnect, closes them and releases the streams', async () => {
    const own = await startCableServer()
    const me = await signedInUser(own)
    const cable = await rawCable(cableUrl(own, `?access_token=${me.token}`))
    await cable.take()
    cable.subscribe(NOTIFICATIONS)
    await cable.take((f) => f.type === 'confirm_subscription')
    await cable.take((f) => f.message?.type === 'unread')
    const bus = own.deps.bus
    await own.close()
    expect(await cable.take()).toEqual({ type: 'disconnect', reason: 'server_restart', reconnect: true })
    expect((await cable.closed).code).toBe(1000)
    expect(bus.subscriberCount(`notifications:user:${me.id}`)).toBe(0)
    expect(own.cable.connectionCount()).toBe(0)
  })
})
