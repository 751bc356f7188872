import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type CliWorld, cliWorld, runCli } from '../helpers'

let world: CliWorld
beforeEach(async () => {
  world = await cliWorld()
})
afterEach(() => world.close())

const HOUR = 3_600_000

describe('fanspole clock', () => {
  it('shows the game clock as JSON', async () => {
    const r = await runCli(['clock', '--json'], world.env)
    expect(r.code).toBe(0)
    const state = r.json()
    expect(Object.keys(state).sort()).toEqual(['now', 'now_in_millis', 'paused', 'speed'])
    expect(state).toMatchObject({ speed: 1, paused: false })
    expect(new Date(state.now).getTime()).toBe(state.now_in_millis)
  })

  it('pauses, then advances by exactly the duration given', async () => {
    const paused = await runCli(['clock', '--pause', '--json'], world.env)
    expect(paused.code).toBe(0)
    expect(paused.json().paused).toBe(true)
    const r = await runCli(['clock', '--advance', '2h', '--json'], world.env)
    expect(r.code).toBe(0)
    expect(r.json().now_in_millis).toBe(paused.json().now_in_millis + 2 * HOUR)
    const combined = await runCli(['clock', '--advance', '1h30m', '--speed', '60', '--json'], world.env)
    expect(combined.json()).toMatchObject({ now_in_millis: r.json().now_in_millis + 1.5 * HOUR, speed: 60 })
    expect(world.server.deps.clock.state()).toMatchObject({ speed: 60, paused: true })
  })

  it('jumps to an ISO instant and to epoch milliseconds', async () => {
    await runCli(['clock', '--pause'], world.env)
    const iso = await runCli(['clock', '--jump', '2031-01-02T03:04:05Z', '--json'], world.env)
    expect(iso.code).toBe(0)
    expect(iso.json()).toMatchObject({
      now: '2031-01-02T03:04:05.000Z',
      now_in_millis: Date.UTC(2031, 0, 2, 3, 4, 5),
    })
    const ms = Date.UTC(2031, 5, 1)
    const epoch = await runCli(['clock', '--jump', String(ms), '--json'], world.env)
    expect(epoch.json().now_in_millis).toBe(ms)
  })

  it('refuses to jump backwards with the server’s 409', async () => {
    const r = await runCli(['clock', '--jump', '2001-01-01T00:00:00Z'], world.env)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error: 409 CLOCK_BACKWARDS: /m)
  })

  it('resumes and prints a readable state', async () => {
    await runCli(['clock', '--pause'], world.env)
    const r = await runCli(['clock', '--resume'], world.env)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^now +\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC {2}\(\d+\)$/m)
    expect(r.stdout).toMatch(/^speed +1×$/m)
    expect(r.stdout).toMatch(/^state +running$/m)
    // Not a terminal: no colour escapes.
    expect(r.stdout).not.toContain('\u001b[')
  })
})
