import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { IncomingMessage } from 'node:http'
import { queryObjects } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { ephemeralDatabase, loadConfig } from '../../../server/core/config'
import { startServer } from '../../../server/main'
import {
  cableServer,
  cableUrl,
  NOTIFICATIONS,
  type RawCable,
  rawCable,
  signedInUser,
} from '../../helpers/cable'

const ctx = cableServer()

/** Live objects of a class, after a full garbage collection (node:v8 collects first). */
const live = (type: abstract new (...args: never[]) => unknown) =>
  queryObjects(type as unknown as new () => unknown, { format: 'count' }) as number

async function openMany(tokens: string[], perToken: number, subscribe: boolean): Promise<RawCable[]> {
  const cables: RawCable[] = []
  for (const token of tokens)
    for (let i = 0; i < perToken; i++) {
      const cable = await rawCable(cableUrl(ctx.server, `?access_token=${token}`))
      await cable.take((f) => f.type === 'welcome')
      if (subscribe) {
        cable.subscribe(NOTIFICATIONS)
        await cable.take((f) => f.type === 'confirm_subscription')
      }
      cables.push(cable)
    }
  return cables
}

describe('/cable upgrades', () => {
  // Each count is a full garbage collection of the test process: seconds, not milliseconds.
  it('keeps no HTTP request alive for an open connection', { timeout: 60_000 }, async () => {
    const me = await signedInUser(ctx.server)
    const before = live(IncomingMessage)
    const cables = await openMany([me.token], 30, false)
    // Each connection once held its upgrade request, the fetch Request built from it, and the
    // Hono context and response around them, for as long as the socket was open (~10 KB).
    expect(live(IncomingMessage) - before).toBeLessThan(10)
    await Promise.all(cables.map((c) => c.close()))
  })

  it('gives a subscription no Map of its own, nor its connection, nor its stream', {
    timeout: 60_000,
  }, async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => signedInUser(ctx.server)))
    const maps = live(Map)
    // Four users' own streams, five sockets each, each subscribed to NotificationsChannel.
    const cables = await openMany(
      users.map((u) => u.token),
      5,
      true,
    )
    // It was three per socket (the connection's subscriptions, the hub's identifiers per
    // stream, the stream's listeners as a Set); one listener or identifier needs no table.
    expect(live(Map) - maps).toBeLessThan(10)
    await Promise.all(cables.map((c) => c.close()))
  })

  it('answers 404 to an upgrade on another path', async () => {
    await expect(rawCable(`ws://127.0.0.1:${ctx.server.port}/elsewhere`)).rejects.toThrow(/404/)
  })
})

const somaxconn = existsSync('/proc/sys/net/core/somaxconn')
  ? Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'))
  : 0
const hasSs = somaxconn > 0 && existsSync('/usr/bin/ss')

/** The listen backlog the kernel holds for a port: `ss` shows it as a listener's Send-Q. */
function backlogOf(port: number): number {
  const line = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' }).trim()
  return Number(line.split(/\s+/)[2])
}

describe.skipIf(!hasSs)('listen backlog', () => {
  it('listens with the configured backlog, 4096 unless told (capped by net.core.somaxconn)', async () => {
    const base = { ...ephemeralDatabase(process.env), port: 0, logLevel: 'silent' as const }
    expect(loadConfig({}, {}).listenBacklog).toBe(4096)
    expect(loadConfig({}, { FANSPOLE_LISTEN_BACKLOG: '1000' }).listenBacklog).toBe(1000)
    const told = await startServer(loadConfig({ ...base, listenBacklog: 1000 }, {}), { seedIfEmpty: false })
    const byDefault = await startServer(loadConfig(base, {}), { seedIfEmpty: false })
    try {
      expect(backlogOf(told.port)).toBe(Math.min(1000, somaxconn))
      // node's own default is 511: a burst of connects beyond it waits a second per retry.
      expect(backlogOf(byDefault.port)).toBe(Math.min(4096, somaxconn))
    } finally {
      await Promise.all([told.close(), byDefault.close()])
    }
  })
})
