import { describe, expect, it } from 'vitest'
import { around, DAY, HOUR, MINUTE, pairings, roundRobin } from '../../../seeds/generators/calendar'
import { buildSeries } from '../../../seeds/generators/fixtures'
import { SeedRandom } from '../../../seeds/generators/random'
import { buildRosters } from '../../../seeds/generators/rosters'
import type { SportSlug } from '../../../seeds/generators/types'

const SPORTS: SportSlug[] = ['cricket', 'football', 'f1', 'pubg', 'free-fire', 'call-of-duty']

/** Nows that stress the calendar: mid-morning, just before and after midnight UTC, a weekend, a leap day. */
const NOWS = [
  Date.UTC(2026, 10, 22, 6, 0),
  Date.UTC(2026, 10, 22, 23, 55),
  Date.UTC(2026, 10, 23, 0, 3),
  Date.UTC(2026, 10, 28, 13, 59),
  Date.UTC(2028, 1, 29, 16, 20, 17),
]

function plan(seed: number, now: number) {
  const random = new SeedRandom(seed)
  const rosters = buildRosters(random)
  return { rosters, series: buildSeries(around(now), random, rosters) }
}

describe('demo league calendar', () => {
  it.each(NOWS)(
    'puts played, about-to-start and upcoming fixtures around now = %d for every sport',
    (now) => {
      const { series } = plan(42, now)
      for (const sport of SPORTS) {
        const matches = series.filter((s) => s.sport === sport).flatMap((s) => s.matches)
        const completed = matches.filter((m) => m.status === 'completed')
        const upcoming = matches.filter((m) => m.status === 'upcoming')
        expect(completed.length, `${sport} played`).toBeGreaterThanOrEqual(3)
        for (const m of completed) {
          expect(m.eventTime).toBeLessThan(now)
          expect(m.eventTime).toBeGreaterThan(now - 15 * DAY)
          expect(m.resultText).toMatch(/\w/)
        }
        for (const m of upcoming) {
          expect(m.eventTime).toBeGreaterThan(now)
          expect(m.resultText).toBeNull()
        }
        const soon = upcoming.filter((m) => m.eventTime - now <= HOUR)
        expect(soon.length, `${sport} about to start`).toBeGreaterThanOrEqual(1)
        for (const m of soon) expect(m.eventTime - now).toBeGreaterThanOrEqual(10 * MINUTE)
        const later = upcoming.filter((m) => m.eventTime - now > HOUR && m.eventTime - now < 10 * DAY)
        expect(later.length, `${sport} in the coming days`).toBeGreaterThanOrEqual(3)
      }
    },
  )

  it('never has a cricket side or a football club playing twice within a day', () => {
    for (const now of NOWS) {
      for (const s of plan(7, now).series.filter((x) => x.sport === 'cricket' || x.sport === 'football')) {
        const last = new Map<string, number>()
        for (const m of [...s.matches].sort((a, b) => a.eventTime - b.eventTime)) {
          for (const key of m.teamKeys) {
            const previous = last.get(key)
            if (previous !== undefined)
              expect(m.eventTime - previous, `${s.name} ${key}`).toBeGreaterThanOrEqual(20 * HOUR)
            last.set(key, m.eventTime)
          }
        }
      }
    }
  })

  it('numbers fixtures in time order within each series and sets the tri-series final from the table', () => {
    const { series } = plan(42, NOWS[0] as number)
    for (const s of series.filter((x) => x.sport !== 'f1')) {
      const sorted = [...s.matches].sort((a, b) => a.eventTime - b.eventTime)
      expect(sorted.map((m) => m.matchNo)).toEqual(sorted.map((_, i) => i + 1))
    }
    const tri = series.find((s) => s.shortName === 'SA Tri-Series')
    const final = tri?.matches.find((m) => m.stage === 'Final')
    expect(final?.status).toBe('upcoming')
    expect(new Set(final?.teamKeys).size).toBe(2)
  })
})

describe('demo league rosters', () => {
  it.each([1, 2, 3, 42, 2026])('leave room for a team within the 100-credit budget (seed %d)', (seed) => {
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
    for (const roster of buildRosters(new SeedRandom(seed))) {
      const values = roster.players.map((p) => p.value).sort((a, b) => a - b)
      if (roster.sport === 'cricket' || roster.sport === 'football') {
        expect(values[0]).toBeGreaterThanOrEqual(70)
        expect(sum(values.slice(0, 11))).toBeLessThanOrEqual(1000)
      } else {
        // Five-player sports: the cheapest five fit, the best five do not.
        expect(sum(values.slice(0, 5)), roster.sport).toBeLessThanOrEqual(1000)
        expect(sum(values.slice(-5)), roster.sport).toBeGreaterThan(1000)
      }
      expect(new Set(roster.players.map((p) => p.name)).size).toBe(roster.players.length)
    }
  })
})

describe('round robin', () => {
  it('meets every pair twice, home and away, with an odd number of sides too', () => {
    for (const keys of [
      ['a', 'b', 'c'],
      ['a', 'b', 'c', 'd', 'e', 'f'],
    ]) {
      const games = roundRobin(keys)
      expect(games).toHaveLength(keys.length * (keys.length - 1))
      expect(new Set(games.map(([h, w]) => `${h}-${w}`)).size).toBe(games.length)
    }
  })

  it('rests sides between fixtures when the queue allows', () => {
    const times = Array.from({ length: 10 }, (_, i) => i * 12 * HOUR)
    const pairs = pairings(times, ['a', 'b', 'c', 'd', 'e', 'f'], 20 * HOUR)
    for (let i = 1; i < pairs.length; i++) {
      const shared = (pairs[i] as string[]).filter((k) => (pairs[i - 1] as string[]).includes(k))
      expect(shared).toEqual([])
    }
  })
})

describe('demo league phases (championship)', () => {
  it.each(NOWS)(
    'gives every series phases holding all its fixtures, and one whole phase of three still to play (now = %d)',
    (now) => {
      const { series } = plan(42, now)
      for (const s of series) {
        expect(s.phases.length, s.name).toBeGreaterThan(0)
        for (const m of s.matches) expect(s.phases[m.phase], `${s.name} ${m.title}`).toBeDefined()
      }
      // scenarios/championship-phase.yaml plays such a phase from its first lock to its prizes.
      const whole = series.flatMap((s) =>
        s.phases
          .map((_, i) => s.matches.filter((m) => m.phase === i))
          .filter(
            (ms) => ms.length === 3 && ms.every((m) => m.status === 'upcoming' && m.eventTime > now + HOUR),
          ),
      )
      expect(whole.length).toBeGreaterThan(0)
    },
  )
})
