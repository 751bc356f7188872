import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

/**
 * A fresh, empty database for a restart test, that outlives the server processes using it:
 * a SQLite file in a temporary folder, or — when `FANSPOLE_TEST_POSTGRES` holds a server URL
 * (`postgres://user:pass@host:5432/`) — a new PostgreSQL database on that server.
 */
export interface RestartDb {
  /** What a server process takes: `{dbFile}` or `{databaseUrl}`. */
  target: { dbFile: string } | { databaseUrl: string }
  kind: 'sqlite' | 'postgres'
  drop(): Promise<void>
}

export async function freshDatabase(prefix: string): Promise<RestartDb> {
  const server = process.env.FANSPOLE_TEST_POSTGRES
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  if (!server) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fanspole-${prefix}-`))
    return {
      target: { dbFile: path.join(dir, 'db.sqlite') },
      kind: 'sqlite',
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    }
  }
  const name = `${prefix}_${suffix}`.toLowerCase()
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    target: { databaseUrl: url.toString() },
    kind: 'postgres',
    async drop() {
      const c = new pg.Client({ connectionString: server })
      await c.connect()
      await c.query(`drop database if exists "${name}" with (force)`)
      await c.end()
    },
  }
}

/** A copy of a database no server has open (a seeded league, set up once for several runs). */
export async function cloneDatabase(source: RestartDb, prefix: string): Promise<RestartDb> {
  if ('dbFile' in source.target) {
    const copy = await freshDatabase(prefix)
    const to = (copy.target as { dbFile: string }).dbFile
    for (const suffix of ['', '-wal', '-shm'])
      if (fs.existsSync(source.target.dbFile + suffix))
        fs.copyFileSync(source.target.dbFile + suffix, to + suffix)
    return copy
  }
  const server = process.env.FANSPOLE_TEST_POSTGRES as string
  const from = new URL(source.target.databaseUrl).pathname.slice(1)
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`.toLowerCase()
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`create database "${name}" template "${from}"`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    target: { databaseUrl: url.toString() },
    kind: 'postgres',
    async drop() {
      const c = new pg.Client({ connectionString: server })
      await c.connect()
      await c.query(`drop database if exists "${name}" with (force)`)
      await c.end()
    },
  }
}
