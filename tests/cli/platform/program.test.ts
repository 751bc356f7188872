import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { exits, runCli, tempDir } from '../helpers'

let tmp: ReturnType<typeof tempDir>
beforeEach(() => {
  tmp = tempDir()
})
afterEach(() => tmp.remove())

describe('fanspole --help', () => {
  it('lists every command group and exits 0', async () => {
    const r = await runCli(['--help'])
    expect(r.code).toBe(0)
    for (const command of ['serve', 'seed', 'db', 'login', 'logout', 'clock', 'users', 'outbox', 'scenario'])
      expect(r.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'))
    expect(r.stdout).toContain('Exit codes: 0 ok, 1 failed, 2 usage error.')
    expect(r.stderr).toBe('')
  })

  it('shows the subcommands of a group', async () => {
    const r = await runCli(['users', '--help'])
    expect(r.code).toBe(0)
    for (const sub of ['list', 'show', 'create', 'invite'])
      expect(r.stdout).toMatch(new RegExp(`^  ${sub}\\b`, 'm'))
  })

  it('shows examples in the help of users, db, seed and scenario run', async () => {
    for (const args of [['users'], ['db'], ['seed'], ['scenario', 'run']]) {
      const r = await runCli([...args, '--help'])
      expect(r.code, args.join(' ')).toBe(0)
      expect(r.stdout, args.join(' ')).toMatch(
        new RegExp(`^Examples:\\n {2}fanspole ${args.join(' ')}\\b`, 'm'),
      )
    }
  })

  it('names FANSPOLE_SERVER for the auction commands', async () => {
    const top = await runCli(['--help'])
    expect(top.stdout).toMatch(/^ {2}FANSPOLE_SERVER +server for .*\bauction\b/m)
    const auction = await runCli(['auction', '--help'])
    expect(auction.stdout).toMatch(/^ {2}FANSPOLE_SERVER +the server of every auction command/m)
  })

  it('prints the version', async () => {
    const r = await runCli(['--version'])
    expect(r.code).toBe(0)
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/)
  })
})

describe('usage errors exit 2', () => {
  it('refuses an unknown option', async () => {
    const r = await runCli(['db', 'migrate', '--bogus'])
    exits(r, 2, "error: unknown option '--bogus'")
    expect(r.stdout).toBe('')
  })

  it('refuses an unknown command', async () => {
    const r = await runCli(['frobnicate'])
    exits(r, 2, "error: unknown command 'frobnicate'")
  })

  it('shows the help on stderr when no command is given', async () => {
    const r = await runCli([])
    exits(r, 2, 'Usage: fanspole')
  })

  it('names the flag whose value is wrong', async () => {
    const r = await runCli(['clock', '--advance', '2 hours'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(
      'error: --advance: expected a duration such as 90s, 15m, 2h, 3d or 1h30m, got "2 hours"',
    )
  })

  it('refuses a port that is not a number', async () => {
    const r = await runCli(['serve', '--port', 'eighty'])
    exits(r, 2, 'error: --port: expected a port (a whole number), got "eighty"')
  })

  it('refuses contradictory clock flags', async () => {
    const r = await runCli(['clock', '--pause', '--resume'])
    exits(r, 2, '--pause and --resume contradict each other')
  })

  it('requires --username for users create', async () => {
    const r = await runCli(['users', 'create', '--email', 'a@b.co'])
    exits(r, 2, "required option '--username <name>' not specified")
  })

  it('will not prompt for credentials without a terminal', async () => {
    const r = await runCli(['login', '--email', 'a@b.co'], { FANSPOLE_HOME: tmp.dir })
    exits(r, 2, '--email and --password are required when there is no terminal to ask on')
  })

  it('will not reset a database without --yes when it cannot ask', async () => {
    const r = await runCli(['db', 'reset', '--db', `${tmp.dir}/x.sqlite`])
    exits(r, 2, 'pass --yes to confirm')
  })

  it('refuses a --server that is not an http URL', async () => {
    const r = await runCli(['clock', '--server', 'ftp://example.test'])
    exits(r, 2, '--server: expected an http:// or https:// URL')
  })
})

describe('failures exit 1', () => {
  it('says when the server cannot be reached', async () => {
    const r = await runCli(['clock', '--server', 'http://127.0.0.1:1939', '--json'], {
      FANSPOLE_HOME: tmp.dir,
    })
    exits(r, 1, 'error: Cannot reach the server at http://127.0.0.1:1939 (ECONNREFUSED)')
    expect(r.stderr).toContain('fanspole serve')
    // A script reads the same failure as one JSON document on stdout.
    expect(r.json()).toEqual({
      error: 'Cannot reach the server at http://127.0.0.1:1939 (ECONNREFUSED)',
      code: 'UNREACHABLE',
      status: null,
    })
  })
})
