import { type ChildProcess, execFile, spawn } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { migrations } from '../../../server/db/migrations'
import { exits, tempDir } from '../helpers'

const root = path.resolve(import.meta.dirname, '..', '..', '..')
const bin = path.join(root, 'cli', 'bin', 'fanspole.mjs')
const exec = promisify(execFile)

let tmp: ReturnType<typeof tempDir>
let env: NodeJS.ProcessEnv
beforeEach(() => {
  tmp = tempDir()
  env = { ...process.env, FANSPOLE_HOME: tmp.dir, FANSPOLE_DB: path.join(tmp.dir, 'unused.sqlite') }
})
afterEach(() => tmp.remove())

/** Runs the real executable (the esbuild bundle, rebuilt first if a source is newer). */
async function fanspole(args: string[]) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [bin, ...args], { cwd: root, env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

describe('the fanspole executable', () => {
  it('prints the help', async () => {
    const r = await fanspole(['--help'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^Usage: fanspole \[options\] \[command\]/)
    expect(r.stdout).toMatch(/^ {2}serve \[options\] +run the product/m)
  })

  it('exits 2 on a usage error', async () => {
    const r = await fanspole(['seed', '--users', 'many'])
    exits(r, 2, 'error: --users: expected a number of users (a whole number), got "many"')
  })

  it('migrates a database and prints one JSON document', async () => {
    const db = path.join(tmp.dir, 'bin.sqlite')
    const r = await fanspole(['db', 'migrate', '--db', db, '--json'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({
      database: db,
      applied: Object.keys(migrations),
      migrations: Object.keys(migrations).length,
    })
  })
})

describe('fanspole serve', () => {
  let child: ChildProcess | undefined
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL')
  })

  it('serves /api and /cable on one port and exits 0 on SIGINT', async () => {
    const db = path.join(tmp.dir, 'serve.sqlite')
    child = spawn(
      process.execPath,
      [bin, 'serve', '--port', '0', '--db', db, '--no-seed', '--no-web', '--json'],
      {
        cwd: root,
        env,
      },
    )
    const proc = child
    let stdout = ''
    let stderr = ''
    proc.stderr?.on('data', (chunk) => {
      stderr += chunk
    })
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
    // The one JSON document arrives once the server listens.
    const started = await new Promise<any>((resolve, reject) => {
      proc.stdout?.on('data', (chunk) => {
        stdout += chunk
        try {
          resolve(JSON.parse(stdout))
        } catch {
          // not complete yet
        }
      })
      exited.then((code) => reject(new Error(`serve exited with ${code}: ${stderr}`)))
    })
    expect(started).toMatchObject({
      database: db,
      seeded: null,
      demo_league: false,
      accounts: null,
      pid: proc.pid,
    })
    expect(started.url).toBe(`http://127.0.0.1:${started.port}/`)
    expect(started.api_docs).toBe(`http://127.0.0.1:${started.port}/api/docs`)
    expect(started.cable).toBe(`ws://127.0.0.1:${started.port}/cable`)

    const health = await fetch(`${started.url}api/health.json`)
    expect(health.status).toBe(200)
    expect((await fetch(started.api_docs)).status).toBe(200)

    // A signed-in /cable client is told to reconnect when the server shuts down.
    const signup = { email: 'cable@example.test', username: 'cable_fan', password: 'cable-pass-1' }
    const registered = await fetch(`${started.url}api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signup),
    })
    expect(registered.status).toBe(201)
    const token = await fetch(`${started.url}oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fanspole-client': 'cli' },
      body: JSON.stringify({ grant_type: 'password', email: signup.email, password: signup.password }),
    }).then((r) => r.json() as Promise<{ access_token: string }>)
    const frames: any[] = []
    const socket = new WebSocket(`${started.cable}?access_token=${token.access_token}`, [
      'actioncable-v1-json',
    ])
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data))
        frames.push(frame)
        if (frame.type === 'welcome') resolve()
      })
      socket.on('error', reject)
    })

    proc.kill('SIGINT')
    expect(await exited).toBe(0)
    await closed
    expect(frames).toContainEqual({ type: 'disconnect', reason: 'server_restart', reconnect: true })
    expect(stderr).toContain('SIGINT: shutting down')
    expect(stderr).toContain('Stopped.')
  })
})
