import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/core/config'
import { type RunningServer, startServer } from '../../../server/main'
import { durableDatabase, rowWhere, TEST_DIALECT } from '../../helpers/db'
import { makeUser } from '../../helpers/deps'

// On PostgreSQL several servers may share one database; a snapshot restore
// or league reset through one of them would replace the data under the others. It is refused
// with 409 DATABASE_IN_USE naming them, and nothing changes (docs/snapshots.md, "Limits").

describe.skipIf(TEST_DIALECT !== 'postgres')(
  'restore and league reset with other servers on the database',
  () => {
    let database: Awaited<ReturnType<typeof durableDatabase>>
    let a: RunningServer
    let b: RunningServer
    let snapshots: string
    beforeAll(async () => {
      database = await durableDatabase('shared-replace')
      snapshots = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-shared-snapshots-'))
      const config = loadConfig(
        { ...database.config, snapshotDir: snapshots, port: 0, host: '127.0.0.1', logLevel: 'silent' },
        {},
      )
      a = await startServer(config, { seedIfEmpty: false })
      b = await startServer({ ...config }, { seedIfEmpty: false })
    })
    afterAll(async () => {
      await a?.close()
      await b?.close()
      await database?.drop()
      fs.rmSync(snapshots, { recursive: true, force: true })
    })

    async function call(server: RunningServer, method: string, url: string, token: string, body?: unknown) {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, body: (await res.json()) as any }
    }

    async function adminToken(server: RunningServer) {
      const admin = await makeUser(server.deps, { role: 'admin' })
      const res = await fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-fanspole-client': 'cli' },
        body: JSON.stringify({ grant_type: 'password', email: admin.email, password: admin.password }),
      })
      return ((await res.json()) as { access_token: string }).access_token
    }

    it('answers 409 DATABASE_IN_USE naming the other server, and replaces nothing', async () => {
      const token = await adminToken(a)
      const player = await makeUser(a.deps)
      const saved = await call(a, 'POST', '/api/admin/snapshots', token, { name: 'shared-1', replace: true })
      expect(saved.status).toBe(201)
      for (const [url, body] of [
        ['/api/admin/league/reset', { users: 0 }],
        ['/api/admin/snapshots/shared-1/restore', undefined],
      ] as const) {
        const r = await call(a, 'POST', url, token, body)
        expect(r.status, url).toBe(409)
        expect(r.body.code).toBe('DATABASE_IN_USE')
        expect(r.body.error).toMatch(
          new RegExp(
            `^The database is in use by \`fanspole serve\` \\(pid ${process.pid}, since \\d\\d:\\d\\d\\) as well: `,
          ),
        )
        expect(r.body.error).toContain('Stop the other server processes first')
      }
      const kept = await rowWhere(a.deps.db, 'users', { id: player.id }, 'id')
      expect(kept).toBeDefined()
      // Alone on the database, the same restore goes through.
      await b.close()
      const restored = await call(a, 'POST', '/api/admin/snapshots/shared-1/restore', token)
      expect(restored.status).toBe(200)
    })
  },
)
