// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario files use ${…} placeholders, written here as plain strings
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type FixtureCache, loadScenarioRuns, ScenarioFormatError } from '../../../cli/scenario/loader'
import { exits, runCli, scenarioFiles } from '../helpers'

/** Outlines (`examples:`), shared `fixtures:` files and `vars:`. */
const tmp = scenarioFiles('fanspole-scenario-outline-')
const write = tmp.write

function problemsOf(file: string): string[] {
  try {
    loadScenarioRuns(file)
  } catch (error) {
    if (error instanceof ScenarioFormatError) return error.problems
    throw error
  }
  throw new Error(`${file} loaded`)
}

const OUTLINE = `
name: Sign-up refuses bad usernames
users: { alice: {} }
examples:
  - { username: "ab", status: 422 }
  - { username: "fine_\${run_id}", status: 201 }
steps:
  - name: sign up as \${username}
    request:
      method: POST
      path: /api/users
      body: { email: "u-\${run_id}@x.test", username: "\${username}", password: "pw-long-enough" }
    expect: { status: "\${status}" }
`

describe('outlines (examples:)', () => {
  it('runs the scenario once per row, each named with its row and reported as its own scenario', async () => {
    const file = write('outline/signup.yaml', OUTLINE)
    const runs = loadScenarioRuns(file)
    expect(runs.map((r) => r.name)).toEqual([
      'Sign-up refuses bad usernames [username=ab, status=422]',
      'Sign-up refuses bad usernames [username=fine_${run_id}, status=201]',
    ])
    expect(runs[0]?.vars).toMatchObject({ username: 'ab', status: 422 })
    const r = await runCli(['scenario', 'run', file, '--json'])
    expect(r.code, r.stderr).toBe(0)
    const report = r.json()
    expect(report.summary).toMatchObject({ scenarios: 2, passed: 2 })
    expect(report.scenarios[0].steps[0]).toMatchObject({
      name: 'sign up as ab',
      detail: 'POST /api/users → 422',
    })
    expect(report.scenarios[1].steps[0].detail).toBe('POST /api/users → 201')
    // A row's values may use \${run_id} (and the users' fields), resolved when the run starts.
    expect(report.scenarios[1].steps[0].name).toMatch(/^sign up as fine_[a-z0-9]{6}$/)
  })

  it('refuses rows with other columns, and columns named like a user (exit 2, with lines)', async () => {
    const file = write(
      'outline/bad.yaml',
      'name: bad\nusers: { alice: {} }\nexamples:\n  - { a: 1, alice: 2 }\n  - { a: 2 }\nsteps:\n  - request: { method: GET, path: /api/health }\n',
    )
    expect(problemsOf(file)).toEqual([
      'line 5: examples[1]: every row has the columns of the first (a, alice); missing alice',
      'line 4: examples[0].alice: is the name of a user or a reserved variable',
    ])
    const empty = write('outline/empty.yaml', 'name: e\nexamples: []\nsteps:\n  - sleep_ms: 1\n')
    exits(await runCli(['scenario', 'run', empty]), 2, 'line 2: examples: examples: needs at least one row')
  })
})

const LEAGUE = `
description: a signed-in player and an admin, and the league's name
users:
  alice: {}
  boss: { role: admin }
vars: { league: Sunday League, fee: 50 }
steps:
  - name: fixture — alice reads her profile
    request: { method: GET, path: /api/me, as: alice }
    save: { alice_id: body.user.id }
`

describe('fixtures: files', () => {
  it("runs a fixture's steps first, with its users and vars, for the scenario's own steps", async () => {
    write('fix/fixtures/league.yaml', LEAGUE)
    const file = write(
      'fix/uses.yaml',
      `name: uses the league\nfixtures: [fixtures/league.yaml]\nvars: { fee: 75 }\nsteps:\n  - name: "\${league} costs \${fee}; alice is \${alice_id}"\n    request: { method: GET, path: /api/me, as: alice }\n    expect: { body: { user: { id: "\${alice_id}" } } }\n`,
    )
    const r = await runCli(['scenario', 'run', file])
    expect(r.code, r.stdout + r.stderr).toBe(0)
    expect(r.stdout).toContain('✓ fixture — alice reads her profile')
    expect(r.stdout).toMatch(/✓ Sunday League costs 75; alice is \d+/)
    expect(r.stdout).toContain('passed: 2 step(s)')
  })

  it('includes a fixture named twice (through two others) once, and reads each file once per run', () => {
    write('once/fixtures/base.yaml', 'users: { alice: {} }\nsteps:\n  - name: base\n    sleep_ms: 1\n')
    write('once/fixtures/a.yaml', 'fixtures: [base.yaml]\nsteps:\n  - name: a\n    sleep_ms: 1\n')
    write('once/fixtures/b.yaml', 'fixtures: [base.yaml]\nsteps:\n  - name: b\n    sleep_ms: 1\n')
    const text =
      'name: both\nfixtures: [fixtures/a.yaml, fixtures/b.yaml]\nsteps:\n  - name: own\n    sleep_ms: 1\n'
    const one = write('once/one.yaml', text)
    const two = write('once/two.yaml', text)
    const cache: FixtureCache = new Map()
    const [first] = loadScenarioRuns(one, cache)
    expect(first?.steps.map((s) => `${s.index}. ${s.name}`)).toEqual(['1. base', '2. a', '3. b', '4. own'])
    // Read once: with the files gone, the second scenario still gets them from this run's cache.
    fs.rmSync(path.join(tmp.dir, 'once/fixtures'), { recursive: true })
    expect(loadScenarioRuns(two, cache)[0]?.steps).toHaveLength(4)
    expect(() => loadScenarioRuns(two)).toThrow(ScenarioFormatError)
  })

  it('names a missing or bad fixture file and its line (exit 2)', async () => {
    const missing = write('bad/missing.yaml', 'name: m\nfixtures:\n  - nope.yaml\nsteps:\n  - sleep_ms: 1\n')
    exits(
      await runCli(['scenario', 'run', missing]),
      2,
      `line 3: fixtures[0]: cannot read ${path.join(tmp.dir, 'bad/nope.yaml')} (ENOENT)`,
    )
    const badFile = write(
      'bad/f.yaml',
      'users: { bob: {} }\nsteps:\n  - sleep_ms: 1\n  - request: { method: FETCH, path: /x }\n',
    )
    const uses = write('bad/uses.yaml', 'name: u\nfixtures: [f.yaml]\nsteps:\n  - sleep_ms: 1\n')
    const problems = problemsOf(uses)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(
      new RegExp(
        `^line 2: fixtures\\[0\\]: ${badFile.replace(/[/.]/g, '\\$&')}: line 4: steps\\[1\\]\\.request\\.method: `,
      ),
    )
    const notYaml = write('bad/syntax.yaml', 'steps: [\n')
    write('bad/uses-syntax.yaml', 'name: u\nfixtures: [syntax.yaml]\nsteps:\n  - sleep_ms: 1\n')
    expect(problemsOf(path.join(tmp.dir, 'bad/uses-syntax.yaml'))[0]).toContain(`fixtures[0]: ${notYaml}: `)
  })

  it('refuses a cycle, a user declared twice, and an unknown key', () => {
    write('cycle/x.yaml', 'fixtures: [y.yaml]\n')
    write('cycle/y.yaml', 'fixtures: [x.yaml]\n')
    const file = write('cycle/s.yaml', 'name: c\nfixtures: [x.yaml]\nsteps:\n  - sleep_ms: 1\n')
    const [cycle] = problemsOf(file)
    expect(cycle).toContain('fixtures form a cycle: ')
    expect(cycle).toMatch(/x\.yaml → .*y\.yaml → .*x\.yaml$/)
    write('twice/f.yaml', 'users: { alice: {} }\n')
    const twice = write(
      'twice/s.yaml',
      'name: t\nfixtures: [f.yaml]\nusers: { alice: {} }\nsteps:\n  - sleep_ms: 1\n',
    )
    expect(problemsOf(twice)).toEqual([
      `line 3: users.alice: already declared by ${path.join(tmp.dir, 'twice/f.yaml')}`,
    ])
    write('key/f.yaml', 'name: fixtures have no name\n')
    const key = write('key/s.yaml', 'name: k\nfixtures: [f.yaml]\nsteps:\n  - sleep_ms: 1\n')
    expect(problemsOf(key)[0]).toContain('f.yaml: line 1: is not a known field')
  })
})
