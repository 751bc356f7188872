// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario files use ${…} placeholders, written here as plain strings
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CliWorld, cliWorld, exits, runCli, tempDir } from '../helpers'

let tmp: ReturnType<typeof tempDir>
beforeAll(() => {
  tmp = tempDir('fanspole-scenarios-')
})
afterAll(() => tmp.remove())

/** A port nothing listens on: taken from the OS, then released. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function write(name: string, text: string): string {
  const file = path.join(tmp.dir, name)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
  return file
}

const PASSING = `
name: passing
users:
  alice: {}
steps:
  - name: alice reads herself
    request: { method: GET, path: /api/me.json, as: alice }
    expect:
      status: 200
      body: { user: { username: "\${alice.username}", id: { $type: integer } } }
`

const FAILING = `
name: failing on purpose
users:
  alice: {}
steps:
  - name: sign-up answer is read
    request: { method: GET, path: /api/me, as: alice }
    expect: { status: 200 }
  - name: wrong expectations
    request: { method: GET, path: /api/me, as: alice }
    expect:
      status: 200
      body:
        user: { username: nobody, email_verified: true, coin_balance: { $gt: 10 }, nickname: { $exists: true } }
  - name: never runs
    request: { method: GET, path: /api/me, as: alice }
`

describe('fanspole scenario run (ephemeral server)', () => {
  it('prints each step with ✓ and a summary, and exits 0', async () => {
    const file = write('pass/one.yaml', PASSING)
    const r = await runCli(['scenario', 'run', file])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('passing (one.yaml, ephemeral server)')
    expect(r.stdout).toMatch(/✓ alice reads herself {2}GET \/api\/me\.json → 200 · \d+ ms/)
    expect(r.stdout).toMatch(
      /1 scenario\(s\): 1 passed, 0 failed · 1 step\(s\): 1 passed, 0 failed, 0 skipped/,
    )
  })

  it('reports exactly what differed, skips the rest and exits 1', async () => {
    const file = write('fail/failing.yaml', FAILING)
    const r = await runCli(['scenario', 'run', file])
    expect(r.code).toBe(1)
    const lines = r.stdout.split('\n')
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}✓ sign-up answer is read/))
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}✗ wrong expectations {2}GET \/api\/me → 200/))
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {6}body\.user\.username: expected "nobody", actual "alice_[a-z0-9]{6}"$/),
    )
    expect(lines).toContain('      body.user.email_verified: expected true, actual false')
    expect(lines).toContain('      body.user.coin_balance: expected > 10, actual 0')
    expect(lines).toContain('      body.user.nickname: expected a value, found none')
    expect(lines).toContain('  - never runs (skipped)')
    expect(r.stdout).toContain('FAILED: 1 of 3 step(s) failed')
    expect(r.stdout).toMatch(
      /1 scenario\(s\): 0 passed, 1 failed · 3 step\(s\): 1 passed, 1 failed, 1 skipped/,
    )
    expect(r.stderr).toContain('error: 1 of 1 scenario(s) failed')
  })

  it('shows the status and the error body when the status differs', async () => {
    const file = write(
      'fail/status.yaml',
      'name: status\nsteps:\n  - request: { method: POST, path: /api/users, body: { email: nope } }\n    expect: { status: 201 }\n',
    )
    const r = await runCli(['scenario', 'run', file])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      'status: expected status 201, actual 422; response: {"code":"VALIDATION_FAILED","error":',
    )
    expect(r.stdout).toContain('"errors":{"email":["is not a valid e-mail address"]')
  })

  it('explains a /cable expectation that was not met, with what did arrive', async () => {
    const file = write(
      'fail/cable.yaml',
      [
        'name: cable miss',
        'users: { alice: {}, admin: { role: admin } }',
        'steps:',
        '  - cable: { as: alice, subscribe: { channel: NotificationsChannel } }',
        '  - request: { method: POST, path: /api/admin/notifications, as: admin, body: { user_id: "${alice.id}", body: hello } }',
        '    expect: { status: 201 }',
        '  - expect_message: { as: alice, channel: NotificationsChannel, within_ms: 300, match: { notification: { body: goodbye } } }',
      ].join('\n'),
    )
    const r = await runCli(['scenario', 'run', file])
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(
      /no message on alice's \{"channel":"NotificationsChannel"\} matched \{"notification":\{"body":"goodbye"\}\} within 300 ms; 2 other message\(s\) arrived: \{"type":"unread","unread_count":1\}, \{"type":"notification",/,
    )
    expect(r.stdout).toContain('message.notification.body: expected "goodbye", actual "hello"')
  })

  it('prints one JSON document with --json', async () => {
    const pass = write('json/a-pass.yaml', PASSING)
    write('json/b-fail.yaml', FAILING)
    write('json/notes.txt', 'not a scenario')
    const r = await runCli(['scenario', 'run', path.dirname(pass), '--json'])
    expect(r.code).toBe(1)
    const doc = r.json()
    expect(Object.keys(doc)).toEqual(['ok', 'summary', 'scenarios'])
    expect(doc.ok).toBe(false)
    expect(doc.summary).toMatchObject({
      scenarios: 2,
      passed: 1,
      failed: 1,
      steps: 4,
      steps_passed: 2,
      steps_failed: 1,
      steps_skipped: 1,
      duration_ms: expect.any(Number),
    })
    expect(doc.scenarios.map((s: { file: string }) => path.basename(s.file))).toEqual([
      'a-pass.yaml',
      'b-fail.yaml',
    ])
    const [first, second] = doc.scenarios
    expect(first).toMatchObject({
      name: 'passing',
      ok: true,
      server: 'ephemeral',
      duration_ms: expect.any(Number),
    })
    expect(first.steps[0]).toEqual({
      index: 1,
      name: 'alice reads herself',
      kind: 'http',
      status: 'passed',
      duration_ms: expect.any(Number),
      detail: 'GET /api/me.json → 200',
    })
    expect(second.steps[1]).toMatchObject({
      index: 2,
      kind: 'http',
      status: 'failed',
      error: expect.any(String),
    })
    expect(second.steps[1].mismatches).toContainEqual({
      path: 'body.user.email_verified',
      expected: true,
      actual: false,
      message: 'expected true, actual false',
      // What the answer held around the path.
      around: { path: 'body.user', value: expect.stringMatching(/^\{ "id": \d+, "slug": /) },
    })
    expect(second.steps[1].mismatches).toContainEqual(
      expect.objectContaining({ path: 'body.user.nickname', missing: true }),
    )
    expect(second.steps[2]).toMatchObject({ index: 3, name: 'never runs', status: 'skipped' })
  })
})

describe('fanspole scenario run: seeded ephemeral server', () => {
  it('seeds the demo league when asked, and signs existing accounts in', async () => {
    const file = write(
      'seeded/demo.yaml',
      [
        'name: seeded',
        'seed_demo_league: true',
        'users:',
        '  demo: { email: demo@fanspole.local, password: demo-pass-2026 }',
        '  admin: { role: admin }',
        'steps:',
        '  - request: { method: GET, path: /api/me, as: demo }',
        '    expect: { body: { user: { id: "${demo.id}", username: "${demo.username}", email: demo@fanspole.local } } }',
        '  - request: { method: GET, path: /api/admin/users, as: admin, query: { role: admin } }',
        '    expect: { body: { users: { $contains: { email: admin@fanspole.local } } } }',
      ].join('\n'),
    )
    const r = await runCli(['scenario', 'run', file, '--json'])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.json().summary).toMatchObject({ steps: 2, steps_passed: 2 })
  })
})

describe('fanspole scenario run: bad input', () => {
  it('exits 2 naming the file, line and field of each problem, and runs nothing', async () => {
    const good = write('bad/a-good.yaml', PASSING)
    write(
      'bad/b-broken.yaml',
      'name: broken\nusers: { alice: {} }\nsteps:\n  - request: { method: GET, path: me }\n  - cable: { as: zed, subscribe: { channel: X } }\n',
    )
    const r = await runCli(['scenario', 'run', path.dirname(good)])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain(
      `error: ${path.join(path.dirname(good), 'b-broken.yaml')}: not a valid scenario`,
    )
    expect(r.stderr).toContain('  line 4: steps[0].request.path: must start with / (e.g. /api/me.json)')
    expect(r.stderr).toContain('  line 5: steps[1]: unknown user zed (users: alice)')
    expect(r.stderr).toContain('The format is described in docs/scenarios.md')
  })

  it('exits 2 for YAML that does not parse', async () => {
    const file = write('bad/syntax.yaml', 'name: x\nsteps:\n  - request: { method: GET\n')
    const r = await runCli(['scenario', 'run', file])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/syntax\.yaml: not a valid scenario\n {2}.*line 4/)
    const unquoted = write(
      'bad/unquoted.yaml',
      'name: x\nsteps:\n  - request: { method: GET, path: /u/${run_id}x }\n',
    )
    const hinted = await runCli(['scenario', 'run', unquoted])
    exits(hinted, 2, '  hint: quote values that contain ${…} inside { … } or [ … ]')
  })

  it('exits 2 for a path that does not exist or a directory without scenarios', async () => {
    const missing = await runCli(['scenario', 'run', path.join(tmp.dir, 'nope.yaml')])
    exits(missing, 2, 'nope.yaml: no such file or directory')
    const empty = tempDir('fanspole-empty-')
    const r = await runCli(['scenario', 'run', empty.dir])
    empty.remove()
    exits(r, 2, 'no *.yaml files in this directory')
  })

  it('exits 2 without a path and for a --server that is not a URL', async () => {
    expect((await runCli(['scenario', 'run'])).code).toBe(2)
    const r = await runCli(['scenario', 'run', write('ok.yaml', PASSING), '--server', 'not a url'])
    exits(r, 2, '--server: "not a url" is not a URL')
  })

  it('exits 1 when --server is not answering', async () => {
    const port = await freePort()
    const r = await runCli([
      'scenario',
      'run',
      write('ok.yaml', PASSING),
      '--server',
      `http://127.0.0.1:${port}`,
    ])
    exits(r, 1, `error: GET /api/health: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`)
    expect(r.stdout).toBe('')
  })
})

describe('fanspole scenario run --server', () => {
  let world: CliWorld
  beforeAll(async () => {
    world = await cliWorld()
  })
  afterAll(() => world.close())

  it('runs against a separately started server, as its configured admin, twice in a row', async () => {
    const file = write(
      'server/admin.yaml',
      [
        'name: remote',
        'users: { alice: {}, boss: { role: admin } }',
        'steps:',
        '  - request: { method: GET, path: /api/me, as: boss }',
        '    expect: { body: { user: { email: "${boss.email}", role: admin } } }',
        '  - request: { method: GET, path: "/api/admin/users", as: boss, query: { q: "${alice.username}" } }',
        '    expect: { body: { users: { $len: 1 }, "users[0].email": "${alice.email}" } }',
        '  - clock: { read: true }',
      ].join('\n'),
    )
    const env = { FANSPOLE_ADMIN_EMAIL: world.admin.email, FANSPOLE_ADMIN_PASSWORD: world.admin.password }
    const before = await world.server.deps.db.selectFrom('users').select('id').execute()
    for (let run = 0; run < 2; run++) {
      const r = await runCli(['scenario', 'run', file, '--server', world.server.url, '--json'], env)
      expect(r.stderr).toBe('')
      expect(r.code).toBe(0)
      const doc = r.json()
      expect(doc.scenarios[0]).toMatchObject({ ok: true, server: world.server.url })
      expect(doc.summary).toMatchObject({ steps: 3, steps_passed: 3 })
    }
    // Each run signed up its own alice on the same server; the admin is the configured one.
    const after = await world.server.deps.db.selectFrom('users').select(['email', 'role']).execute()
    expect(after.length - before.length).toBe(2)
    expect(after.filter((u) => u.role === 'admin').map((u) => u.email)).toEqual([world.admin.email])
  })

  it('fails setup clearly when the configured admin cannot sign in', async () => {
    const file = write('server/needs-admin.yaml', 'name: admin\nsteps:\n  - clock: { read: true }\n')
    const env = { FANSPOLE_ADMIN_EMAIL: world.admin.email, FANSPOLE_ADMIN_PASSWORD: 'wrong-password' }
    const r = await runCli(['scenario', 'run', file, '--server', world.server.url], env)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(`could not sign in admin as ${world.admin.email}: POST /oauth/token → 401`)
  })
})
