// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario files use ${…} placeholders, written here as plain strings
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CliWorld, cliWorld, exits, runCli, scenarioFiles } from '../helpers'

/**
 * `scenario run` for testers: the object around a failed path, --grep, --skip,
 * --bail, --reporter junit, and a restarting scenario skipped under --server.
 */
const tmp = scenarioFiles('fanspole-scenario-options-')
const write = tmp.write

const pass = (name: string) => `
name: ${name}
users: { alice: {} }
steps:
  - request: { method: GET, path: /api/me, as: alice }
    expect: { status: 200 }
`

const MISSING = `
name: a missing key
users: { alice: {} }
steps:
  - name: reads a key that is not there
    request: { method: GET, path: /api/me, as: alice }
    expect: { body: { user: { match_status: completed, username: nobody } } }
`

describe('a failed expectation shows the actual object around the path', () => {
  it('prints the keys and values that are there, once per object', async () => {
    const r = await runCli(['scenario', 'run', write('around/missing.yaml', MISSING)])
    expect(r.code).toBe(1)
    const lines = r.stdout.split('\n')
    expect(lines).toContain('      body.user.match_status: expected "completed", found no value')
    const holds = lines.filter((l) => l.startsWith('        body.user holds { '))
    expect(holds).toHaveLength(1)
    expect(holds[0]).toMatch(/"username": "alice_[a-z0-9]{6}"/)
    expect(holds[0]).toMatch(/"id": \d+/)
  })

  it('puts it in --json as `around`', async () => {
    const r = await runCli(['scenario', 'run', write('around/json.yaml', MISSING), '--json'])
    const [m] = r.json().scenarios[0].steps[0].mismatches
    expect(m).toMatchObject({ path: 'body.user.match_status', missing: true, around: { path: 'body.user' } })
    expect(m.around.value).toContain('"username": "alice_')
  })
})

describe('--grep, --skip and --bail', () => {
  it('runs only the scenarios whose name or file matches --grep, minus --skip', async () => {
    const dir = path.join(tmp.dir, 'filter')
    write('filter/a-auction-one.yaml', pass('auction one'))
    write('filter/b-auction-two.yaml', pass('auction two'))
    write('filter/c-wallet.yaml', pass('wallet'))
    const r = await runCli(['scenario', 'run', dir, '--grep', 'AUCTION', '--skip', 'two'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('auction one')
    expect(r.stdout).not.toContain('auction two')
    expect(r.stdout).not.toContain('wallet (')
    expect(r.stdout).toContain('1 scenario(s): 1 passed, 0 failed')
    expect(r.stdout).toContain('(2 scenario(s) left out by --grep/--skip)')
  })

  it('refuses a pattern that matches nothing or is not a regular expression (exit 2)', async () => {
    const file = write('filter2/one.yaml', pass('one'))
    const none = await runCli(['scenario', 'run', file, '--grep', 'nothing-like-this'])
    exits(none, 2, 'no scenario left to run')
    const bad = await runCli(['scenario', 'run', file, '--skip', '('])
    exits(bad, 2, '--skip "(" is not a regular expression')
  })

  it('--bail stops at the first failed scenario and reports the rest as skipped', async () => {
    const dir = path.join(tmp.dir, 'bail')
    write('bail/a-fails.yaml', MISSING)
    write('bail/b-passes.yaml', pass('would pass'))
    const r = await runCli(['scenario', 'run', dir, '--bail'])
    expect(r.code).toBe(1)
    expect(r.stdout).not.toContain('would pass (')
    expect(r.stdout).toContain('2 scenario(s): 0 passed, 1 failed, 1 skipped')
    const all = await runCli(['scenario', 'run', dir])
    expect(all.stdout).toContain('1 passed, 1 failed')
  })
})

describe('--reporter junit', () => {
  it('writes JUnit XML to stdout: a suite per scenario, a failure with its differences, skipped steps', async () => {
    const dir = path.join(tmp.dir, 'junit')
    write('junit/a.yaml', pass('passing <one> & "two"'))
    write(
      'junit/b.yaml',
      `${MISSING}  - name: never runs\n    request: { method: GET, path: /api/me, as: alice }\n`,
    )
    const r = await runCli(['scenario', 'run', dir, '--reporter', 'junit'])
    expect(r.code).toBe(1)
    expect(r.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true)
    expect(r.stdout).toContain('tests="3" failures="1" errors="0" skipped="1"')
    expect(r.stdout).toContain('<testsuite name="passing &lt;one&gt; &amp; &quot;two&quot;"')
    expect(r.stdout).toMatch(
      /<failure message="body\.user\.match_status: expected &quot;completed&quot;, found no value \(and 1 more\)" type="http">/,
    )
    expect(r.stdout).toContain('body.user holds { ')
    expect(r.stdout).toMatch(
      /name="2\. never runs" time="0\.000">\s*<skipped message="an earlier step failed"\/>/,
    )
    expect(r.stdout).not.toContain('✓')
  })

  it('--output writes the report to a file and keeps the text on stdout; --output alone is refused', async () => {
    const file = write('junit2/a.yaml', pass('to a file'))
    const out = path.join(tmp.dir, 'report.xml')
    const r = await runCli(['scenario', 'run', file, '--reporter', 'junit', '--output', out])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('✓')
    expect(fs.readFileSync(out, 'utf8')).toContain('<testsuite name="to a file"')
    const refused = await runCli(['scenario', 'run', file, '--output', out])
    expect(refused.code).toBe(2)
    const unknown = await runCli(['scenario', 'run', file, '--reporter', 'tap'])
    exits(unknown, 2, '--reporter must be one of text, json, junit')
  })
})

describe('a scenario that restarts the server, under --server', () => {
  let world: CliWorld
  beforeAll(async () => {
    world = await cliWorld()
  })
  afterAll(() => world.close())

  it('is skipped with the reason, and the run passes', async () => {
    const file = write(
      'restart/r.yaml',
      'name: restarts\nsteps:\n  - request: { method: GET, path: /api/health }\n  - restart_server: true\n',
    )
    const r = await runCli(['scenario', 'run', file, '--server', world.server.url], world.env)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(
      `skipped: needs the ephemeral server (it restarts the server), so it is not run against ${world.server.url}`,
    )
    expect(r.stdout).toContain('1 scenario(s): 0 passed, 0 failed, 1 skipped')
    const json = await runCli(['scenario', 'run', file, '--server', world.server.url, '--json'], world.env)
    expect(json.json().scenarios[0]).toMatchObject({
      ok: true,
      skipped: expect.stringContaining('ephemeral'),
    })
    expect(json.json().scenarios[0].steps.every((s: { status: string }) => s.status === 'skipped')).toBe(true)
  })
})
