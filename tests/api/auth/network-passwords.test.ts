import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type Config,
  DEFAULT_ADMIN_PASSWORD,
  DEFAULT_DEMO_PASSWORD,
  loadConfig,
} from '../../../server/core/config'
import { type RunningServer, type StartOptions, startServer } from '../../../server/main'
import { durableDatabase } from '../../helpers/db'

// A server other machines can reach keeps no account on a README password
// (server/areas/auth/network-passwords.ts, docs/classroom.md "On a LAN"). The rule is in the
// server's own start, so every entry (serve, demo, a script with HOST=0.0.0.0) has it.

let database: Awaited<ReturnType<typeof durableDatabase>>
let snapshots: string
const open: RunningServer[] = []

beforeAll(() => {
  snapshots = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-lan-snapshots-'))
})
/** Each test: a league seeded on 127.0.0.1, with the README's passwords, as every first start makes one. */
beforeEach(async () => {
  database = await durableDatabase('lan')
  const local = await start('127.0.0.1')
  await local.close()
})
afterEach(async () => {
  for (const server of open.splice(0)) await server.close()
  await database.drop()
})
afterAll(() => {
  fs.rmSync(snapshots, { recursive: true, force: true })
})

async function start(host: string, config: Partial<Config> = {}, options: StartOptions = {}) {
  const server = await startServer(
    loadConfig(
      { ...database.config, snapshotDir: snapshots, port: 0, host, logLevel: 'silent', ...config },
      {},
    ),
    { seedUsers: 2, ...options },
  )
  open.push(server)
  return server
}

async function signIn(server: RunningServer, login: string, password: string) {
  const res = await fetch(`http://127.0.0.1:${server.port}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fanspole-client': 'cli' },
    body: JSON.stringify({ grant_type: 'password', email: login, password }),
  })
  const body = (await res.json()) as { access_token?: string }
  return { status: res.status, token: body.access_token }
}

async function demoUser(server: RunningServer): Promise<string> {
  const row = await server.deps.db
    .selectFrom('users')
    .select('username')
    .where('role', '=', 'player')
    .where('email', '!=', server.deps.config.demo.email)
    .where('email', 'not like', '%@bots.fanspole.local')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  return row.username
}

describe('starting on an address other machines can reach', () => {
  it('refuses while the admin has the README password, on a database seeded earlier', async () => {
    for (const host of ['0.0.0.0', '::']) {
      const refused = start(host)
      await expect(refused).rejects.toMatchObject({ code: 'README_PASSWORD' })
      await expect(refused).rejects.toThrow(
        `Not serving on ${host}: the admin account admin@fanspole.local still has a password printed in the README`,
      )
    }
    await expect(start('0.0.0.0')).rejects.toHaveProperty(
      'hint',
      expect.stringContaining('FANSPOLE_ADMIN_PASSWORD=<password>, or start with --admin-password generate'),
    )
    // Nothing was changed: the README's admin password still works on 127.0.0.1.
    const local = await start('127.0.0.1')
    expect((await signIn(local, 'admin@fanspole.local', DEFAULT_ADMIN_PASSWORD)).status).toBe(200)
  })

  it('refuses before seeding a new database with it', async () => {
    const fresh = await durableDatabase('lan-fresh')
    try {
      const config = loadConfig({ ...fresh.config, port: 0, host: '0.0.0.0', logLevel: 'silent' }, {})
      await expect(startServer(config, { seedUsers: 0 })).rejects.toThrow(
        'Not serving on 0.0.0.0: the admin account admin@fanspole.local would be seeded with a password printed in the README',
      )
    } finally {
      await fresh.drop()
    }
  })

  it('loopback addresses are this machine only: the README passwords stay', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const server = await start(host)
      expect(server.network).toBeNull()
      expect((await signIn(server, 'demo@fanspole.local', DEFAULT_DEMO_PASSWORD)).status).toBe(200)
      await server.close()
    }
  })
})

describe('a network server with its own passwords', () => {
  it('--admin-password generate: a new admin password (the old database made safe), new demo passwords, old sign-ins gone', async () => {
    const local = await start('127.0.0.1')
    const before = await signIn(local, 'admin@fanspole.local', DEFAULT_ADMIN_PASSWORD)
    const user = await demoUser(local)
    await local.close()

    const lan = await start('0.0.0.0', { generateAdminPassword: true })
    const made = lan.network
    expect(made?.admin).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    expect(made?.demo).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    expect(made?.demoUsers).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    expect(new Set([made?.admin, made?.demo, made?.demoUsers]).size).toBe(3)
    expect((await signIn(lan, 'admin@fanspole.local', DEFAULT_ADMIN_PASSWORD)).status).toBe(401)
    expect((await signIn(lan, 'admin@fanspole.local', made?.admin as string)).status).toBe(200)
    expect((await signIn(lan, 'demo@fanspole.local', DEFAULT_DEMO_PASSWORD)).status).toBe(401)
    expect((await signIn(lan, 'demo@fanspole.local', made?.demo as string)).status).toBe(200)
    expect((await signIn(lan, user, DEFAULT_DEMO_PASSWORD)).status).toBe(401)
    expect((await signIn(lan, user, made?.demoUsers as string)).status).toBe(200)
    // A token taken with the README password does not outlive it.
    const me = await fetch(`http://127.0.0.1:${lan.port}/api/me`, {
      headers: { authorization: `Bearer ${before.token}` },
    })
    expect(me.status).toBe(401)
    await lan.close()

    // The next start finds nothing to change: it starts without the flag and makes nothing up.
    const again = await start('0.0.0.0')
    expect(again.network).toEqual({ admin: null, demo: null, demoUsers: null, others: [] })
    expect((await signIn(again, 'admin@fanspole.local', made?.admin as string)).status).toBe(200)
    await again.close()
    // Generating again changes the admin's once more (and only the admin's).
    const third = await start('0.0.0.0', { generateAdminPassword: true })
    expect(third.network?.admin).not.toBe(made?.admin)
    expect(third.network?.demo).toBeNull()
    expect((await signIn(third, 'admin@fanspole.local', made?.admin as string)).status).toBe(401)
    expect((await signIn(third, 'admin@fanspole.local', third.network?.admin as string)).status).toBe(200)
  })

  it('FANSPOLE_ADMIN_PASSWORD takes the admin’s place; FANSPOLE_DEMO_PASSWORD the demo player’s', async () => {
    const fresh = await durableDatabase('lan-env')
    try {
      const env = { FANSPOLE_ADMIN_PASSWORD: 'class-admin-77', FANSPOLE_DEMO_PASSWORD: 'class-demo-77' }
      const config = loadConfig({ ...fresh.config, port: 0, host: '0.0.0.0', logLevel: 'silent' }, env)
      const server = await startServer(config, { seedUsers: 1 })
      open.push(server)
      expect(server.network).toMatchObject({ admin: null, demo: null })
      expect(server.network?.demoUsers).toMatch(/^[a-z2-9-]{14}$/)
      expect((await signIn(server, 'admin@fanspole.local', 'class-admin-77')).status).toBe(200)
      expect((await signIn(server, 'demo@fanspole.local', 'class-demo-77')).status).toBe(200)
      expect((await signIn(server, await demoUser(server), DEFAULT_DEMO_PASSWORD)).status).toBe(401)
    } finally {
      for (const server of open.splice(0)) await server.close()
      await fresh.drop()
    }
  })

  it('a snapshot restore or league reset brings back no README password', async () => {
    // A snapshot saved on 127.0.0.1 holds the README's passwords.
    const local = await start('127.0.0.1')
    const localAdmin = await signIn(local, 'admin@fanspole.local', DEFAULT_ADMIN_PASSWORD)
    const save = await fetch(`http://127.0.0.1:${local.port}/api/admin/snapshots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localAdmin.token}` },
      body: JSON.stringify({ name: 'readme-passwords', replace: true }),
    })
    expect(save.status).toBe(201)
    await local.close()

    const lan = await start('0.0.0.0', { generateAdminPassword: true })
    const admin = lan.deps.config.admin.password
    const users = lan.deps.config.demoUsersPassword
    const call = async (url: string, body?: unknown) => {
      const token = (await signIn(lan, 'admin@fanspole.local', admin)).token
      const res = await fetch(`http://127.0.0.1:${lan.port}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body ?? {}),
      })
      return { status: res.status, body: (await res.json()) as any }
    }
    const restored = await call('/api/admin/snapshots/readme-passwords/restore')
    expect(restored.status).toBe(200)
    // The passwords settled on at start stand, so nothing new had to be made up or shown.
    expect(restored.body.new_passwords).toEqual({
      admin: null,
      demo: null,
      demo_users: null,
      other_admins: [],
    })
    expect((await signIn(lan, 'admin@fanspole.local', DEFAULT_ADMIN_PASSWORD)).status).toBe(401)
    expect((await signIn(lan, 'admin@fanspole.local', admin)).status).toBe(200)
    expect((await signIn(lan, await demoUser(lan), users)).status).toBe(200)

    const reset = await call('/api/admin/league/reset', { seed: 7, users: 2 })
    expect(reset.status).toBe(200)
    expect(reset.body.new_passwords.admin).toBeNull()
    expect((await signIn(lan, 'admin@fanspole.local', DEFAULT_ADMIN_PASSWORD)).status).toBe(401)
    expect((await signIn(lan, 'admin@fanspole.local', admin)).status).toBe(200)
    expect((await signIn(lan, await demoUser(lan), DEFAULT_DEMO_PASSWORD)).status).toBe(401)
    expect((await signIn(lan, await demoUser(lan), users)).status).toBe(200)
  })
})
