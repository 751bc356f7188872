import { describe, expect, it } from 'vitest'
import type { SimTeam, TimedEvent } from '../../../server/sim'
import { fixtureTeams, ofType, quantile, START_MS, simulate } from './sim.fixtures'

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b)

describe('F1 simulator', () => {
  it('orders every lap as a permutation of the drivers still running, and finishes in the last lap order', () => {
    const drivers = fixtureTeams('f1').flatMap((t) => t.players.map((p) => p.id))
    expect(drivers).toHaveLength(22)
    for (let seed = 0; seed < 40; seed++) {
      const events = simulate('f1', 'Race', seed)
      expect(events[0]?.event.type).toBe('grid')
      const grid = ofType(events, 'grid')[0]?.order as number[]
      expect(sorted(grid)).toEqual(sorted(drivers))
      const running = new Set(grid)
      let lap = 0
      let lastOrder = grid
      for (const e of events.slice(1).map((x) => x.event)) {
        if (e.type === 'dnf') {
          expect(running.has(e.driver_id)).toBe(true)
          expect(e.lap).toBe(lap + 1)
          running.delete(e.driver_id)
        } else if (e.type === 'lap') {
          expect(e.lap).toBe(++lap)
          expect(sorted(e.order)).toEqual(sorted([...running]))
          lastOrder = e.order
        }
      }
      expect(lap).toBeGreaterThanOrEqual(50)
      expect(lap).toBeLessThanOrEqual(60)
      const finish = ofType(events, 'finish')
      expect(finish).toHaveLength(1)
      expect(finish[0]?.order).toEqual(lastOrder)
      const fastest = ofType(events, 'fastest_lap')
      expect(fastest).toHaveLength(1)
      expect(lastOrder).toContain(fastest[0]?.driver_id)
      expect(fastest[0]?.lap).toBeLessThanOrEqual(lap)
      expect(events.at(-1)?.event.type).toBe('finish')
    }
  })

  it('drops retired drivers: a few DNFs a race on average', () => {
    const dnfs = Array.from({ length: 100 }, (_, seed) => ofType(simulate('f1', 'Race', seed), 'dnf').length)
    const mean = dnfs.reduce((a, b) => a + b, 0) / dnfs.length
    expect(mean).toBeGreaterThan(0.5)
    expect(mean).toBeLessThan(4)
    expect(Math.max(...dnfs)).toBeLessThan(10)
  })

  it('puts the faster drivers at the front, with overtakes along the way', () => {
    const teams = fixtureTeams('f1')
    const worth = new Map(teams.flatMap((t: SimTeam) => t.players.map((p) => [p.id, p.value_tenths])))
    const best = new Set(
      [...worth]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([id]) => id),
    )
    let poles = 0
    let wins = 0
    let changes = 0
    for (let seed = 0; seed < 60; seed++) {
      const events = simulate('f1', 'Race', seed)
      if (best.has(ofType(events, 'grid')[0]?.order[0] as number)) poles++
      if (best.has(ofType(events, 'finish')[0]?.order[0] as number)) wins++
      const laps = ofType(events, 'lap')
      for (let i = 1; i < laps.length; i++)
        if (laps[i]?.order.join() !== laps[i - 1]?.order.filter((id) => laps[i]?.order.includes(id)).join())
          changes++
    }
    // The four best of 22 would take about 18% of poles and wins by chance.
    expect(poles / 60).toBeGreaterThan(0.4)
    expect(wins / 60).toBeGreaterThan(0.4)
    expect(changes / 60).toBeGreaterThan(10)
  })

  it('runs a lap every 85–100 s of game time after the formation lap', () => {
    const events = simulate('f1', 'Race', 2)
    const laps = events.filter((e) => e.event.type === 'lap')
    const first = laps[0] as TimedEvent
    expect(first.atMs - START_MS).toBeGreaterThan(3 * 60_000 + 85_000)
    const gaps = laps.slice(1).map((e, i) => (e.atMs - (laps[i]?.atMs as number)) / 1000)
    expect(quantile(gaps, 0.5)).toBeGreaterThanOrEqual(83)
    expect(quantile(gaps, 0.5)).toBeLessThanOrEqual(100)
  })

  it('leaves out a driver announced as not racing', () => {
    const teams = fixtureTeams('f1')
    const out = teams[0]?.players[0]?.id as number
    const adjusted = teams.map((t) => ({
      ...t,
      players: t.players.map((p) => ({ ...p, in_lineup: p.id !== out })),
    }))
    const events = simulate('f1', 'Race', 1, adjusted)
    expect(ofType(events, 'grid')[0]?.order).toHaveLength(21)
    expect(ofType(events, 'grid')[0]?.order).not.toContain(out)
  })
})
