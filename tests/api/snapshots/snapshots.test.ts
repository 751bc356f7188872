import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { restoreSnapshot } from '../../../server/areas/snapshots/service'
import { maintenanceReason } from '../../../server/http/maintenance'
import type { RunningServer } from '../../../server/main'
import {
  actionCable,
  cableUrl,
  NOTIFICATIONS,
  rawCable,
  signedInUser,
  startCableServer,
  watch,
} from '../../helpers/cable'
import { expectLedgerBalanced } from '../../helpers/concurrency'
import { durableDatabase } from '../../helpers/db'

const ActionCable = actionCable()
const originalStale = ActionCable.ConnectionMonitor.staleThreshold
let database: Awaited<ReturnType<typeof durableDatabase>>
let snapshots: string
let server: RunningServer
let admin: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  database = await durableDatabase('snapshots')
  snapshots = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-snapshots-'))
  server = await startCableServer({
    database: { ...database.config, snapshotDir: snapshots },
    cable: { pingIntervalMs: 200 },
  })
  admin = await signedInUser(server, 'admin')
})

afterAll(async () => {
  ActionCable.ConnectionMonitor.staleThreshold = originalStale
  await server.close()
  await database.drop()
  fs.rmSync(snapshots, { recursive: true, force: true })
})

afterEach(() => {
  expect(maintenanceReason(server.deps)).toBeNull()
})

async function call(method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, headers: res.headers, body: (await res.json()) as any }
}

const credit = (userId: number, amount: number) =>
  call('POST', '/api/admin/wallet/credits', admin.token, { user_id: userId, amount })

const wallet = async (userId: number) =>
  (await call('GET', `/api/admin/users/${userId}`, admin.token)).body.user

describe('snapshots of a running server', () => {
  it('restores the saved balances and ledger, drops what came after, and puts the clock back', async () => {
    const player = await signedInUser(server)
    expect((await credit(player.id, 250)).status).toBe(201)
    const clockBefore = server.deps.clock.state()

    const saved = await call('POST', '/api/admin/snapshots', admin.token, { name: 'before-class' })
    expect(saved.status).toBe(201)
    expect(saved.body.snapshot).toMatchObject({ name: 'before-class', clock: { speed: clockBefore.speed } })
    expect(saved.body.snapshot.size_bytes).toBeGreaterThan(0)
    const entriesAtSave = await server.deps.db.selectFrom('ledger_entries').select('id').execute()

    // After the save: more money, a new account, the clock moved on.
    expect((await credit(player.id, 100)).status).toBe(201)
    const later = await signedInUser(server)
    expect((await call('POST', '/api/admin/clock', admin.token, { advance_ms: 3_600_000 })).status).toBe(200)
    expect((await wallet(player.id)).unused_balance).toBe(350)

    const versionsBefore = await server.deps.db.selectFrom('data_versions').selectAll().execute()
    const restored = await call('POST', '/api/admin/snapshots/before-class/restore', admin.token)
    expect(restored.status).toBe(200)
    expect(restored.body.snapshot).toBe('before-class')
    // The game time of the save, not an hour later.
    expect(restored.body.clock.now_in_millis).toBeLessThan(clockBefore.now_in_millis + 3_600_000)
    expect(server.deps.clock.now()).toBeLessThan(clockBefore.now_in_millis + 3_600_000)

    expect((await wallet(player.id)).unused_balance).toBe(250)
    expect((await call('GET', `/api/admin/users/${later.id}`, admin.token)).status).toBe(404)
    const entries = await server.deps.db.selectFrom('ledger_entries').select('id').execute()
    expect(entries.map((e) => e.id).sort()).toEqual(entriesAtSave.map((e) => e.id).sort())
    await expectLedgerBalanced(server.deps)
    // Cache versions move on past the ones seen before: no cache takes old answers for new.
    const versionsAfter = await server.deps.db.selectFrom('data_versions').selectAll().execute()
    expect(versionsBefore.length).toBeGreaterThan(0)
    for (const v of versionsBefore)
      expect(Number(versionsAfter.find((a) => a.name === v.name)?.version)).toBeGreaterThan(Number(v.version))

    // The database keeps working: ids go on from the snapshot's, money moves again.
    expect((await credit(player.id, 5)).status).toBe(201)
    expect((await wallet(player.id)).unused_balance).toBe(255)
    await expectLedgerBalanced(server.deps)
  })

  it('lists name, size and time; refuses a taken name, a bad name and a missing one', async () => {
    expect((await call('POST', '/api/admin/snapshots', admin.token, { name: 'listed' })).status).toBe(201)
    const list = await call('GET', '/api/admin/snapshots', admin.token)
    expect(list.status).toBe(200)
    const listed = list.body.snapshots.find((s: any) => s.name === 'listed')
    expect(Object.keys(listed).sort()).toEqual(['clock', 'created_at_in_millis', 'name', 'size_bytes'])
    expect(listed.size_bytes).toBeGreaterThan(0)

    const taken = await call('POST', '/api/admin/snapshots', admin.token, { name: 'listed' })
    expect(taken).toMatchObject({ status: 409, body: { code: 'CONFLICT' } })
    expect(
      (await call('POST', '/api/admin/snapshots', admin.token, { name: 'listed', replace: true })).status,
    ).toBe(201)

    const bad = await call('POST', '/api/admin/snapshots', admin.token, { name: '../escape' })
    expect(bad).toMatchObject({ status: 422, body: { code: 'VALIDATION_FAILED' } })
    expect(bad.body.errors.name).toHaveLength(1)
    expect(fs.readdirSync(snapshots).some((f) => f.includes('escape'))).toBe(false)

    const missing = await call('POST', '/api/admin/snapshots/nope/restore', admin.token)
    expect(missing).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
    expect(missing.body.error).toContain('listed')
  })

  it('is for admins only', async () => {
    const player = await signedInUser(server)
    for (const [method, url] of [
      ['GET', '/api/admin/snapshots'],
      ['POST', '/api/admin/snapshots'],
      ['POST', '/api/admin/snapshots/listed/restore'],
      ['POST', '/api/admin/league/reset'],
    ] as const) {
      const answer = await call(method, url, player.token, method === 'POST' ? {} : undefined)
      expect(answer, `${method} ${url}`).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } })
      expect((await call(method, url, null, method === 'POST' ? {} : undefined)).status).toBe(401)
    }
  })

  it('disconnects cable clients with a reason, and they reconnect once it is done', async () => {
    ActionCable.ConnectionMonitor.staleThreshold = 1
    const player = await signedInUser(server)
    expect(
      (await call('POST', '/api/admin/snapshots', admin.token, { name: 'cable', replace: true })).status,
    ).toBe(201)
    const raw = await rawCable(cableUrl(server, `?access_token=${player.token}`))
    expect(await raw.take()).toEqual({ type: 'welcome' })
    const consumer = ActionCable.createConsumer(cableUrl(server, `?access_token=${player.token}`))
    try {
      const sub = watch(consumer, { channel: 'NotificationsChannel' })
      await sub.waitFor('connected')

      expect((await call('POST', '/api/admin/snapshots/cable/restore', admin.token)).status).toBe(200)
      expect(await raw.take()).toEqual({ type: 'disconnect', reason: 'maintenance', reconnect: true })
      await raw.closed

      const [disconnected] = await sub.waitFor('disconnected')
      expect(disconnected).toEqual({ kind: 'disconnected', willAttemptReconnect: true })
      // The player signed in before the save: the token is in the snapshot and still works.
      const connected = await sub.waitFor('connected', 2, 10_000)
      expect(connected[1]).toEqual({ kind: 'connected', reconnected: true })

      const again = await rawCable(cableUrl(server, `?access_token=${player.token}`))
      expect(await again.take()).toEqual({ type: 'welcome' })
      again.subscribe(NOTIFICATIONS)
      expect(await again.take((f) => f.type === 'confirm_subscription')).toBeDefined()
      await again.close()
    } finally {
      consumer.disconnect()
    }
  })

  it('answers 503 with Retry-After, not 500, to requests during the swap', async () => {
    expect(
      (await call('POST', '/api/admin/snapshots', admin.token, { name: 'gate', replace: true })).status,
    ).toBe(201)
    const during: Array<Promise<Response>> = []
    const inProcess = (method: string, url: string, body?: unknown) =>
      server.app.request(url, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    // Called by the restore once the gate is closed, before the data is swapped. In process, so
    // the requests reach the gate while the restore is still at work (no network in between).
    const cable = {
      disconnectAll: (reason: 'maintenance', reconnect: boolean) => {
        server.cable.disconnectAll(reason, reconnect)
        during.push(
          Promise.resolve(inProcess('GET', '/api/me')),
          Promise.resolve(inProcess('POST', '/api/admin/wallet/credits', { user_id: admin.id, amount: 1 })),
          Promise.resolve(inProcess('POST', '/api/admin/snapshots/gate/restore')),
        )
      },
    }
    await restoreSnapshot(server.deps, 'gate', { cable, ownRequests: 0 })
    expect(during).toHaveLength(3)
    for (const answer of await Promise.all(during)) {
      expect(answer.status).toBe(503)
      expect(answer.headers.get('retry-after')).toBe('2')
      expect(await answer.json()).toMatchObject({ code: 'MAINTENANCE' })
    }
    // Open again, and the credit refused during the swap was not made.
    expect((await call('GET', '/api/me', admin.token)).status).toBe(200)
    expect((await wallet(admin.id)).unused_balance).toBe(0)
  })
})
