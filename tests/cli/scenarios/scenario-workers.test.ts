import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { exits, runCli, scenarioFiles } from '../helpers'

/**
 * `scenario run --workers N`: the scenarios run in worker processes (the real bin, started by
 * the run), each on its own ephemeral server; each scenario's lines come out together, and
 * every reporter lists the results in file order.
 */
const tmp = scenarioFiles('fanspole-scenario-workers-')
const write = tmp.write

/** Steps named after the scenario, with waits, so that two at once would interleave if printed live. */
const scenario = (name: string, waits: number[], fail = false) =>
  `name: ${name}\nusers: { u: {} }\nsteps:\n${waits
    .map((ms, i) => `  - name: ${name} step ${i + 1}\n    sleep_ms: ${ms}\n`)
    .join(
      '',
    )}  - name: ${name} reads /api/me\n    request: { method: GET, path: /api/me, as: u }\n    expect: { status: ${fail ? 418 : 200} }\n`

describe('--workers', () => {
  it('runs in worker processes, prints each scenario whole, and keeps file order in json and junit', async () => {
    const dir = path.join(tmp.dir, 'pool')
    write('pool/a.yaml', scenario('alpha', [300, 300, 300]))
    write('pool/b.yaml', scenario('bravo', [100, 100, 100], true))
    write('pool/c.yaml', scenario('charlie', [50]))
    write(
      'pool/d.yaml',
      'name: delta\nexamples:\n  - { n: 1 }\n  - { n: 2 }\nsteps:\n  - name: delta row ${n}\n    sleep_ms: 10\n',
    )
    const r = await runCli(['scenario', 'run', dir, '--workers', '2'])
    expect(r.code).toBe(1)
    // Each scenario's block is contiguous: its header, then only its own steps.
    const blocks = r.stdout.split('\n\n').filter((b) => /\(.\.yaml, ephemeral server\)/.test(b))
    expect(blocks).toHaveLength(5)
    for (const block of blocks) {
      const [header, ...lines] = block.split('\n')
      const name = (header as string).split(' ')[0] as string
      for (const line of lines.filter((l) => /^ {2}[✓✗]/.test(l))) expect(line).toContain(name)
    }
    expect(r.stdout).toContain('5 scenario(s): 4 passed, 1 failed')
    expect(r.stdout).toContain('✗ bravo reads /api/me')

    const json = await runCli(['scenario', 'run', dir, '--workers', '2', '--json'])
    const names = json.json().scenarios.map((s: { name: string }) => s.name)
    expect(names).toEqual(['alpha', 'bravo', 'charlie', 'delta [n=1]', 'delta [n=2]'])
    expect(json.json().scenarios[2].steps.map((s: { status: string }) => s.status)).toEqual([
      'passed',
      'passed',
    ])
    const junit = await runCli(['scenario', 'run', dir, '--workers', '3', '--reporter', 'junit'])
    const suites = [...junit.stdout.matchAll(/<testsuite name="([^"]+)"/g)].map((m) => m[1])
    expect(suites).toEqual(names)
  }, 120_000)

  it('with --bail, hands out no scenario after a failure', async () => {
    const dir = path.join(tmp.dir, 'bail')
    write('bail/a.yaml', scenario('first', [], true))
    write('bail/b.yaml', scenario('second', [400]))
    write('bail/c.yaml', scenario('third', []))
    write('bail/d.yaml', scenario('fourth', []))
    const r = await runCli(['scenario', 'run', dir, '--workers', '2', '--bail', '--json'])
    expect(r.code).toBe(1)
    const skipped = r.json().scenarios.filter((s: { skipped?: string }) => s.skipped)
    expect(skipped.length).toBeGreaterThan(0)
    expect(skipped[0].skipped).toContain('--bail')
  }, 120_000)

  it('fails the scenarios, with the reason, when no worker can start', async () => {
    const file = write('broken/a.yaml', scenario('never starts', []))
    // Each worker's Node is told to load a module that is not there: it exits before it is ready.
    const r = await runCli(['scenario', 'run', file, '--workers', '2', '--json'], {
      NODE_OPTIONS: '--require /nonexistent/preload.js',
    })
    expect(r.code).toBe(1)
    const [only] = r.json().scenarios
    expect(only).toMatchObject({ name: 'never starts', ok: false })
    expect(only.error).toMatch(/^its worker process stopped \(1\): .*Cannot find module/)
  }, 60_000)

  it('refuses a bad count, and --server (exit 2)', async () => {
    const file = write('refuse/a.yaml', scenario('x', []))
    exits(
      await runCli(['scenario', 'run', file, '--workers', '0']),
      2,
      '--workers must be a whole number from 1 to 32 (not "0")',
    )
    exits(await runCli(['scenario', 'run', file, '--workers', 'two']), 2, '--workers must be a whole number')
    exits(
      await runCli(['scenario', 'run', file, '--workers', '2', '--server', 'http://127.0.0.1:9']),
      2,
      '--workers runs each scenario on its own ephemeral server: it cannot be combined with --server',
    )
  })
})
