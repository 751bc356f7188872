import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
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

/**
 * twoNodes for the tests of a describe (or file): started before them, closed after them.
 * Read `a` and `b` inside the tests, once the describe's beforeAll has run.
 */
export function twoNodesForTests(): { readonly a: TestWorld; readonly b: TestWorld } {
  let nodes: Awaited<ReturnType<typeof twoNodes>> | undefined
  const started = () => {
    if (!nodes) throw new Error('the two nodes are there only inside the tests')
    return nodes
  }
  beforeAll(async () => {
    nodes = await twoNodes()
  })
  afterAll(async () => {
    await nodes?.close()
  })
  return {
    get a() {
      return started().a
    },
    get b() {
      return started().b
    },
  }
}
