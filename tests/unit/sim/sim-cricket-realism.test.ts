import { describe, expect, it } from 'vitest'
import { runSides, simulatedMatch } from '../../../cli/commands/sim-run'
import { createRng } from '../../../server/domain/rng'
import { simulateMatch } from '../../../server/sim'
import type { CricketEra } from '../../../server/sim/profiles'
import { cricketFigures } from '../../../server/sim/stats/cricket'
import { CRICKET_TARGETS } from '../../../server/sim/stats/cricket-targets'
import { figureReport } from '../../../server/sim/stats/report'

/**
 * The statistical regression test (issue 30): many simulated matches at a fixed seed, every
 * headline figure of the era inside its target's band (server/sim/stats/cricket-targets.ts).
 * The matches are the ones `fanspole sim stats --seed 1` measures (the demo league's franchises
 * for T20s, its nations for ODIs), so the test guards what an instructor sees. A change to the
 * model that breaks realism fails here. About 6–8 s in all on a quiet machine.
 */
const SEED = 1

function matches(format: 'T20' | 'ODI', era: CricketEra, count: number) {
  const plan = { sport: 'cricket' as const, format, profile: era }
  const sides = runSides(plan)
  const rng = createRng(SEED)
  return Array.from(
    { length: count },
    (_, i) => simulatedMatch(simulateMatch, plan, sides, rng, i + 1).events,
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

/** 2,000 simulated T20s take 2–3 s alone; the whole suite on two cores can make it 20. */
const MANY_MATCHES_MS = 60_000

describe('cricket realism', () => {
  it(
    't20-2008: every headline figure of 2,000 T20s inside its IPL 2008–22 band',
    () => {
      expect(misses('T20', 't20-2008', 2000)).toEqual([])
    },
    MANY_MATCHES_MS,
  )

  it('t20-2024: the first-innings mean and the share of 200+ totals of 400 T20s', () => {
    expect(misses('T20', 't20-2024', 400, ['total_1st', 'big_total_1st', 'sixes', 'wides'])).toEqual([])
  })

  it(
    'odi-2015: every headline figure of 400 ODIs inside its band',
    () => {
      expect(misses('ODI', 'odi-2015', 400)).toEqual([])
    },
    MANY_MATCHES_MS,
  )
})
