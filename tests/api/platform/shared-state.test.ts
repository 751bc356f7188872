import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SeedSummary } from '../../../seeds/demo-league'
import { isHere } from '../../../server/areas/auctions/takeover'
import { readHeartbeat } from '../../../server/areas/clock/heartbeat'
import { presenceOf, startNodeBeat } from '../../../server/areas/cluster/presence'
import { ephemeralDatabase, loadConfig } from '../../../server/core/config'
import { createScratchDatabase, dropDatabase } from '../../../server/db/dialect'
import { type RunningServer, startServer } from '../../../server/main'
import { durableDatabase, TEST_DIALECT } from '../../helpers/db'
import { testWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { PNG_1X1, upload } from '../../helpers/kyc'
import { twoNodes } from '../../helpers/two-nodes'

// What one server process writes or counts, another on the same database
// sees. Two sets of deps in this process stand for two `fanspole serve` (tests/cluster runs
// real separate processes).

let nodes: Awaited<ReturnType<typeof twoNodes>>
beforeAll(async () => {
  nodes = await twoNodes()
})
afterAll(async () => {
  await nodes?.close()
})

describe('two server processes on one database', () => {
  it('count one rate limit: refreshes through A use up the budget on B', async () => {
    const a = client(nodes.a.deps)
    const b = client(nodes.b.deps)
    const limit = nodes.a.deps.config.rateLimits.refreshUnknown.limit
    for (let i = 0; i < limit; i++) {
      const r = await a.post('/oauth/token', { grant_type: 'refresh_token', refresh_token: `junk-${i}` })
      expect(r.status).toBe(401)
    }
    const onB = await b.post('/oauth/token', { grant_type: 'refresh_token', refresh_token: 'junk-b' })
    expect(onB.status).toBe(429)
    expect(onB.body.code).toBe('RATE_LIMITED')
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('count one reset-mail limit across nodes', async () => {
    const a = client(nodes.a.deps)
    const b = client(nodes.b.deps)
    const limit = nodes.a.deps.config.rateLimits.forgotPassword.limit
    for (let i = 0; i < limit; i++)
      expect((await a.post('/api/users/forget_password', { email: 'x@example.test' })).status).not.toBe(429)
    expect((await b.post('/api/users/forget_password', { email: 'X@example.test' })).status).toBe(429)
  })

  it('serve an upload made through A from B', async () => {
    const a = client(nodes.a.deps)
    const b = client(nodes.b.deps)
    const player = await a.player()
    const made = await upload(a, player.token, PNG_1X1, { name: 'pan.png' })
    expect(made.status).toBe(201)
    const res = await b.app.request(`/api/attachments/${made.body.attachment.id}/file`, {
      headers: { authorization: `Bearer ${player.token}` },
    })
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1X1)).toBe(true)
  })
})

describe.skipIf(TEST_DIALECT !== 'postgres')(
  'two servers starting at once on an empty PostgreSQL database',
  () => {
    it('migrate and seed it once: one seeds, the other finds the league', async () => {
      const scratch = ephemeralDatabase(process.env)
      // No template: really empty, not even the migrations table.
      const url = await createScratchDatabase(scratch.databaseUrl as string, {
        prefix: scratch.scratchPrefix,
      })
      const config = loadConfig(
        { databaseUrl: url, scratchDatabase: false, port: 0, host: '127.0.0.1', logLevel: 'silent' },
        {},
      )
      const servers = await Promise.allSettled([
        startServer(config, { seedUsers: 0 }),
        startServer({ ...config }, { seedUsers: 0 }),
      ])
      try {
        expect(servers.map((s) => (s.status === 'rejected' ? String(s.reason) : s.status))).toEqual([
          'fulfilled',
          'fulfilled',
        ])
        const [a, b] = servers.map((s) => (s as PromiseFulfilledResult<RunningServer>).value) as [
          RunningServer,
          RunningServer,
        ]
        expect([a.seeded, b.seeded].filter((s) => s !== null)).toHaveLength(1)
        const seeded = (a.seeded ?? b.seeded) as SeedSummary
        const sports = await a.deps.db.selectFrom('sports').select('id').execute()
        const matches = await a.deps.db.selectFrom('matches').select('id').execute()
        expect(sports).toHaveLength(seeded.sports)
        expect(matches).toHaveLength(seeded.matches)
        const admins = await a.deps.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()
        expect(admins).toHaveLength(1)
      } finally {
        for (const s of servers) if (s.status === 'fulfilled') await s.value.close()
        await dropDatabase(url)
      }
    })
  },
)

describe.skipIf(TEST_DIALECT !== 'postgres')('presence across two processes', () => {
  it('counts a room across processes, first in and last out across both', async () => {
    const onA = presenceOf(nodes.a.deps)
    const onB = presenceOf(nodes.b.deps)
    const room = 'auction:1:manager:7'
    expect(await onA.arrive(room)).toBe(0) // first in anywhere
    expect(await onB.count(room)).toBe(1)
    expect(await onB.arrive(room)).toBe(1) // A already holds one
    expect(await onA.count(room)).toBe(2)
    expect(await onA.leave(room)).toBe(1) // B still holds one
    expect(await isHere(nodes.a.deps, 1, 7)).toBe(true)
    expect(await onB.leave(room)).toBe(0) // last out
    expect(await isHere(nodes.a.deps, 1, 7)).toBe(false)
  })

  it('stops counting a process that stopped beating', async () => {
    const room = 'auction:2:manager:9'
    await presenceOf(nodes.b.deps).arrive(room)
    expect(await presenceOf(nodes.a.deps).count(room)).toBe(1)
    // B dies without a word: its last beat ages on A's wall clock.
    nodes.a.wall.advance(10 * nodes.a.deps.config.heartbeatIntervalMs)
    expect(await presenceOf(nodes.a.deps).count(room)).toBe(0)
  })

  it('hands the rooms of a process that died to the next beat elsewhere, once', async () => {
    const room = 'auction:3:manager:11'
    await presenceOf(nodes.b.deps).arrive(room)
    const abandoned: string[][] = []
    const beatA = startNodeBeat(nodes.a.deps, async (rooms) => {
      abandoned.push(rooms)
    })
    try {
      await beatA.beat()
      expect(abandoned).toEqual([]) // B beat recently enough
      nodes.a.wall.advance(60 * nodes.a.deps.config.heartbeatIntervalMs)
      await beatA.beat()
      expect(abandoned).toHaveLength(1)
      expect(abandoned[0]).toContain(room)
      await beatA.beat()
      expect(abandoned).toHaveLength(1)
    } finally {
      await beatA.stop()
    }
  })
})

describe('the caller’s address behind a proxy', () => {
  const refresh = (api: ReturnType<typeof client>, from: string) =>
    api.call('POST', '/oauth/token', {
      body: { grant_type: 'refresh_token', refresh_token: 'junk' },
      headers: { 'x-forwarded-for': from },
    })

  it('is the last X-Forwarded-For entry with trustProxy, so callers behind one proxy do not share a bucket', async () => {
    const world = await testWorld({ trustProxy: true })
    try {
      const api = client(world.deps)
      const limit = world.deps.config.rateLimits.refreshUnknown.limit
      for (let i = 0; i < limit; i++) expect((await refresh(api, `6.6.6.${i}, 10.0.0.1`)).status).toBe(401)
      // A forged first entry does not give the caller a new bucket…
      expect((await refresh(api, '7.7.7.7, 10.0.0.1')).status).toBe(429)
      // …but another caller of the proxy has its own.
      expect((await refresh(api, '10.0.0.9')).status).toBe(401)
    } finally {
      await world.close()
    }
  })
})

describe.skipIf(TEST_DIALECT !== 'postgres')('a process stopping while another serves', () => {
  it('leaves an ordinary beat, not a clean stop; the last one out writes the clean stop', async () => {
    const db = await durableDatabase('stop-beat')
    const config = loadConfig({ ...db.config, port: 0, host: '127.0.0.1', logLevel: 'silent' }, {})
    const a = await startServer(config, { seedIfEmpty: false })
    const b = await startServer({ ...config }, { seedIfEmpty: false })
    try {
      await a.close()
      expect((await readHeartbeat(b.deps.db))?.stopped).toBeUndefined()
      await b.close()
      const reader = await testWorld(db.config)
      try {
        expect((await readHeartbeat(reader.deps.db))?.stopped).toBe(true)
      } finally {
        await reader.close()
      }
    } finally {
      await a.close()
      await b.close()
      await db.drop()
    }
  })
})
