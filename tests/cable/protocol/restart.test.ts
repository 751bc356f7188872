import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/main'
import { actionCable, cableUrl, signedInUser, startCableServer, watch } from '../../helpers/cable'
import { durableDatabase } from '../../helpers/db'

const ActionCable = actionCable()
let database: Awaited<ReturnType<typeof durableDatabase>>
const running: RunningServer[] = []
const originalStale = ActionCable.ConnectionMonitor.staleThreshold

beforeAll(async () => {
  database = await durableDatabase('restart')
})

afterAll(async () => {
  ActionCable.ConnectionMonitor.staleThreshold = originalStale
  for (const server of running) await server.close()
  await database.drop()
})

// Fast pings keep a live connection fresh while the client's stale threshold is shrunk to 1 s,
// so the reconnect happens in about a second instead of the default 6–12.
const start = async (port?: number) => {
  const server = await startCableServer({ port, database: database.config, cable: { pingIntervalMs: 200 } })
  running.push(server)
  return server
}

describe('@rails/actioncable across a server restart', () => {
  it('sees server_restart, reconnects to the new server on the same port and resubscribes', async () => {
    ActionCable.ConnectionMonitor.staleThreshold = 1
    const first = await start()
    const me = await signedInUser(first)
    const consumer = ActionCable.createConsumer(cableUrl(first, `?access_token=${me.token}`))
    try {
      const sub = watch(consumer, { channel: 'NotificationsChannel' })
      await sub.waitFor('connected')

      await first.close()
      const [disconnected] = await sub.waitFor('disconnected')
      expect(disconnected).toEqual({ kind: 'disconnected', willAttemptReconnect: true })

      // Same port, same database file: the token still resolves.
      const second = await start(first.port)
      const connected = await sub.waitFor('connected', 2, 10_000)
      expect(connected[1]).toEqual({ kind: 'connected', reconnected: true })
      expect(second.cable.connectionCount()).toBe(1)

      const res = await fetch(`${second.url}/api/admin/notifications`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${(await signedInUser(second, 'admin')).token}`,
        },
        body: JSON.stringify({ user_id: me.id, body: 'back online' }),
      })
      expect(res.status).toBe(201)
      await sub.waitFor('received', 3)
      const last = sub.events.at(-1)
      expect(last).toMatchObject({ kind: 'received', message: { type: 'notification', seq: 1 } })
    } finally {
      consumer.disconnect()
    }
  })
})
