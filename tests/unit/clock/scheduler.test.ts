import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestWorld, testWorld } from '../../helpers/deps'

let world: TestWorld
beforeEach(async () => {
  world = await testWorld()
})
afterEach(async () => {
  await world.deps.scheduler.stop()
  await world.close()
})

describe('scheduler on the game clock', () => {
  it('fires every job that falls due in a jump, in time order, with its own instant', async () => {
    const { deps } = world
    const fired: Array<{ name: string; at: number; now: number }> = []
    deps.scheduler.register('test.record', async (job) => {
      fired.push({ name: String(job.payload.name), at: job.run_at_ms, now: deps.clock.now() })
    })
    const t0 = deps.clock.now()
    const record = (name: string, inMs: number) =>
      deps.scheduler.schedule(deps.db, { kind: 'test.record', runAtMs: t0 + inMs, payload: { name } })
    await record('third', 3_000)
    await record('first', 1_000)
    await record('second', 2_000)
    await record('later', 60_000)
    deps.scheduler.start()
    expect(await deps.scheduler.runDue()).toBe(0)

    deps.clock.set({ advance_ms: 5_000 })
    await deps.scheduler.runDue()
    expect(fired.map((f) => f.name)).toEqual(['first', 'second', 'third'])
    expect(fired.map((f) => f.at)).toEqual([t0 + 1_000, t0 + 2_000, t0 + 3_000])
    expect(fired.every((f) => f.now === t0 + 5_000)).toBe(true)

    const rows = await deps.db.selectFrom('scheduled_jobs').select(['status']).orderBy('run_at_ms').execute()
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'pending'])
  })

  it('moves a job with the same unique key instead of adding a second one, and cancels by key', async () => {
    const { deps } = world
    const fired: number[] = []
    deps.scheduler.register('test.lock', async (job) => {
      fired.push(job.run_at_ms)
    })
    const t0 = deps.clock.now()
    await deps.scheduler.schedule(deps.db, {
      kind: 'test.lock',
      runAtMs: t0 + 1_000,
      uniqueKey: 'match:1:lock',
    })
    await deps.scheduler.schedule(deps.db, {
      kind: 'test.lock',
      runAtMs: t0 + 2_000,
      uniqueKey: 'match:1:lock',
    })
    await deps.scheduler.schedule(deps.db, {
      kind: 'test.lock',
      runAtMs: t0 + 1_500,
      uniqueKey: 'match:2:lock',
    })
    await deps.scheduler.cancel(deps.db, 'match:2:lock')
    deps.clock.set({ advance_ms: 10_000 })
    await deps.scheduler.runDue()
    expect(fired).toEqual([t0 + 2_000])
  })

  it('records a failing job as failed with its error and carries on with the next', async () => {
    const { deps } = world
    const ran: string[] = []
    deps.scheduler.register('test.boom', async () => {
      throw new Error('kaboom')
    })
    deps.scheduler.register('test.ok', async () => {
      ran.push('ok')
    })
    const t0 = deps.clock.now()
    await deps.scheduler.schedule(deps.db, { kind: 'test.boom', runAtMs: t0 + 1 })
    await deps.scheduler.schedule(deps.db, { kind: 'test.ok', runAtMs: t0 + 2 })
    deps.clock.set({ advance_ms: 10 })
    expect(await deps.scheduler.runDue()).toBe(2)
    expect(ran).toEqual(['ok'])
    const failed = await deps.db
      .selectFrom('scheduled_jobs')
      .selectAll()
      .where('kind', '=', 'test.boom')
      .executeTakeFirstOrThrow()
    expect(failed.status).toBe('failed')
    expect(failed.last_error).toBe('kaboom')
  })

  it('fires on its own timer when the clock runs (no jump needed)', async () => {
    const { deps } = world
    // Real timers: a fast clock makes a 10-minute job due within a few real milliseconds.
    deps.clock.set({ speed: 10_000 })
    let resolve: (at: number) => void = () => {}
    const fired = new Promise<number>((r) => {
      resolve = r
    })
    deps.scheduler.register('test.timer', async (job) => resolve(job.run_at_ms))
    const at = deps.clock.now() + 600_000
    await deps.scheduler.schedule(deps.db, { kind: 'test.timer', runAtMs: at })
    deps.scheduler.start()
    // The manual wall clock only moves when told: move it 60 ms so 600 s of game time pass.
    world.wall.advance(60)
    deps.scheduler.kick()
    expect(await fired).toBe(at)
  })
})

describe('scheduler timers', () => {
  it('leaves no timer behind after stop, however many re-arms were in flight', async () => {
    const { deps } = world
    const fired: number[] = []
    deps.scheduler.register('test.late', async (job) => {
      fired.push(job.run_at_ms)
    })
    await deps.scheduler.schedule(deps.db, { kind: 'test.late', runAtMs: deps.clock.now() + 30 })
    deps.scheduler.start()
    // Several re-arms at once, as commits that each kick the scheduler do.
    for (let i = 0; i < 5; i++) deps.scheduler.kick()
    await new Promise((resolve) => setTimeout(resolve, 5))
    await deps.scheduler.stop()
    // The job is due now; a timer that outlived stop() would run it (on a closing database).
    world.wall.advance(1_000)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(fired).toEqual([])
  })
})
