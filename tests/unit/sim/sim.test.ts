import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SportSlug } from '../../../seeds/generators/types'
import { createRng } from '../../../server/domain/rng'
import { type SimFormat, simulatedDurationMs, simulateMatch } from '../../../server/sim'
import { fixtureTeams, problems, START_MS, seededSquads, simulate } from './sim.fixtures'

const CASES: Array<[SportSlug, SimFormat]> = [
  ['cricket', 'T20'],
  ['cricket', 'ODI'],
  ['cricket', 'Test'],
  ['football', 'Match'],
  ['f1', 'Race'],
  ['pubg', 'Match'],
  ['free-fire', 'Match'],
  ['call-of-duty', 'Match'],
]

describe('simulateMatch', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.each(CASES)(
    'generates %s (%s) matches every event of which passes the zod schema and validateEvents',
    (sport, format) => {
      for (let seed = 1; seed <= (format === 'Test' ? 4 : 8); seed++) {
        const teams = fixtureTeams(sport, seed)
        const events = simulate(sport, format, seed, teams)
        expect(events.length).toBeGreaterThan(10)
        expect(problems(sport, format, teams, events)).toEqual([])
      }
    },
  )

  it.each(CASES)(
    'gives %s (%s) the same match for the same seed and a different one for another seed',
    (sport, format) => {
      const a = simulate(sport, format, 7)
      expect(simulate(sport, format, 7)).toEqual(a)
      expect(simulate(sport, format, 8, fixtureTeams(sport, 7))).not.toEqual(a)
    },
  )

  it.each(CASES)(
    'puts %s (%s) events in time order from the start, with seq left to the server',
    (sport, format) => {
      const events = simulate(sport, format, 3)
      expect(events[0]?.atMs).toBe(START_MS)
      for (let i = 1; i < events.length; i++)
        expect(events[i]?.atMs, `event ${i}`).toBeGreaterThanOrEqual(events[i - 1]?.atMs as number)
      for (const { atMs, event } of events) {
        expect(Number.isInteger(atMs)).toBe(true)
        expect(event.seq).toBeUndefined()
      }
    },
  )

  it.each(CASES)('lasts about simulatedDurationMs for %s (%s)', (sport, format) => {
    const expected = simulatedDurationMs(sport, format)
    const lengths = Array.from({ length: 12 }, (_, seed) => {
      const events = simulate(sport, format, seed)
      return (events.at(-1)?.atMs as number) - START_MS
    })
    const mean = lengths.reduce((a, b) => a + b, 0) / lengths.length
    // A Test's expected length is the full five days: a result usually comes sooner.
    if (format === 'Test') expect(mean).toBeGreaterThan(expected * 0.55)
    else expect(mean).toBeGreaterThan(expected * 0.85)
    expect(Math.max(...lengths)).toBeLessThan(expected * 1.2)
  })

  it('gives the scheduler each format its own length', () => {
    expect(simulatedDurationMs('cricket', 'T20')).toBe(200 * 60_000)
    expect(simulatedDurationMs('cricket', null)).toBe(simulatedDurationMs('cricket', 'T20'))
    expect(simulatedDurationMs('cricket', 'ODI')).toBeGreaterThan(simulatedDurationMs('cricket', 'T20'))
    expect(simulatedDurationMs('cricket', 'Test')).toBeGreaterThan(4 * 24 * 3_600_000)
    expect(simulatedDurationMs('pubg', 'Match')).toBe(simulatedDurationMs('call-of-duty', 'Match'))
  })

  it('never reads the wall clock or Math.random', () => {
    const random = vi.spyOn(Math, 'random')
    const now = vi.spyOn(Date, 'now')
    for (const [sport, format] of CASES) simulate(sport, format, 11)
    expect(random).not.toHaveBeenCalled()
    expect(now).not.toHaveBeenCalled()
  })

  it('refuses a field of the wrong size with a clear error', () => {
    const rng = createRng(1).stream('sim')
    const run = (sportSlug: string, teams: ReturnType<typeof fixtureTeams>) => () =>
      simulateMatch({ sportSlug, format: null, startMs: START_MS, teams, rng })
    const cricket = seededSquads().cricket
    expect(run('cricket', cricket.slice(0, 3))).toThrow('cricket needs exactly 2 teams, got 3')
    expect(run('football', seededSquads().football.slice(0, 1))).toThrow(
      'football needs exactly 2 teams, got 1',
    )
    expect(run('f1', [{ team_id: 1, players: [] }])).toThrow('a race needs at least 2 drivers, got 0')
    expect(run('pubg', seededSquads().pubg.slice(0, 1))).toThrow(
      'a battle-royale match needs at least 2 squads, got 1',
    )
  })

  it('generates a T20 in well under 20 ms and a Test in well under 300 ms', () => {
    const time = (format: SimFormat) => {
      simulate('cricket', format, 99)
      const runs = Array.from({ length: 9 }, (_, seed) => {
        const t0 = performance.now()
        simulate('cricket', format, seed)
        return performance.now() - t0
      })
      return runs.sort((a, b) => a - b)[4] as number
    }
    expect(time('T20')).toBeLessThan(20)
    expect(time('Test')).toBeLessThan(300)
  })
})
