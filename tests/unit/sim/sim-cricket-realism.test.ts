import { describe, expect, it } from 'vitest'
import { createRng } from '../../../server/domain/rng'
import { simulateMatch } from '../../../server/sim'
import type { CricketEra } from '../../../server/sim/profiles'
import { cricketFigures } from '../../../server/sim/stats/cricket'
import { CRICKET_TARGETS } from '../../../server/sim/stats/cricket-targets'
import { figureReport } from '../../../server/sim/stats/report'
import { fixtureTeams, START_MS } from './sim.fixtures'

/**
 * The statistical regression test (issue 30): many simulated matches at a fixed seed, every
 * headline figure of the era inside its target's band (server/sim/stats/cricket-targets.ts).
 * A change to the model that breaks realism fails here. About 6–8 s in all on a quiet machine.
 */
function matches(format: 'T20' | 'ODI', era: CricketEra, count: number) {
  return Array.from({ length: count }, (_, seed) =>
    simulateMatch({
      sportSlug: 'cricket',
      format,
      startMs: START_MS,
      teams: fixtureTeams('cricket', seed),
      rng: createRng(seed).stream('sim:match:1'),
      profile: era,
    }),
  )
}

/** The figures outside their band, as readable lines (a figure nothing sampled — no tie — is skipped). */
function misses(format: 'T20' | 'ODI', era: CricketEra, count: number, keys?: string[]): string[] {
  const rows = figureReport(cricketFigures(matches(format, era, count), format), CRICKET_TARGETS[era])
  return rows
    .filter((r) => r.target && r.n > 0 && r.within === false && (!keys || keys.includes(r.key)))
    .map(
      (r) =>
        `${r.key}: ${r.mean.toFixed(3)} outside [${r.target?.low.toFixed(3)}, ${r.target?.high.toFixed(3)}]`,
    )
}

describe('cricket realism', () => {
  it('t20-2008: every headline figure of 1,000 T20s inside its IPL 2008–22 band', () => {
    expect(misses('T20', 't20-2008', 1000)).toEqual([])
  })

  it('t20-2024: the first-innings mean and the share of 200+ totals of 400 T20s', () => {
    expect(misses('T20', 't20-2024', 400, ['total_1st', 'big_total_1st', 'sixes', 'wides'])).toEqual([])
  })

  it('odi-2015: every headline figure of 400 ODIs inside its band', () => {
    expect(misses('ODI', 'odi-2015', 400)).toEqual([])
  })
})
