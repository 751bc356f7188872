import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/main'
import {
  cableUrl,
  eventually,
  holdDatabase,
  NOTIFICATIONS,
  rawCable,
  signedInUser,
  startCableServer,
} from '../../helpers/cable'

let server: RunningServer
let token: string
const open = (extra: { protocols?: string[]; headers?: Record<string, string> } = {}) =>
  rawCable(cableUrl(server, `?access_token=${token}`), extra)

beforeAll(async () => {
  server = await startCableServer()
  token = (await signedInUser(server)).token
})
afterAll(() => server.close())

describe('/cable handshake', () => {
  it('answers a plain GET with 404 and the error shape, not the web client', async () => {
    const res = await fetch(`${server.url}/cable`)
    expect(res.status).toBe(404)
    expect((await res.json()).code).toBe('NOT_FOUND')
  })

  it("picks the first subprotocol of the client's offer that it speaks", async () => {
    const cable = await open({ protocols: ['actioncable-v1-json', 'actioncable-unsupported'] })
    expect(cable.ws.protocol).toBe('actioncable-v1-json')
    expect(await cable.take()).toEqual({ type: 'welcome' })
    await cable.close()

    const reordered = await open({ protocols: ['actioncable-v1-ext-json', 'actioncable-v1-json'] })
    expect(reordered.ws.protocol).toBe('actioncable-v1-json')
    await reordered.close()
  })

  it('accepts a client that offers no subprotocol and speaks the JSON protocol to it', async () => {
    const cable = await open({ protocols: [] })
    expect(cable.ws.protocol).toBe('')
    expect(await cable.take()).toEqual({ type: 'welcome' })
    cable.subscribe(NOTIFICATIONS)
    expect(await cable.take((f) => f.type === 'confirm_subscription')).toEqual({
      identifier: NOTIFICATIONS,
      type: 'confirm_subscription',
    })
    await cable.close()
  })

  it('holds commands that arrive before welcome and replays them after it, in order', async () => {
    // Authentication waits for the database while the client talks.
    const release = await holdDatabase(server)
    const cable = await open()
    const other = JSON.stringify({ channel: 'NoSuchChannel' })
    cable.subscribe(NOTIFICATIONS)
    cable.subscribe(other)
    await new Promise((r) => setTimeout(r, 100))
    expect(cable.frames).toEqual([])
    await release()
    await cable.take((f) => f.type === 'reject_subscription')
    expect(cable.frames.filter((f) => f.type !== 'ping')).toEqual([
      { type: 'welcome' },
      { identifier: NOTIFICATIONS, message: { type: 'unread', unread_count: 0 } },
      { identifier: NOTIFICATIONS, type: 'confirm_subscription' },
      { identifier: other, type: 'reject_subscription' },
    ])
    await cable.close()
  })

  it('closes a frame over 64 KiB with 1009', async () => {
    const cable = await open()
    await cable.take()
    cable.send({ command: 'message', identifier: NOTIFICATIONS, data: 'x'.repeat(64 * 1024 + 1) })
    expect((await cable.closed).code).toBe(1009)
  })
})

describe('/cable commands', () => {
  it('ignores a duplicate subscribe: one confirm, one delivery per broadcast', async () => {
    const me = await signedInUser(server)
    const cable = await rawCable(cableUrl(server, `?access_token=${me.token}`))
    await cable.take()
    cable.subscribe(NOTIFICATIONS)
    cable.subscribe(NOTIFICATIONS)
    cable.subscribe(NOTIFICATIONS)
    await cable.take((f) => f.type === 'confirm_subscription')
    await cable.take((f) => f.message?.type === 'unread')
    await cable.expectSilence(150)
    server.deps.bus.publish(`notifications:user:${me.id}`, { type: 'notification', n: 1 })
    expect(await cable.take()).toEqual({
      identifier: NOTIFICATIONS,
      message: { type: 'notification', n: 1, seq: 1 },
    })
    await cable.expectSilence(150)
    await cable.close()
  })

  it('sends nothing on unsubscribe and stops the stream', async () => {
    const me = await signedInUser(server)
    const cable = await rawCable(cableUrl(server, `?access_token=${me.token}`))
    await cable.take()
    cable.subscribe(NOTIFICATIONS)
    await cable.take((f) => f.type === 'confirm_subscription')
    await cable.take((f) => f.message?.type === 'unread')
    cable.send({ command: 'unsubscribe', identifier: NOTIFICATIONS })
    await eventually(() => server.deps.bus.subscriberCount(`notifications:user:${me.id}`) === 0)
    server.deps.bus.publish(`notifications:user:${me.id}`, { type: 'notification' })
    await cable.expectSilence(150)
    await cable.close()
  })

  it('logs and ignores invalid JSON, unknown commands, binary frames and strangers; the socket stays', async () => {
    const cable = await open()
    await cable.take()
    cable.send('{not json')
    cable.send({ command: 'dance', identifier: NOTIFICATIONS })
    cable.ws.send(Buffer.from([1, 2, 3]), { binary: true })
    cable.send({ command: 'message', identifier: NOTIFICATIONS, data: '{"action":"mark_all_read"}' })
    cable.send({ command: 'unsubscribe', identifier: NOTIFICATIONS })
    cable.subscribe('not json')
    await cable.expectSilence(150)
    cable.subscribe(NOTIFICATIONS)
    await cable.take((f) => f.type === 'confirm_subscription')
    await cable.take((f) => f.message?.type === 'unread')
    // Actions only from the channel's whitelist, never inherited names.
    for (const action of ['constructor', 'toString', 'subscribed', '__proto__'])
      cable.send({ command: 'message', identifier: NOTIFICATIONS, data: JSON.stringify({ action }) })
    // `data` must be a JSON string, not an object.
    cable.send({ command: 'message', identifier: NOTIFICATIONS, data: { action: 'mark_all_read' } })
    await cable.expectSilence(150)
    cable.send({ command: 'message', identifier: NOTIFICATIONS, data: '{"action":"mark_all_read"}' })
    expect(await cable.take((f) => f.message?.type === 'unread')).toMatchObject({ identifier: NOTIFICATIONS })
    await cable.expectSilence(150)
    expect(cable.ws.readyState).toBe(cable.ws.OPEN)
    await cable.close()
  })

  it("processes one connection's commands strictly in arrival order", async () => {
    const cable = await open()
    await cable.take()
    // The action is sent right behind the subscribe, whose `subscribed` awaits the database.
    cable.subscribe(NOTIFICATIONS)
    cable.send({ command: 'message', identifier: NOTIFICATIONS, data: '{"action":"mark_all_read"}' })
    cable.send({ command: 'unsubscribe', identifier: NOTIFICATIONS })
    cable.subscribe(NOTIFICATIONS)
    const kinds = []
    for (let i = 0; i < 5; i++) {
      const f = await cable.take()
      kinds.push(f.type ?? f.message.type)
    }
    expect(kinds).toEqual(['unread', 'confirm_subscription', 'unread', 'unread', 'confirm_subscription'])
    await cable.close()
  })

  it('rejects a subscription to an unknown channel', async () => {
    const cable = await open()
    await cable.take()
    const identifier = JSON.stringify({ channel: 'NoSuchChannel' })
    cable.subscribe(identifier)
    expect(await cable.take()).toEqual({ identifier, type: 'reject_subscription' })
    await cable.close()
  })

  it('echoes the identifier string byte for byte', async () => {
    const cable = await open()
    await cable.take()
    const identifier = '{ "channel" : "NotificationsChannel" }'
    cable.subscribe(identifier)
    expect(await cable.take((f) => f.type === 'confirm_subscription')).toEqual({
      identifier,
      type: 'confirm_subscription',
    })
    await cable.close()
  })
})

describe('/cable server-initiated disconnects', () => {
  it('disconnectUser sends reason remote with the reconnect flag, then closes 1000', async () => {
    const me = await signedInUser(server)
    const cable = await rawCable(cableUrl(server, `?access_token=${me.token}`))
    await cable.take()
    await eventually(() => server.cable.connectionCount() >= 1)
    server.cable.disconnectUser(me.id, false)
    expect(await cable.take()).toEqual({ type: 'disconnect', reason: 'remote', reconnect: false })
    expect((await cable.closed).code).toBe(1000)
  })
})
