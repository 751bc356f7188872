import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client } from '../../helpers/http'
import { seedLeague } from '../../helpers/league'
import { type CliWorld, cliWorld } from '../helpers'

/**
 * Ctrl-C during `fanspole auction run --server` puts the server's clock back
 * and pauses the auction it started, instead of leaving the clock fast and the auction running.
 * The real executable in a child process, a real SIGINT, the result read through the API.
 */

const root = path.resolve(import.meta.dirname, '..', '..', '..')
const bin = path.join(root, 'cli', 'bin', 'fanspole.mjs')

let world: CliWorld
let child: ChildProcess | undefined
beforeAll(async () => {
  world = await cliWorld()
  const deps = world.server.deps
  await seedLeague(deps)
})
afterAll(async () => {
  child?.kill('SIGKILL')
  await world.close()
})

describe('fanspole auction run --server, interrupted', () => {
  it('puts the clock back and pauses the auction on Ctrl-C', { timeout: 120_000 }, async () => {
    const api = client(world.server.deps)
    const admin = await api.admin()
    const speedBefore = (await api.get('/api/admin/clock', admin.token)).body.speed
    let stderr = ''
    const proc = spawn(
      process.execPath,
      [bin, 'auction', 'run', '--server', world.server.url, '--bots', '2', '--speed', '7'],
      { cwd: root, env: { ...process.env, ...world.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child = proc
    proc.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
    // Under way: the auction's open round running and the clock at the run's speed.
    let auction: { id: number; status: string } | undefined
    while (!auction) {
      const row = await world.server.deps.db
        .selectFrom('auctions')
        .select(['id', 'status'])
        .where('name', 'like', 'Bot auction%')
        .executeTakeFirst()
      const clock = (await api.get('/api/admin/clock', admin.token)).body
      if (row?.status === 'open' && clock.speed === 7) auction = row
      else await new Promise((r) => setTimeout(r, 100))
    }
    proc.kill('SIGINT')
    expect(await exited).toBe(130)
    const clock = (await api.get('/api/admin/clock', admin.token)).body
    expect(clock.speed).toBe(speedBefore)
    const shown = (await api.get(`/api/auctions/${auction.id}`, admin.token)).body.new_auction
    expect(shown).toMatchObject({ status: 'paused', paused: true, phase: 'open' })
    expect(stderr).toContain(`Interrupted: the clock on ${world.server.url} is back at ×${speedBefore}`)
    expect(stderr).toContain(`auction ${auction.id} is paused`)
  })
})
