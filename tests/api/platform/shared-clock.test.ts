import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeClock, loadClockAnchor, saveClockAnchor } from '../../../server/areas/clock/service'
import { eventually } from '../../helpers/cable'
import { durableDatabase, TEST_DIALECT } from '../../helpers/db'
import { type TestWorld, testWorld } from '../../helpers/deps'

// One clock for every process on one PostgreSQL (docs/architecture.md, "Several processes"):
// two nodes' deps on one database, in one test process, with wall clocks at the same instant.
describe.skipIf(TEST_DIALECT !== 'postgres')('one clock for two nodes', () => {
  let database: Awaited<ReturnType<typeof durableDatabase>>
  let a: TestWorld
  let b: TestWorld

  beforeAll(async () => {
    database = await durableDatabase('clock')
    a = await testWorld(database.config)
    b = await testWorld(database.config)
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await database?.drop()
  })

  it('a change through one node moves the other, whose scheduler hears it', async () => {
    const heardOnB: number[] = []
    const stop = b.deps.clock.onChange(({ current }) => heardOnB.push(current.speed))
    const state = await changeClock(a.deps, { speed: 60, advance_ms: 3_600_000 })
    await eventually(() => b.deps.clock.state().speed === 60, 5000, 'B at speed 60')
    expect(b.deps.clock.state()).toEqual(state)
    expect(heardOnB).toEqual([60])
    a.wall.advance(1_000)
    b.wall.advance(1_000)
    expect(b.deps.clock.now()).toBe(a.deps.clock.now())
    stop()
  })

  it('changes racing from both nodes end in the same state everywhere: the last stored wins', async () => {
    const changes = [
      changeClock(a.deps, { speed: 2 }),
      changeClock(b.deps, { speed: 3 }),
      changeClock(a.deps, { advance_ms: 60_000 }),
      changeClock(b.deps, { paused: true }),
      changeClock(a.deps, { speed: 5 }),
      changeClock(b.deps, { advance_ms: 120_000 }),
    ]
    await Promise.all(changes)
    const stored = await loadClockAnchor(a.deps.db)
    expect(stored?.version).toBeGreaterThanOrEqual(7)
    await eventually(
      () =>
        a.deps.clock.anchor().version === stored?.version &&
        b.deps.clock.anchor().version === stored?.version,
      5000,
      'both nodes on the last stored change',
    )
    expect(a.deps.clock.anchor()).toEqual(stored)
    expect(b.deps.clock.anchor()).toEqual(stored)
    // Every change built on the one before it: both advances and the pause are all there.
    expect(stored?.paused).toBe(true)
    expect(a.deps.clock.state()).toEqual(b.deps.clock.state())
  })

  it('a node shutting down with an older clock does not overwrite the stored one', async () => {
    const stale = { ...a.deps.clock.anchor(), version: 1, speed: 1 }
    const before = await loadClockAnchor(a.deps.db)
    await saveClockAnchor(b.deps.db, stale)
    expect(await loadClockAnchor(a.deps.db)).toEqual(before)
  })

  it('refuses a backwards jump against the stored clock, not the node’s own', async () => {
    const now = a.deps.clock.now()
    await expect(changeClock(b.deps, { now_in_millis: now - 1 })).rejects.toMatchObject({
      code: 'CLOCK_BACKWARDS',
    })
  })
})
