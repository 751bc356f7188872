import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CliWorld, cliWorld, exits, runCli, scenarioFiles, tempDir } from '../helpers'

/** `scenario run` choosing and re-running: --tag / --skip-tag, --retries (flaky), --last-failed. */
const tmp = scenarioFiles('fanspole-scenario-rerun-')
const write = tmp.write

const tagged = (name: string, tags: string) =>
  `name: ${name}\ntags: [${tags}]\nsteps:\n  - request: { method: GET, path: /api/health }\n`
const failing = (name: string) =>
  `name: ${name}\nsteps:\n  - request: { method: GET, path: /api/health }\n    expect: { status: 418 }\n`

describe('--tag and --skip-tag', () => {
  const dir = () => path.join(tmp.dir, 'tags')
  beforeAll(() => {
    write('tags/a.yaml', tagged('auction one', 'auction, slow'))
    write('tags/b.yaml', tagged('wallet one', 'wallet'))
    write('tags/c.yaml', tagged('social one', 'social'))
  })

  it('runs the scenarios with any of the tags, less those with a skipped tag', async () => {
    const r = await runCli(['scenario', 'run', dir(), '--tag', 'auction,wallet', '--json'])
    expect(r.code).toBe(0)
    expect(r.json().scenarios.map((s: { name: string }) => s.name)).toEqual(['auction one', 'wallet one'])
    expect(r.json().scenarios[0].tags).toEqual(['auction', 'slow'])
    expect(r.json().summary.filtered_out).toBe(1)
    const skip = await runCli(['scenario', 'run', dir(), '--skip-tag', 'slow'])
    expect(skip.code).toBe(0)
    expect(skip.stdout).not.toContain('auction one')
    expect(skip.stdout).toContain('2 scenario(s): 2 passed')
    expect(skip.stdout).toContain('(1 scenario(s) left out by --skip-tag)')
  })

  it('refuses a tag no scenario has, listing the tags there are (exit 2)', async () => {
    const r = await runCli(['scenario', 'run', dir(), '--tag', 'auction,nope'])
    exits(r, 2, 'error: --tag: no scenario has the tag nope')
    expect(r.stderr).toContain('The tags of these scenarios: auction, slow, social, wallet')
    exits(
      await runCli(['scenario', 'run', dir(), '--skip-tag', 'x,y']),
      2,
      '--skip-tag: no scenario has the tags x, y',
    )
    exits(
      await runCli(['scenario', 'run', dir(), '--tag', 'auction', '--skip-tag', 'slow']),
      2,
      'none tagged auction and without the tag slow',
    )
  })

  it('refuses a tag that is not a word', async () => {
    const file = write('tags-bad/x.yaml', tagged('x', '"Big Tag"'))
    exits(
      await runCli(['scenario', 'run', file]),
      2,
      'line 2: tags[0]: a tag is lowercase letters, digits, - and _',
    )
  })
})

describe('--retries', () => {
  let world: CliWorld
  beforeAll(async () => {
    world = await cliWorld()
  })
  afterAll(() => world.close())

  it('runs a failed scenario again; a pass after a failure is flaky in text, json and junit', async () => {
    // Fails the first time (the account does not exist yet, its sign-up answers 201) and passes
    // the second (it exists: 422), on the one --server all attempts share.
    const name = `flaky${Date.now().toString(36)}`
    const file = write(
      'retry/flaky.yaml',
      `name: flaky on purpose\nsteps:\n  - name: the account exists already\n    request: { method: POST, path: /api/users, body: { email: "${name}@x.test", username: "${name}", password: "pw-long-enough" } }\n    expect: { status: 422 }\n`,
    )
    const run = (...more: string[]) =>
      runCli(['scenario', 'run', file, '--server', world.server.url, '--retries', '2', ...more], world.env)
    const r = await run()
    expect(r.code, r.stdout).toBe(0)
    expect(r.stdout).toContain('↻ retrying: attempt 2 of 3')
    expect(r.stdout).toContain('passed: 1 step(s) (flaky: passed on attempt 2 after 1 failure(s))')
    expect(r.stdout).toContain('1 scenario(s): 1 passed, 0 failed, 1 flaky')
    const json = (await run('--json')).json()
    // Already there: this run passes at once, neither retried nor flaky.
    expect(json.scenarios[0].flaky).toBeUndefined()
    expect(json.summary.flaky).toBe(0)
  })

  it('reports flaky in --json and junit, and gives up after N retries', async () => {
    const text = (name: string) =>
      `name: flaky json\nsteps:\n  - request: { method: POST, path: /api/users, body: { email: "${name}@x.test", username: "${name}", password: "pw-long-enough" } }\n    expect: { status: 422 }\n`
    const file = write('retry/flaky-json.yaml', text(`flakyj${Date.now().toString(36)}`))
    const r = await runCli(
      ['scenario', 'run', file, '--server', world.server.url, '--retries', '1', '--json'],
      world.env,
    )
    expect(r.json().scenarios[0]).toMatchObject({ ok: true, flaky: true, attempts: 2 })
    expect(r.json().scenarios[0].failed_attempts[0]).toMatch(
      /^step 1 \(.*\): status: expected status 422, actual 201/,
    )
    expect(r.json().summary.flaky).toBe(1)
    const junitFile = write('retry/flaky-junit.yaml', text(`flakyu${Date.now().toString(36)}`))
    const junit = await runCli(
      ['scenario', 'run', junitFile, '--server', world.server.url, '--retries', '1', '--reporter', 'junit'],
      world.env,
    )
    expect(junit.stdout).toContain(
      '<property name="attempts" value="2"/><property name="flaky" value="true"/><property name="failed_attempt_1" value="step 1',
    )
    const never = write('retry/never.yaml', failing('never passes'))
    const gaveUp = await runCli(['scenario', 'run', never, '--retries', '2', '--json'])
    expect(gaveUp.code).toBe(1)
    expect(gaveUp.json().scenarios[0]).toMatchObject({ ok: false, attempts: 3 })
    expect(gaveUp.json().scenarios[0].failed_attempts).toHaveLength(2)
    exits(
      await runCli(['scenario', 'run', never, '--retries', 'lots']),
      2,
      '--retries must be a whole number from 0 to 10 (not "lots")',
    )
  })
})

describe('--last-failed', () => {
  it('runs only what failed last time; when nothing did, says so and runs nothing (exit 0)', async () => {
    const home = tempDir('fanspole-home-')
    const env = { FANSPOLE_HOME: home.dir }
    const dir = path.join(tmp.dir, 'last')
    write('last/a.yaml', tagged('passes', 'x'))
    const b = write('last/b.yaml', failing('fails for now'))
    const none = await runCli(['scenario', 'run', dir, '--last-failed'], env)
    expect(none.code).toBe(0)
    expect(none.stdout).toContain('No scenario among these failed in the last run')
    expect(fs.existsSync(path.join(home.dir, 'scenario-last-failed.json'))).toBe(false)

    expect((await runCli(['scenario', 'run', dir], env)).code).toBe(1)
    const record = JSON.parse(fs.readFileSync(path.join(home.dir, 'scenario-last-failed.json'), 'utf8'))
    expect(record.failed).toEqual([{ file: path.resolve(b), name: 'fails for now' }])

    const again = await runCli(['scenario', 'run', dir, '--last-failed', '--json'], env)
    expect(again.code).toBe(1)
    expect(again.json().scenarios.map((s: { name: string }) => s.name)).toEqual(['fails for now'])

    write('last/b.yaml', tagged('fails for now', 'x'))
    const fixed = await runCli(['scenario', 'run', dir, '--last-failed'], env)
    expect(fixed.code).toBe(0)
    expect(fixed.stdout).toContain('1 scenario(s): 1 passed')
    expect(fixed.stdout).not.toContain('passes (')
    const after = await runCli(['scenario', 'run', dir, '--last-failed'], env)
    expect(after.stdout).toContain('nothing to run')
    home.remove()
  })
})
