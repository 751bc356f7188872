import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type CommandDatabase, commandDatabase, exits, runCli } from '../helpers'

// On a SQLite file, or in the Postgres leg on a scratch database named by DATABASE_URL.
let target: CommandDatabase
beforeEach(async () => {
  target = await commandDatabase('league')
})
afterEach(() => target.drop())

const NOW = '2026-11-22T06:00:00Z'
const NOW_MS = Date.UTC(2026, 10, 22, 6)

const seed = (args: string[], on: CommandDatabase = target, env: NodeJS.ProcessEnv = {}) =>
  runCli(['seed', ...args, ...on.args], { ...on.env, ...env })

async function usernames(on: CommandDatabase = target): Promise<string[]> {
  const handle = on.open()
  try {
    return (await handle.db.selectFrom('users').select('username').orderBy('id').execute()).map(
      (r) => r.username,
    )
  } finally {
    await handle.close()
  }
}

describe('fanspole seed', () => {
  it('seeds a new database and prints the summary as JSON', async () => {
    const r = await seed(['--users', '3', '--now', NOW, '--json'])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    const summary = r.json()
    expect(summary).toMatchObject({ seed: 42, now_in_millis: NOW_MS, users: 5, demo_users: 3, sports: 6 })
    expect(summary.matches).toBeGreaterThan(0)
    expect(await usernames()).toEqual(expect.arrayContaining(['admin', 'demo']))
  })

  it('refuses a database that already holds a league, and changes nothing', async () => {
    await seed(['--users', '1', '--now', NOW, '--json'])
    const before = await usernames()
    const r = await seed(['--users', '5'])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(
      `error: The database ${target.location} already holds a demo league; nothing was changed`,
    )
    expect(r.stderr).toContain('fanspole seed --reset')
    expect(await usernames()).toEqual(before)
  })

  it('wipes and seeds again with --reset', async () => {
    await seed(['--users', '4', '--now', NOW, '--json'])
    const r = await seed(['--reset', '--yes', '--users', '1', '--seed', '7', '--now', NOW, '--json'])
    expect(r.code).toBe(0)
    expect(r.json()).toMatchObject({ seed: 7, users: 3, demo_users: 1 })
    expect(await usernames()).toHaveLength(3)
  })

  it('gives the same league for the same --seed and --now', async () => {
    const other = await commandDatabase('again')
    try {
      const a = await seed(['--users', '4', '--seed', '9', '--now', NOW, '--json'])
      const b = await seed(['--users', '4', '--seed', '9', '--now', NOW, '--json'], other)
      expect(b.json()).toEqual(a.json())
      expect(await usernames(other)).toEqual(await usernames())
    } finally {
      await other.drop()
    }
  })

  it('tells the story in plain lines when stdout is not a terminal', async () => {
    const r = await seed(['--users', '1', '--now', NOW])
    expect(r.code).toBe(0)
    expect(r.stdout.startsWith(`Seeding the demo league (seed 42) into ${target.location}\n`)).toBe(true)
    expect(r.stdout).toMatch(/^Seeding the demo league .*\n {2}\S.* \(0\/\d+\)\n/)
    expect(r.stdout).toContain(
      `Seeded the demo league around 2026-11-22 06:00:00 UTC into ${target.location}\n`,
    )
    expect(r.stdout).toMatch(/^ {2}users +3$/m)
    expect(r.stdout).toContain('  Demo player  demo@fanspole.local / demo-pass-2026\n')
    expect(r.stdout).toContain('  Admin        admin@fanspole.local / admin-pass-2026\n')
  })

  it('takes the admin account from the environment', async () => {
    const env = { FANSPOLE_ADMIN_EMAIL: 'Coach@Example.test', FANSPOLE_ADMIN_PASSWORD: 'coach-pass-99' }
    const r = await seed(['--users', '0', '--now', NOW], target, env)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('  Admin        coach@example.test / coach-pass-99\n')
  })

  it('refuses a --now it cannot read', async () => {
    const r = await seed(['--now', 'tomorrow'])
    exits(r, 2, 'error: --now: expected an ISO date-time or epoch ms, got "tomorrow"')
  })
})

describe('fanspole db reset --seed', () => {
  it('resets and seeds in one go', async () => {
    await seed(['--users', '2', '--now', NOW, '--json'])
    const r = await runCli(
      ['db', 'reset', '--yes', '--seed', '--users', '1', '--now', NOW, '--json', ...target.args],
      target.env,
    )
    expect(r.code).toBe(0)
    expect(r.json().seeded).toMatchObject({ seed: 42, users: 3, now_in_millis: NOW_MS })
  })
})
