import { describe, expect, it } from 'vitest'
import { hashString, randomStream } from '../../../server/domain/rng'
import { seedBigMatch, spread } from '../../bench/scoring-seed'
import { leagueWorld, squadOf, upcomingMatch } from '../../helpers/league'

describe('the scoring bench lobby (tests/bench/scoring-seed.ts)', () => {
  it('never asks a contest for more seats than 40% of the teams (the mega contest share), from 1,000 teams up', () => {
    for (const teams of [1_000, 1_500, 2_500, 5_000, 10_000, 100_000, 1_000_000])
      for (const tier of spread(teams))
        expect(tier.spots, `${tier.name} at ${teams}`).toBeLessThanOrEqual(teams * 0.4)
  })

  it('keeps the million-team lobby: 1.12M entries in 60,105 contests', () => {
    const tiers = spread(1_000_000)
    expect(tiers.reduce((n, t) => n + t.count, 0)).toBe(60_105)
    expect(tiers.reduce((n, t) => n + t.count * t.spots, 0)).toBe(1_120_000)
  })

  // `npm run bench -- scoring --teams 1000` filled a 2,000-seat league from 1,000 teams: every
  // team turned away went to the back of a queue that grew until V8 died ("invalid size").
  it('seats 1,000 teams in full contests', async () => {
    const world = await leagueWorld()
    try {
      const { deps } = world
      const match = await upcomingMatch(deps)
      const squad = await squadOf(deps, match.id)
      const seeded = await seedBigMatch(deps, match.id, squad, 1_000, randomStream(hashString('bench:1')))
      const tiers = spread(1_000)
      expect(seeded.contests).toBe(tiers.reduce((n, t) => n + t.count, 0))
      expect(seeded.entries).toBe(tiers.reduce((n, t) => n + t.count * t.spots, 0))
    } finally {
      await world.close()
    }
  })
})
