import { spawn } from 'node:child_process'
import path from 'node:path'
import { Readable, Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIo } from '../../../cli/lib/io'
import { main } from '../../../cli/main'
import { firstBall } from '../../helpers/league'
import { cricketMatch, type LeagueCliWorld, leagueCliWorld, oneBall } from '../match-world'

const root = path.resolve(import.meta.dirname, '..', '..', '..')
const bin = path.join(root, 'cli', 'bin', 'fanspole.mjs')

let world: LeagueCliWorld
beforeAll(async () => {
  world = await leagueCliWorld()
})
afterAll(() => world.close())

/** The n-th upcoming T20 match, started, and a way to score the next ball of it. */
async function liveMatch(n: number) {
  const { match } = await cricketMatch(world, n)
  await world.api.post(`/api/admin/matches/${match.id}/start`, undefined, world.adminToken)
  const ball = await firstBall(world.server.deps, match.id, 1)
  return {
    id: match.id as number,
    async score() {
      const { events } = await oneBall(world, match.id, ball)
      const res = await world.api.post(`/api/admin/matches/${match.id}/events`, { events }, world.adminToken)
      expect(res.status).toBe(200)
    },
  }
}

/** stdout of `… | head -n 1`: takes one line, then its reader is gone (EPIPE on every later write). */
class HeadOne extends Writable {
  text = ''
  override _write(chunk: Buffer, _encoding: string, done: (error?: Error | null) => void) {
    if (this.text.includes('\n'))
      return done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE', errno: -32, syscall: 'write' }))
    this.text += chunk.toString()
    done()
  }
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('match show --watch | head', () => {
  it('ends quietly with exit 0 when the reader of stdout goes away (in-process)', async () => {
    const match = await liveMatch(10)
    const stdout = new HeadOne()
    let stderr = ''
    const errors = new Writable({
      write(chunk, _encoding, done) {
        stderr += chunk.toString()
        done()
      },
    })
    const io = createIo({ stdout, stderr: errors, stdin: Readable.from([]), env: { ...world.env } })
    const running = main(['match', 'show', String(match.id), '--watch'], io)
    await until(() => stdout.text.includes('\n'), 'the first line')
    await match.score()
    expect(await running).toBe(0)
    // Nothing but the note that /cable was opened as the default admin (no stored session).
    expect(stderr.replace(/^note: signed in to .* as the default admin .*\n/, '')).toBe('')
    expect(stdout.text.split('\n')[0]).toMatch(/: live/)
  })

  it('ends quietly with exit 0 when the pipe closes (the real executable)', async () => {
    const match = await liveMatch(11)
    const child = spawn(process.execPath, [bin, 'match', 'show', String(match.id), '--watch'], {
      cwd: root,
      env: { ...process.env, ...world.env, NO_COLOR: '1' },
    })
    let stdout = ''
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk) => {
        stdout += chunk
        if (stdout.includes('\n')) resolve()
      }),
    )
    // What `head -n 1` does after its line: close its end of the pipe.
    child.stdout.destroy()
    await match.score()
    expect(await exited).toBe(0)
    expect(stderr).toBe('')
    expect(stdout.split('\n')[0]).toMatch(/: live/)
  }, 60_000)

  it('ends with exit 0 when `| head -n 1` goes away while the watch is idle (no write to fail)', async () => {
    const match = await liveMatch(12)
    // A real shell pipeline (a pipe, not a socket), and nothing scored after the first line.
    const child = spawn(
      'bash',
      ['-c', `set -o pipefail; "${process.execPath}" "${bin}" match show ${match.id} --watch | head -n 1`],
      { cwd: root, env: { ...process.env, ...world.env, NO_COLOR: '1' }, detached: true },
    )
    // Were it to wait for ever (as it did), the whole pipeline is ended and the test fails.
    const stuck = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 30_000)
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    const exited = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    clearTimeout(stuck)
    expect(stderr.replace(/^note: signed in to .* as the default admin .*\n/, '')).toBe('')
    expect(exited).toBe(0)
    expect(stdout).toMatch(/^.*: live\n$/)
  }, 60_000)
})
