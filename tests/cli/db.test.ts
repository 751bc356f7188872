import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bootDeps } from '../../server/boot'
import { loadConfig } from '../../server/config'
import { migrations } from '../../server/db/migrations'
import { createLogger } from '../../server/lib/log'
import { makeUser } from '../helpers/deps'
import { runCli, tempDir } from './helpers'

let tmp: ReturnType<typeof tempDir>
let db: string
beforeEach(() => {
  tmp = tempDir()
  db = path.join(tmp.dir, 'fanspole.sqlite')
})
afterEach(() => tmp.remove())

const ALL = Object.keys(migrations)
const count = (file: string, table: string) => {
  const sqlite = new BetterSqlite3(file, { readonly: true })
  try {
    return (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
  } finally {
    sqlite.close()
  }
}

describe('fanspole db migrate', () => {
  it('applies every migration to a new file, then reports it up to date', async () => {
    const first = await runCli(['db', 'migrate', '--db', db, '--json'])
    expect(first.code).toBe(0)
    expect(first.json()).toEqual({ database: db, applied: ALL, migrations: ALL.length })
    const again = await runCli(['db', 'migrate', '--db', db])
    expect(again.code).toBe(0)
    expect(again.stdout).toBe(`${db} is up to date (${ALL.length} migration${ALL.length === 1 ? '' : 's'})\n`)
  })

  it('takes the file from FANSPOLE_DB', async () => {
    const r = await runCli(['db', 'migrate'], { FANSPOLE_DB: db })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`to ${db}:`)
    for (const name of ALL) expect(r.stdout).toContain(`  ${name}\n`)
  })
})

describe('fanspole db reset', () => {
  it('drops every row and restores the reference data', async () => {
    const deps = await bootDeps(loadConfig({ dbFile: db, logLevel: 'silent' }, {}), {
      log: createLogger('silent'),
    })
    await makeUser(deps)
    await deps.dbHandle.close()
    expect(count(db, 'users')).toBe(1)

    const r = await runCli(['db', 'reset', '--db', db, '--yes', '--now', '2030-05-01T10:00:00Z', '--json'])
    expect(r.code).toBe(0)
    expect(r.json()).toEqual({ database: db, rolled_back: [...ALL].reverse(), applied: ALL, seeded: null })
    expect(count(db, 'users')).toBe(0)
    expect(count(db, 'oauth_clients')).toBe(2)
    expect(count(db, 'sports')).toBe(6)
    const clock = new BetterSqlite3(db, { readonly: true })
    const anchor = JSON.parse(
      (clock.prepare("select value from app_settings where key = 'clock'").get() as { value: string }).value,
    )
    clock.close()
    expect(anchor.anchorGameMs).toBe(Date.UTC(2030, 4, 1, 10))
  })

  it('refuses --users without --seed', async () => {
    const r = await runCli(['db', 'reset', '--db', db, '--yes', '--users', '5'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('--users only makes sense with --seed')
  })
})
