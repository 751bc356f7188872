import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { durableDatabase } from './db'
import { type TestWorld, testWorld } from './deps'

/**
 * Two server processes' worth of deps (A and B) on one database, in this test process: each
 * with its own pool, bus, scheduler and memory, as two `fanspole serve` would have. On SQLite
 * two connections to one file (SQLite is single-process in production; only what is stored
 * in the database is shared there); on the Postgres leg one scratch PostgreSQL database. B has
 * its own local folder for anything a process might write to disk, as another machine would.
 */
export async function twoNodes(): Promise<{ a: TestWorld; b: TestWorld; close(): Promise<void> }> {
  const db = await durableDatabase('two-nodes')
  const a = await testWorld(db.config)
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-node-b-'))
  const b = await testWorld(
    db.config.databaseUrl ? { ...db.config, dbFile: path.join(elsewhere, 'unused.sqlite') } : db.config,
  )
  return {
    a,
    b,
    async close() {
      await a.close()
      await b.close()
      fs.rmSync(elsewhere, { recursive: true, force: true })
      await db.drop()
    },
  }
}
