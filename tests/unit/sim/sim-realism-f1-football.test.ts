import { describe, expect, it } from 'vitest'
import { createRng } from '../../../server/domain/rng'
import { simulateMatch, type TimedEvent } from '../../../server/sim'
import { FOOTBALL_LEAGUES, type FootballLeague } from '../../../server/sim/profiles'
import { band, distribution, type FigureSample, type FigureTarget } from '../../../server/sim/stats/figures'
import { FOOTBALL_TARGETS, footballFigures } from '../../../server/sim/stats/football'
import { RACE_TARGETS, raceFigures } from '../../../server/sim/stats/race'
import { fixtureTeams, START_MS } from './sim.fixtures'

/**
 * The statistical regression test for F1 and football (issue 30): a fixed seed, enough races
 * and matches for stable means, every headline figure inside its target's band. A change to
 * either model that makes it less real fails here, with every figure out of band listed.
 * The leagues' goal bands do not overlap end to end (La Liga 2.30–2.82, Bundesliga 2.85–3.49),
 * so a profile the simulator ignored would fail too. About 5 s in all.
 */
const RACES = 600
const MATCHES_PER_LEAGUE = 1000

function races(): TimedEvent[][] {
  return Array.from({ length: RACES }, (_, seed) =>
    simulateMatch({
      sportSlug: 'f1',
      format: 'Race',
      startMs: START_MS,
      teams: fixtureTeams('f1'),
      rng: createRng(seed).stream('sim:realism:f1'),
    }),
  )
}

function matches(league: FootballLeague): TimedEvent[][] {
  return Array.from({ length: MATCHES_PER_LEAGUE }, (_, seed) =>
    simulateMatch({
      sportSlug: 'football',
      format: 'Match',
      startMs: START_MS,
      teams: fixtureTeams('football', seed),
      rng: createRng(seed).stream(`sim:realism:${league}`),
      profile: league,
    }),
  )
}

/** Each target's figure, its mean and band, for the ones out of band. */
function outOfBand(figures: FigureSample[], targets: FigureTarget[]): string[] {
  return targets.flatMap((target) => {
    const figure = figures.find((f) => f.key === target.key)
    if (!figure) return [`${target.key}: no such figure`]
    const { mean } = distribution(figure.values)
    const [low, high] = band(target)
    return mean >= low && mean <= high
      ? []
      : [`${target.key}: ${mean.toFixed(3)} not in [${low.toFixed(3)}, ${high.toFixed(3)}]`]
  })
}

describe('F1 and football against real figures', () => {
  it(`keeps every F1 headline figure of ${RACES} races in its band`, () => {
    const figures = raceFigures(races())
    expect(figures.find((f) => f.key === 'retirements')?.values).toHaveLength(RACES)
    expect(outOfBand(figures, RACE_TARGETS)).toEqual([])
  })

  it.each(FOOTBALL_LEAGUES)(
    `keeps every figure of ${MATCHES_PER_LEAGUE} %s matches in its band`,
    (league) => {
      const figures = footballFigures(matches(league))
      expect(figures.find((f) => f.key === 'goals')?.values).toHaveLength(MATCHES_PER_LEAGUE)
      expect(outOfBand(figures, FOOTBALL_TARGETS[league])).toEqual([])
    },
  )
})
