import { type ChildProcess, spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chooseHost, lanUrls, lanWarning } from '../../cli/lib/lan'
import { loadConfig } from '../../server/config'
import { tempDir } from './helpers'

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

describe('fanspole serve --host (the real executable)', () => {
  const root = path.resolve(import.meta.dirname, '..', '..')
  const bin = path.join(root, 'cli', 'bin', 'fanspole.mjs')
  let tmp: ReturnType<typeof tempDir>
  let child: ChildProcess | undefined
  beforeEach(() => {
    tmp = tempDir()
  })
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL')
    tmp.remove()
  })

  /** Starts serve, resolves with its JSON document and what it wrote on stderr so far. */
  function serve(args: string[], env: NodeJS.ProcessEnv) {
    const db = path.join(tmp.dir, 'serve.sqlite')
    const { HOST: _drop, ...base } = process.env
    const proc = spawn(
      process.execPath,
      [bin, 'serve', '--port', '0', '--db', db, '--no-seed', '--no-web', '--json', ...args],
      { cwd: root, env: { ...base, FANSPOLE_HOME: tmp.dir, ...env } },
    )
    child = proc
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
