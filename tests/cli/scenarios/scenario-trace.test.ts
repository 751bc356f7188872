// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario files use ${…} placeholders, written here as plain strings
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TraceDocument } from '../../../cli/scenario/trace'
import { type CliResult, exits, runCli, tempDir } from '../helpers'
import { unclosedTags } from './html-check'

/**
 * Traces (docs/scenarios.md, "Traces and the HTML report"): a scenario that fails on purpose
 * against the in-process server leaves a trace with its requests, answers and /cable frames;
 * a passing one leaves none; `scenario trace` reads it back as a timeline; `--reporter html`
 * holds the failure and its timeline in one valid page.
 */
let tmp: ReturnType<typeof tempDir>
let failed: CliResult
let traceFile: string
const htmlFile = () => path.join(tmp.dir, 'report.html')

/** A file in the temporary directory, by name. */
const write = (name: string, text: string) => {
  fs.writeFileSync(path.join(tmp.dir, name), text)
  return path.join(tmp.dir, name)
}

const FAILS = `
name: a notification that says the wrong thing
users:
  alice: {}
  admin: { role: admin }
steps:
  - name: alice subscribes to her notifications
    cable: { as: alice, subscribe: { channel: NotificationsChannel }, expect: confirm }
  - name: the admin sends alice a notification
    request:
      method: POST
      path: /api/admin/notifications
      as: admin
      body: { user_id: "\${alice.id}", body: "Toss in 10 minutes" }
    expect: { status: 201 }
  - name: alice reads five minutes
    expect_message:
      as: alice
      channel: NotificationsChannel
      within_ms: 300
      match: { type: notification, notification: { body: "Toss in 5 minutes" } }
  - name: never runs
    request: { method: GET, path: /api/me, as: alice }
`

const PASSES = `
name: alice reads herself
users: { alice: {} }
steps:
  - request: { method: GET, path: /api/me, as: alice }
    expect: { status: 200 }
`

beforeAll(async () => {
  tmp = tempDir('fanspole-scenario-trace-')
  const dir = path.join(tmp.dir, 'traces')
  const file = write('notify.yaml', FAILS)
  failed = await runCli([
    'scenario',
    'run',
    file,
    '--trace-dir',
    dir,
    '--reporter',
    'html',
    '--output',
    htmlFile(),
  ])
  traceFile = path.join(dir, 'notify--a-notification-that-says-the-wrong-thing.trace.json')
})
afterAll(() => tmp.remove())

describe('a failed scenario writes its trace', () => {
  it('prints the trace path under the failure', () => {
    expect(failed.code).toBe(1)
    const lines = failed.stdout.split('\n')
    const verdict = lines.findIndex((l) => l.includes('FAILED: 1 of 4 step(s) failed'))
    expect(lines[verdict + 1]).toBe(`  trace: ${traceFile}  (fanspole scenario trace ${traceFile})`)
  })

  it('holds every request with its user and answer, every frame, and each step, on one timeline', () => {
    const trace = TraceDocument.parse(JSON.parse(fs.readFileSync(traceFile, 'utf8')))
    expect(trace).toMatchObject({ format: 'fanspole-scenario-trace', version: 1, dropped_events: 0 })
    expect(trace.scenario).toMatchObject({ name: 'a notification that says the wrong thing', ok: false })
    const send = trace.events.find((e) => e.type === 'http' && e.path === '/api/admin/notifications')
    expect(send).toMatchObject({
      step: 2,
      user: 'admin',
      method: 'POST',
      status: 201,
      request_body: { body: 'Toss in 10 minutes' },
      response_body: { notification: { body: 'Toss in 10 minutes' } },
      request_headers: { authorization: '[redacted]', 'content-type': 'application/json' },
    })
    // Before the steps, the users' sign-ups and sign-ins, credited to them by the e-mail they send.
    const setup = trace.events.filter((e) => e.type === 'http' && e.step === undefined)
    expect(setup.map((e) => e.type === 'http' && `${e.method} ${e.path} ${e.user} ${e.status}`)).toEqual(
      expect.arrayContaining(['POST /api/users alice 201', 'POST /oauth/token alice 200']),
    )
    const frames = trace.events.filter((e) => e.type === 'frame')
    expect(frames).toContainEqual(
      expect.objectContaining({ direction: 'out', user: 'alice', channel: 'NotificationsChannel', step: 1 }),
    )
    expect(frames).toContainEqual(
      expect.objectContaining({
        direction: 'in',
        user: 'alice',
        channel: 'NotificationsChannel',
        step: 2,
        data: expect.objectContaining({ message: expect.objectContaining({ type: 'notification' }) }),
      }),
    )
    const steps = trace.events.filter((e) => e.type === 'step_end').map((e) => [e.index, e.status])
    expect(steps).toEqual([
      [1, 'passed'],
      [2, 'passed'],
      [3, 'failed'],
      [4, 'skipped'],
    ])
    const times = trace.events
      .filter((e) => e.type !== 'step_end' || e.status !== 'skipped')
      .map((e) => e.at_ms)
    expect(times).toEqual([...times].sort((a, b) => a - b))
  })

  it('keeps no secret: passwords, tokens and the Authorization header are redacted', () => {
    const text = fs.readFileSync(traceFile, 'utf8')
    const trace = TraceDocument.parse(JSON.parse(text))
    const signIn = trace.events.find((e) => e.type === 'http' && e.path === '/oauth/token')
    expect(signIn).toMatchObject({
      request_body: { password: '[redacted]' },
      response_body: { access_token: '[redacted]', refresh_token: '[redacted]' },
    })
    expect(text).not.toMatch(/Bearer [\w-]{8}/)
    expect(text).not.toMatch(/access_token=(?!\[redacted\])/)
  })

  it('puts the trace path in --json and in JUnit, and writes none for a passing scenario', async () => {
    const dir = path.join(tmp.dir, 'more-traces')
    const pass = write('pass.yaml', PASSES)
    const fail = write('notify.yaml', FAILS)
    const json = await runCli(['scenario', 'run', pass, fail, '--json', '--trace-dir', dir])
    const [passed, failedOne] = json.json().scenarios
    expect(passed.trace).toBeUndefined()
    expect(failedOne.trace).toBe(
      path.join(dir, 'notify--a-notification-that-says-the-wrong-thing.trace.json'),
    )
    expect(fs.readdirSync(dir)).toEqual(['notify--a-notification-that-says-the-wrong-thing.trace.json'])

    // FANSPOLE_TRACE_DIR is the default --trace-dir.
    const junit = await runCli(['scenario', 'run', fail, '--reporter', 'junit'], { FANSPOLE_TRACE_DIR: dir })
    expect(junit.stdout).toContain(`<property name="trace" value="${failedOne.trace}"/>`)
    expect(junit.stdout).toMatch(
      /<failure [^>]*type="cable_message">[^<]*<\/failure>\n\s*<system-out>\[\[ATTACHMENT\|[^\]]+notify--a-notification[^\]]+\]\]<\/system-out>/,
    )
  })

  it('writes a passing scenario’s trace only with --trace on, and none at all with --trace off', async () => {
    const dir = path.join(tmp.dir, 'on-off')
    const pass = write('pass.yaml', PASSES)
    expect((await runCli(['scenario', 'run', pass, '--trace-dir', dir])).code).toBe(0)
    expect(fs.existsSync(dir)).toBe(false)
    const on = await runCli(['scenario', 'run', pass, '--trace', 'on', '--trace-dir', dir])
    expect(on.stdout).toContain(`trace: ${path.join(dir, 'pass--alice-reads-herself.trace.json')}`)
    const off = await runCli([
      'scenario',
      'run',
      write('off.yaml', FAILS),
      '--trace',
      'off',
      '--trace-dir',
      dir,
    ])
    expect(off.code).toBe(1)
    expect(off.stdout).not.toContain('trace:')
    expect(fs.readdirSync(dir)).toEqual(['pass--alice-reads-herself.trace.json'])
    exits(
      await runCli(['scenario', 'run', pass, '--trace', 'always']),
      2,
      '--trace must be one of on, off, retain-on-failure',
    )
  })
})

describe('fanspole scenario trace FILE', () => {
  it('shows each step with ✓/✗, its requests and frames, and the failure with its differences', async () => {
    const r = await runCli(['scenario', 'trace', traceFile])
    expect(r.code).toBe(0)
    const lines = r.stdout.split('\n')
    expect(lines[0]).toMatch(/^a notification that says the wrong thing {2}✗ FAILED in \d+ ms$/)
    expect(lines).toContain('(setting up users)')
    const step2 = lines.findIndex((l) =>
      /^✓ 2\. the admin sends alice a notification {2}POST \/api\/admin\/notifications → 201 · \d+ ms$/.test(
        l,
      ),
    )
    expect(step2).toBeGreaterThan(0)
    const step3 = lines.findIndex((l) => l.startsWith('✗ 3. alice reads five minutes'))
    const inStep2 = lines.slice(step2, step3)
    expect(inStep2).toContainEqual(
      expect.stringMatching(
        /^ +\+\d+ms POST \/api\/admin\/notifications admin → 201 \{notification: \{id: \d+, kind: announcement, body: "Toss in 10 minutes"/,
      ),
    )
    expect(inStep2).toContainEqual(
      expect.stringMatching(
        /^ +\+\d+ms ← alice NotificationsChannel \{type: notification, notification: \{id: \d+, kind: announcement/,
      ),
    )
    expect(lines.slice(step3)).toContain(
      '      message.notification.body: expected "Toss in 5 minutes", actual "Toss in 10 minutes"',
    )
    expect(lines).toContain('- 4. never runs (skipped)')
  })

  it('--step N shows one step; --full shows whole bodies; --json the document', async () => {
    const one = await runCli(['scenario', 'trace', traceFile, '--step', '1'])
    expect(one.stdout).toMatch(/✓ 1\. alice subscribes/)
    expect(one.stdout).not.toMatch(/2\. the admin/)
    expect(one.stdout).toMatch(/→ alice NotificationsChannel subscribe\n/)
    const full = await runCli(['scenario', 'trace', traceFile, '--step', '2', '--full'])
    expect(full.stdout).toMatch(/sent \{\n\s+"user_id": \d+,\n\s+"body": "Toss in 10 minutes"\n\s+\}/)
    const json = (await runCli(['scenario', 'trace', traceFile, '--json', '--step', '3'])).json()
    expect(json.events.map((e: { type: string }) => e.type)).toEqual(['step_start', 'step_end'])
  })

  it('refuses a file that is not a trace, and a step it does not hold (exit 2, with why)', async () => {
    exits(
      await runCli(['scenario', 'trace', write('not.yaml', PASSES)]),
      2,
      'is not a scenario trace: not JSON',
    )
    exits(
      await runCli(['scenario', 'trace', write('other.json', '{"format":"x"}')]),
      2,
      'format: expected "fanspole-scenario-trace"',
    )
    exits(
      await runCli([
        'scenario',
        'trace',
        write('v9.json', '{"format":"fanspole-scenario-trace","version":9}'),
      ]),
      2,
      'this fanspole reads trace version 1, the file is version 9',
    )
    exits(await runCli(['scenario', 'trace', path.join(tmp.dir, 'missing.json')]), 2, 'ENOENT')
    exits(
      await runCli(['scenario', 'trace', traceFile, '--step', '9']),
      2,
      "--step must be one of the trace's steps: 1, 2, 3, 4",
    )
  })
})

describe('--reporter html', () => {
  it('is one self-contained, well-formed page with the failure and its trace timeline', () => {
    const html = fs.readFileSync(htmlFile(), 'utf8')
    expect(unclosedTags(html)).toEqual([])
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//)
    expect(html).toContain('<details class="scenario failed" open>')
    expect(html).toContain(
      '<code>message.notification.body</code>: expected &quot;Toss in 5 minutes&quot;, actual &quot;Toss in 10 minutes&quot;',
    )
    expect(html).toMatch(/<details class="trace"><summary>Trace timeline \(\d+ events\)<\/summary><pre>/)
    expect(html).toMatch(
      /POST \/api\/admin\/notifications <span class="who">admin<\/span> <span class="passed">→ 201<\/span>/,
    )
    expect(html).toContain(`trace file: <code>${traceFile}</code>`)
  })
})
