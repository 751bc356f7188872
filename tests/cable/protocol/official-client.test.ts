import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { announce } from '../../../server/areas/notifications/service'
import { withTx } from '../../../server/db/tx'
import type { RunningServer } from '../../../server/main'
import {
  type AcConsumer,
  actionCable,
  cableUrl,
  eventually,
  signedInUser,
  startCableServer,
  watch,
} from '../../helpers/cable'

const ActionCable = actionCable()
let server: RunningServer
const consumers: AcConsumer[] = []
const consumer = (query: string) => {
  const c = ActionCable.createConsumer(cableUrl(server, query))
  consumers.push(c)
  return c
}

beforeAll(async () => {
  server = await startCableServer()
})
afterEach(() => {
  for (const c of consumers.splice(0)) c.disconnect()
})
afterAll(() => server.close())

describe('@rails/actioncable against /cable', () => {
  it('connects, is welcomed and gets a confirmed subscription', async () => {
    const me = await signedInUser(server)
    const c = consumer(`?access_token=${me.token}`)
    const sub = watch(c, { channel: 'NotificationsChannel' })
    const [connected] = await sub.waitFor('connected')
    expect(connected).toEqual({ kind: 'connected', reconnected: false })
    expect(c.connection.getProtocol()).toBe('actioncable-v1-json')
    // The snapshot was transmitted from `subscribed`, so it reached the client before the confirm.
    expect(sub.events[0]).toEqual({ kind: 'received', message: { type: 'unread', unread_count: 0 } })
    expect(server.cable.connectionCount()).toBeGreaterThanOrEqual(1)
  })

  it('sees a rejected subscription as rejected(), without connected()', async () => {
    const me = await signedInUser(server)
    const c = consumer(`?access_token=${me.token}`)
    const sub = watch(c, { channel: 'NotificationsChannel', user_id: 1 })
    await sub.waitFor('rejected')
    const unknown = watch(c, 'NoSuchChannel')
    await unknown.waitFor('rejected')
    expect([...sub.events, ...unknown.events]).toEqual([{ kind: 'rejected' }, { kind: 'rejected' }])
  })

  it('receives many broadcasts in publish (seq) order', async () => {
    const me = await signedInUser(server)
    const c = consumer(`?access_token=${me.token}`)
    const sub = watch(c, { channel: 'NotificationsChannel' })
    await sub.waitFor('connected')
    const count = 60
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        withTx(server.deps, (tx, after) =>
          announce(tx, after, me.id, { kind: 'test', body: `n${i}` }, server.deps.clock.now()),
        ),
      ),
    )
    const received = (await sub.waitFor('received', count + 1)).slice(1)
    const seqs = received.map((e) => e.message.seq)
    expect(seqs).toEqual(Array.from({ length: count }, (_, i) => i + 1))
    // Every notification once. (Their ids follow the commit order only on SQLite, whose writers
    // take turns; PostgreSQL hands out ids at insert, so concurrent commits may cross.)
    const ids = received.map((e) => e.message.notification.id)
    expect(new Set(ids).size).toBe(count)
  })

  it('performs mark_all_read and receives the new count', async () => {
    const me = await signedInUser(server)
    await withTx(server.deps, (tx, after) =>
      announce(tx, after, me.id, { kind: 'test', body: 'hello' }, server.deps.clock.now()),
    )
    const c = consumer(`?access_token=${me.token}`)
    const sub = watch(c, { channel: 'NotificationsChannel' })
    await sub.waitFor('connected')
    expect(sub.events[0]).toEqual({ kind: 'received', message: { type: 'unread', unread_count: 1 } })
    expect(sub.subscription.perform('mark_all_read')).toBe(true)
    const received = await sub.waitFor('received', 2)
    expect(received[1]?.message).toEqual({ type: 'unread', unread_count: 0 })
  })

  it('is refused without a valid token: no welcome, disconnected without reconnect, monitor stopped', async () => {
    const c = consumer('?access_token=wrong')
    const sub = watch(c, { channel: 'NotificationsChannel' })
    const [disconnected] = await sub.waitFor('disconnected')
    expect(disconnected).toEqual({ kind: 'disconnected', willAttemptReconnect: false })
    expect(sub.events).toEqual([disconnected])
    await eventually(() => !c.connection.isOpen())
    expect(c.connection.monitor.isRunning()).toBe(false)
  })
})
