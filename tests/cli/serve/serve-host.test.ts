import { type ChildProcess, spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chooseHost, lanUrls, lanWarning } from '../../../cli/lib/lan'
import { loadConfig } from '../../../server/core/config'
import { exits, runCli, tempDir } from '../helpers'

/** `serve --host 0.0.0.0` for a classroom LAN, and 127.0.0.1 as the only default (docs/classroom.md). */
describe('the address serve listens on', () => {
  it('is 127.0.0.1 unless --host is given; HOST=0.0.0.0 alone does not open it up', () => {
    expect(chooseHost(undefined, {})).toEqual({ host: '127.0.0.1' })
    expect(loadConfig({}, {}).host).toBe('127.0.0.1')
    for (const wildcard of ['0.0.0.0', '::', ' 0.0.0.0 ']) {
      const choice = chooseHost(undefined, { HOST: wildcard })
      expect(choice.host).toBe('127.0.0.1')
      expect(choice.ignored).toContain('needs --host')
    }
    expect(chooseHost('0.0.0.0', {})).toEqual({ host: '0.0.0.0' })
    expect(chooseHost('0.0.0.0', { HOST: '127.0.0.1' })).toEqual({ host: '0.0.0.0' })
    // A named address from the environment is a choice already made: kept.
    expect(chooseHost(undefined, { HOST: '192.168.1.20' })).toEqual({ host: '192.168.1.20' })
  })

  it('lists the machine’s external IPv4 addresses for students to open', () => {
    const interfaces = {
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
      eth0: [
        { address: '192.168.1.20', family: 'IPv4', internal: false },
        { address: 'fe80::1', family: 'IPv6', internal: false },
      ],
      wlan0: [{ address: '10.0.0.7', family: 'IPv4', internal: false }],
    } as unknown as NodeJS.Dict<os.NetworkInterfaceInfo[]>
    const urls = lanUrls('0.0.0.0', 3000, interfaces)
    expect(urls).toEqual(['http://192.168.1.20:3000/', 'http://10.0.0.7:3000/'])
    expect(lanUrls('192.168.1.20', 4000, interfaces)).toEqual(['http://192.168.1.20:4000/'])
    const warning = lanWarning('0.0.0.0', urls)
    expect(warning).toMatch(/^warning: listening on 0\.0\.0\.0: anyone on this network can reach this server/)
    expect(warning).toContain('Students open: http://192.168.1.20:3000/, http://10.0.0.7:3000/')
  })
})

/**
 * `fanspole serve` as the real executable, from a FANSPOLE_HOME made for each test (`tmp`);
 * the child still running after a test is killed.
 */
function realServe() {
  const root = path.resolve(import.meta.dirname, '..', '..', '..')
  const run = {
    tmp: undefined as unknown as ReturnType<typeof tempDir>,
    child: undefined as ChildProcess | undefined,
    /** Spawns `fanspole serve` with `args` and `env` (no more of this process's environment than given). */
    spawn(args: string[], env: NodeJS.ProcessEnv) {
      run.child = spawn(process.execPath, [path.join(root, 'cli', 'bin', 'fanspole.mjs'), 'serve', ...args], {
        cwd: root,
        env,
      })
      return run.child
    },
  }
  beforeEach(() => {
    run.tmp = tempDir()
  })
  afterEach(() => {
    if (run.child && run.child.exitCode === null) run.child.kill('SIGKILL')
    run.tmp.remove()
  })
  return run
}

describe('fanspole serve --host (the real executable)', () => {
  const run = realServe()

  /** Starts serve, resolves with its JSON document and what it wrote on stderr so far. */
  function serve(args: string[], env: NodeJS.ProcessEnv) {
    const db = path.join(run.tmp.dir, 'serve.sqlite')
    const { HOST: _drop, ...base } = process.env
    const proc = run.spawn(['--port', '0', '--db', db, '--no-seed', '--no-web', '--json', ...args], {
      ...base,
      FANSPOLE_HOME: run.tmp.dir,
      ...env,
    })
    let stdout = ''
    let stderr = ''
    proc.stderr?.on('data', (chunk) => {
      stderr += chunk
    })
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
    return new Promise<{ doc: any; stderr: () => string }>((resolve, reject) => {
      proc.stdout?.on('data', (chunk) => {
        stdout += chunk
        try {
          resolve({ doc: JSON.parse(stdout), stderr: () => stderr })
        } catch {
          // not complete yet
        }
      })
      exited.then((code) => reject(new Error(`serve exited with ${code}: ${stderr}`)))
    })
  }

  /** An address of this machine that other machines would use, if it has one. */
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i?.family === 'IPv4' && !i.internal)?.address

  it('stays on 127.0.0.1 with HOST=0.0.0.0 in the environment, and says why', async () => {
    const { doc, stderr } = await serve([], { HOST: '0.0.0.0' })
    expect(doc.host).toBe('127.0.0.1')
    expect(doc.lan_urls).toBeNull()
    expect(stderr()).toContain(
      'note: HOST=0.0.0.0 ignored: listening on every interface needs --host 0.0.0.0',
    )
    expect(stderr()).not.toContain('warning: listening on')
    expect((await fetch(`http://127.0.0.1:${doc.port}/api/health.json`)).status).toBe(200)
    if (external) await expect(fetch(`http://${external}:${doc.port}/api/health.json`)).rejects.toThrow()
  })

  it('listens on every interface with --host 0.0.0.0, warning and printing the addresses', async () => {
    const { doc, stderr } = await serve(['--host', '0.0.0.0'], {})
    expect(doc.host).toBe('0.0.0.0')
    expect(stderr()).toContain('warning: listening on 0.0.0.0: anyone on this network can reach this server')
    expect(doc.lan_urls).toEqual(lanUrls('0.0.0.0', doc.port))
    if (external) {
      expect(doc.lan_urls).toContain(`http://${external}:${doc.port}/`)
      expect((await fetch(`http://${external}:${doc.port}/api/health.json`)).status).toBe(200)
    }
  })
})

describe('fanspole serve on a network: no README password (the real executable)', () => {
  const run = realServe()

  /** Runs serve on this test's database: its JSON document once it listens, or how it exited. */
  function serve(args: string[], env: NodeJS.ProcessEnv = {}) {
    const { HOST: _h, FANSPOLE_ADMIN_PASSWORD: _a, FANSPOLE_DEMO_PASSWORD: _d, ...base } = process.env
    const db = path.join(run.tmp.dir, 'class.sqlite')
    const proc = run.spawn(['--port', '0', '--db', db, '--users', '1', '--no-web', '--json', ...args], {
      ...base,
      FANSPOLE_HOME: run.tmp.dir,
      DATABASE_URL: '',
      ...env,
    })
    let stdout = ''
    let stderr = ''
    proc.stdout?.on('data', (chunk) => {
      stdout += chunk
    })
    proc.stderr?.on('data', (chunk) => {
      stderr += chunk
    })
    return new Promise<{ doc?: any; code?: number | null; stdout: string; stderr: string }>((resolve) => {
      proc.stdout?.on('data', () => {
        try {
          // The server's document has its port; a refusal's ({error, code}) waits for the exit.
          const doc = JSON.parse(stdout)
          if (doc.port) resolve({ doc, stdout, stderr })
        } catch {
          // not complete yet
        }
      })
      proc.on('exit', (code) => resolve({ code, stdout, stderr }))
    })
  }

  const signIn = async (port: number, email: string, password: string) =>
    (
      await fetch(`http://127.0.0.1:${port}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-fanspole-client': 'cli' },
        body: JSON.stringify({ grant_type: 'password', email, password }),
      })
    ).status

  async function stop() {
    const proc = run.child
    if (!proc || proc.exitCode !== null) return
    const exited = new Promise((resolve) => proc.on('exit', resolve))
    proc.kill('SIGINT')
    await exited
  }

  it('refuses --host 0.0.0.0 with the README password (exit 1, says what to do), on a new database and on one seeded on 127.0.0.1', async () => {
    const fresh = await serve(['--host', '0.0.0.0'])
    expect(fresh.code).toBe(1)
    expect(JSON.parse(fresh.stdout)).toMatchObject({ code: 'README_PASSWORD', status: null })
    expect(fresh.stderr).toContain(
      'error: Not serving on 0.0.0.0: the admin account admin@fanspole.local would be seeded with a password printed in the README, and anyone on this network could sign in with it and act as admin\n',
    )
    expect(fresh.stderr).toContain(
      'Give the admin a password of your own with FANSPOLE_ADMIN_PASSWORD=<password>, or start with --admin-password generate to have one made and printed once',
    )
    // Seeded on 127.0.0.1 first: the stored password is the README's, and that is refused too.
    const local = await serve([])
    expect(local.doc.accounts.admin).toEqual({
      email: 'admin@fanspole.local',
      password: 'admin-pass-2026',
      new_password: false,
    })
    await stop()
    const old = await serve(['--host', '0.0.0.0'])
    expect(old.code).toBe(1)
    expect(old.stderr).toContain(
      'the admin account admin@fanspole.local still has a password printed in the README',
    )
    // A bad value of the flag is a usage error.
    expect((await serve(['--host', '0.0.0.0', '--admin-password', 'hunter2'])).code).toBe(2)
  })

  it('starts with FANSPOLE_ADMIN_PASSWORD, which it does not print; the demo player gets a new password', async () => {
    const { doc, stderr } = await serve(['--host', '0.0.0.0'], { FANSPOLE_ADMIN_PASSWORD: 'staff-room-42' })
    expect(doc, stderr).toBeDefined()
    expect(doc.accounts.admin).toEqual({ email: 'admin@fanspole.local', password: null, new_password: false })
    expect(doc.accounts.demo.new_password).toBe(true)
    expect(await signIn(doc.port, 'admin@fanspole.local', 'staff-room-42')).toBe(200)
    expect(await signIn(doc.port, 'admin@fanspole.local', 'admin-pass-2026')).toBe(401)
    expect(await signIn(doc.port, 'demo@fanspole.local', 'demo-pass-2026')).toBe(401)
    expect(await signIn(doc.port, 'demo@fanspole.local', doc.accounts.demo.password)).toBe(200)
  })

  it('--admin-password generate prints a password that signs in (the README one does not), and the CLI here can act as admin', async () => {
    const { doc, stderr } = await serve(['--host', '0.0.0.0', '--admin-password', 'generate'])
    expect(doc, stderr).toBeDefined()
    const admin = doc.accounts.admin
    expect(admin).toMatchObject({ email: 'admin@fanspole.local', new_password: true })
    expect(admin.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    expect(doc.accounts.demo_users_password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    expect(await signIn(doc.port, admin.email, admin.password)).toBe(200)
    expect(await signIn(doc.port, admin.email, 'admin-pass-2026')).toBe(401)
    // Signed in and kept for this machine's CLI: an admin command works without the password.
    const server = `http://127.0.0.1:${doc.port}`
    expect(stderr).toContain(
      `The command line on this machine is signed in to ${server} as admin@fanspole.local`,
    )
    const clock = await runCli(['clock', '--json', '--server', server], { FANSPOLE_HOME: run.tmp.dir })
    expect(clock.code, clock.stderr).toBe(0)
    // Elsewhere (no session, no FANSPOLE_ADMIN_PASSWORD) the CLI says exactly what it needs.
    const other = tempDir('fanspole-home-')
    try {
      const refused = await runCli(['clock', '--server', server], { FANSPOLE_HOME: other.dir })
      exits(refused, 1, `refused the README's password for the admin admin@fanspole.local`)
      expect(refused.stderr).toContain(`fanspole login --email admin@fanspole.local --server ${server}`)
      const withEnv = await runCli(['clock', '--json', '--server', server], {
        FANSPOLE_HOME: other.dir,
        FANSPOLE_ADMIN_PASSWORD: admin.password,
      })
      expect(withEnv.code, withEnv.stderr).toBe(0)
    } finally {
      other.remove()
    }
    // The next start (no flag) finds the admin safe and starts, printing no password.
    await stop()
    const again = await serve(['--host', '0.0.0.0'])
    expect(again.doc?.accounts.admin).toEqual({
      email: 'admin@fanspole.local',
      password: null,
      new_password: false,
    })
  })
})
