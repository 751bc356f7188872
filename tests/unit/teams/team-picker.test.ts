import { describe, expect, it } from 'vitest'
import { matchSquad } from '../../../server/areas/matches/queries'
import { createRng } from '../../../server/domain/rng'
import { pickTeam } from '../../../server/domain/team-picker'
import { validateTeam } from '../../../server/domain/team-rules'
import { testWorld } from '../../helpers/deps'
import { seedLeague, upcomingMatches } from '../../helpers/league'

describe('pickTeam', () => {
  it('picks a valid team for every upcoming match of the demo league, the same way for the same seed', async () => {
    const world = await testWorld()
    const { deps } = world
    await seedLeague(deps, 7)
    const matches = await upcomingMatches(deps)
    expect(matches.length).toBeGreaterThan(20)
    for (const m of matches) {
      const pool = (await matchSquad(deps.db, m.id)).map((p) => ({
        id: p.id,
        style: p.style,
        value_tenths: p.value_tenths,
        real_team_id: p.real_team_id,
      }))
      const a = pickTeam(m.slug, pool, createRng(1).stream(`pick:${m.id}`))
      const b = pickTeam(m.slug, pool, createRng(1).stream(`pick:${m.id}`))
      expect(a, `match ${m.id} (${m.slug})`).not.toBeNull()
      expect(b).toEqual(a)
      expect(validateTeam(m.slug, pool, a!).valid_team).toBe(true)
    }
    await world.close()
  })
})
