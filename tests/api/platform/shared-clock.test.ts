import { describe, expect, it } from 'vitest'
import { changeClock, loadClockAnchor, saveClockAnchor } from '../../../server/areas/clock/service'
import { eventually } from '../../helpers/cable'
import { TEST_DIALECT } from '../../helpers/db'
import { twoNodesForTests } from '../../helpers/two-nodes'

// One clock for every process on one PostgreSQL (docs/architecture.md, "Several processes"):
// two nodes' deps on one database, in one test process, with wall clocks at the same instant.
describe.skipIf(TEST_DIALECT !== 'postgres')('one clock for two nodes', () => {
  const nodes = twoNodesForTests()

  it('a change through one node moves the other, whose scheduler hears it', async () => {
    const heardOnB: number[] = []
    const stop = nodes.b.deps.clock.onChange(({ current }) => heardOnB.push(current.speed))
    const state = await changeClock(nodes.a.deps, { speed: 60, advance_ms: 3_600_000 })
    await eventually(() => nodes.b.deps.clock.state().speed === 60, 5000, 'B at speed 60')
    expect(nodes.b.deps.clock.state()).toEqual(state)
    expect(heardOnB).toEqual([60])
    nodes.a.wall.advance(1_000)
    nodes.b.wall.advance(1_000)
    expect(nodes.b.deps.clock.now()).toBe(nodes.a.deps.clock.now())
    stop()
  })

  it('changes racing from both nodes end in the same state everywhere: the last stored wins', async () => {
    const changes = [
      changeClock(nodes.a.deps, { speed: 2 }),
      changeClock(nodes.b.deps, { speed: 3 }),
      changeClock(nodes.a.deps, { advance_ms: 60_000 }),
      changeClock(nodes.b.deps, { paused: true }),
      changeClock(nodes.a.deps, { speed: 5 }),
      changeClock(nodes.b.deps, { advance_ms: 120_000 }),
    ]
    await Promise.all(changes)
    const stored = await loadClockAnchor(nodes.a.deps.db)
    expect(stored?.version).toBeGreaterThanOrEqual(7)
    await eventually(
      () =>
        nodes.a.deps.clock.anchor().version === stored?.version &&
        nodes.b.deps.clock.anchor().version === stored?.version,
      5000,
      'both nodes on the last stored change',
    )
    expect(nodes.a.deps.clock.anchor()).toEqual(stored)
    expect(nodes.b.deps.clock.anchor()).toEqual(stored)
    // Every change built on the one before it: both advances and the pause are all there.
    expect(stored?.paused).toBe(true)
    expect(nodes.a.deps.clock.state()).toEqual(nodes.b.deps.clock.state())
  })

  it('a node shutting down with an older clock does not overwrite the stored one', async () => {
    const stale = { ...nodes.a.deps.clock.anchor(), version: 1, speed: 1 }
    const before = await loadClockAnchor(nodes.a.deps.db)
    await saveClockAnchor(nodes.b.deps.db, stale)
    expect(await loadClockAnchor(nodes.a.deps.db)).toEqual(before)
  })

  it('refuses a backwards jump against the stored clock, not the node’s own', async () => {
    const now = nodes.a.deps.clock.now()
    await expect(changeClock(nodes.b.deps, { now_in_millis: now - 1 })).rejects.toMatchObject({
      code: 'CLOCK_BACKWARDS',
    })
  })
})
