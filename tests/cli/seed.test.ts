import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli, tempDir } from './helpers'

let tmp: ReturnType<typeof tempDir>
let db: string
beforeEach(() => {
  tmp = tempDir()
  db = path.join(tmp.dir, 'league.sqlite')
})
afterEach(() => tmp.remove())

const NOW = '2026-11-22T06:00:00Z'
const NOW_MS = Date.UTC(2026, 10, 22, 6)

const usernames = (file: string) => {
  const sqlite = new BetterSqlite3(file, { readonly: true })
  try {
    return (sqlite.prepare('select username from users order by id').all() as { username: string }[]).map(
      (r) => r.username,
    )
  } finally {
    sqlite.close()
  }
}

describe('fanspole seed', () => {
  it('seeds a new database and prints the summary as JSON', async () => {
    const r = await runCli(['seed', '--db', db, '--users', '3', '--now', NOW, '--json'])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    const summary = r.json()
    expect(summary).toMatchObject({ seed: 42, now_in_millis: NOW_MS, users: 5, demo_users: 3, sports: 6 })
    expect(summary.matches).toBeGreaterThan(0)
    expect(usernames(db)).toEqual(expect.arrayContaining(['admin', 'demo']))
  })

  it('refuses a database that already holds a league, and changes nothing', async () => {
    await runCli(['seed', '--db', db, '--users', '1', '--now', NOW, '--json'])
    const before = usernames(db)
    const r = await runCli(['seed', '--db', db, '--users', '5'])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(`error: The database ${db} already holds a demo league; nothing was changed`)
    expect(r.stderr).toContain('fanspole seed --reset')
    expect(usernames(db)).toEqual(before)
  })

  it('wipes and seeds again with --reset', async () => {
    await runCli(['seed', '--db', db, '--users', '4', '--now', NOW, '--json'])
    const r = await runCli([
      'seed',
      '--db',
      db,
      '--reset',
      '--users',
      '1',
      '--seed',
      '7',
      '--now',
      NOW,
      '--json',
    ])
    expect(r.code).toBe(0)
    expect(r.json()).toMatchObject({ seed: 7, users: 3, demo_users: 1 })
    expect(usernames(db)).toHaveLength(3)
  })

  it('gives the same league for the same --seed and --now', async () => {
    const other = path.join(tmp.dir, 'again.sqlite')
    const a = await runCli(['seed', '--db', db, '--users', '4', '--seed', '9', '--now', NOW, '--json'])
    const b = await runCli(['seed', '--db', other, '--users', '4', '--seed', '9', '--now', NOW, '--json'])
    expect(b.json()).toEqual(a.json())
    expect(usernames(other)).toEqual(usernames(db))
  })

  it('tells the story in plain lines when stdout is not a terminal', async () => {
    const r = await runCli(['seed', '--db', db, '--users', '1', '--now', NOW])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      /^Seeding the demo league \(seed 42\) into .*league\.sqlite\n {2}\S.* \(0\/\d+\)\n/,
    )
    expect(r.stdout).toContain(`Seeded the demo league around 2026-11-22 06:00:00 UTC into ${db}\n`)
    expect(r.stdout).toMatch(/^ {2}users +3$/m)
    expect(r.stdout).toContain('  Demo player  demo@fanspole.local / demo-pass-2026\n')
    expect(r.stdout).toContain('  Admin        admin@fanspole.local / admin-pass-2026\n')
  })

  it('takes the admin account from the environment', async () => {
    const env = { FANSPOLE_ADMIN_EMAIL: 'Coach@Example.test', FANSPOLE_ADMIN_PASSWORD: 'coach-pass-99' }
    const r = await runCli(['seed', '--db', db, '--users', '0', '--now', NOW], env)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('  Admin        coach@example.test / coach-pass-99\n')
  })

  it('refuses a --now it cannot read', async () => {
    const r = await runCli(['seed', '--db', db, '--now', 'tomorrow'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('error: --now: expected an ISO date-time or epoch ms, got "tomorrow"')
  })
})

describe('fanspole db reset --seed', () => {
  it('resets and seeds in one go', async () => {
    await runCli(['seed', '--db', db, '--users', '2', '--now', NOW, '--json'])
    const r = await runCli([
      'db',
      'reset',
      '--db',
      db,
      '--yes',
      '--seed',
      '--users',
      '1',
      '--now',
      NOW,
      '--json',
    ])
    expect(r.code).toBe(0)
    expect(r.json().seeded).toMatchObject({ seed: 42, users: 3, now_in_millis: NOW_MS })
  })
})
