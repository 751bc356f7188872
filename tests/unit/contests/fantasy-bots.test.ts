import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { matchSquad } from '../../../server/areas/matches/queries'
import { sportRules, validateTeam } from '../../../server/domain/team-rules'
import {
  type BotCandidate,
  botStream,
  botTeam,
  FANTASY_BOT_STRATEGIES,
  mixedStrategy,
  selectionShares,
} from '../../../server/sim/fantasy-bots'
import { type TestWorld, testWorld } from '../../helpers/deps'
import { seedLeague, upcomingMatches } from '../../helpers/league'

/** The team-building bots' strategies (docs/bots.md), on every upcoming match of the demo league. */
let world: TestWorld
let pools: Array<{ id: number; slug: string; pool: BotCandidate[] }>

beforeAll(async () => {
  world = await testWorld()
  const { deps } = world
  await seedLeague(deps, 7)
  const matches = await upcomingMatches(deps)
  pools = []
  for (const m of matches) {
    const squad = await matchSquad(deps.db, m.id)
    // Who "the crowd" picked: the first eleven by value, as if most teams held them.
    const crowd = new Set(squad.slice(0, 11).map((p) => p.id))
    pools.push({
      id: m.id,
      slug: m.slug,
      pool: squad.map((p) => ({
        id: p.id,
        style: p.style,
        value_tenths: p.value_tenths,
        real_team_id: p.real_team_id,
        is_star: Boolean(p.is_star),
        form: Number(p.last_series_score),
        selected_share: crowd.has(p.id) ? 0.8 : 0.1,
      })),
    })
  }
})
afterAll(() => world.close())

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length

describe('botTeam', () => {
  it('every strategy makes a valid team within budget for every upcoming match, the same for the same stream', () => {
    expect(pools.length).toBeGreaterThan(20)
    for (const { id, slug, pool } of pools)
      for (const strategy of FANTASY_BOT_STRATEGIES) {
        const a = botTeam(strategy, slug, pool, botStream(42, `m${id}`, 1))
        const b = botTeam(strategy, slug, pool, botStream(42, `m${id}`, 1))
        expect(a, `${strategy} on match ${id} (${slug})`).not.toBeNull()
        expect(b).toEqual(a)
        const check = validateTeam(slug, pool, a!)
        expect(check.violations, `${strategy} on match ${id}`).toEqual([])
        expect(check.budget_used_tenths).toBeLessThanOrEqual(sportRules(slug).budget_tenths)
      }
  })

  it('another seed or another bot number: another team (mostly)', () => {
    let differs = 0
    for (const { id, slug, pool } of pools) {
      const a = botTeam('favourite', slug, pool, botStream(42, `m${id}`, 1))
      const b = botTeam('favourite', slug, pool, botStream(43, `m${id}`, 1))
      const c = botTeam('favourite', slug, pool, botStream(42, `m${id}`, 2))
      if (JSON.stringify(a) !== JSON.stringify(b) && JSON.stringify(a) !== JSON.stringify(c)) differs++
    }
    expect(differs).toBeGreaterThan(pools.length / 2)
  })

  it('the strategies differ: favourites pick the crowd, differentials avoid it, form picks captain by form', () => {
    const crowdShare: Record<string, number[]> = { favourite: [], differential: [], captain_by_form: [] }
    for (const { id, slug, pool } of pools) {
      const byId = new Map(pool.map((p) => [p.id, p]))
      for (let n = 1; n <= 5; n++)
        for (const strategy of FANTASY_BOT_STRATEGIES) {
          const team = botTeam(strategy, slug, pool, botStream(42, `m${id}`, n))!
          const picked = team.player_ids.map((pid) => byId.get(pid)!)
          crowdShare[strategy]!.push(mean(picked.map((p) => p.selected_share)))
          const captain = byId.get(team.captain_id)!
          const vice = byId.get(team.vice_captain_id)!
          if (strategy === 'captain_by_form') {
            const forms = picked.map((p) => p.form).sort((a, b) => b - a)
            expect(captain.form).toBe(forms[0])
            expect(vice.form).toBe(forms[1])
          }
          if (strategy === 'favourite') {
            const values = picked.map((p) => p.value_tenths).sort((a, b) => b - a)
            expect(captain.value_tenths).toBe(values[0])
          }
        }
    }
    const fav = mean(crowdShare.favourite!)
    const diff = mean(crowdShare.differential!)
    expect(fav).toBeGreaterThan(diff + 0.1)
  })

  it('a pool that holds no valid team: null', () => {
    const { slug, pool } = pools[0]!
    expect(botTeam('favourite', slug, pool.slice(0, 5), botStream(1, 'x', 1))).toBeNull()
  })
})

describe('helpers', () => {
  it('mixed cycles through the strategies; shares count teams', () => {
    expect([1, 2, 3, 4].map(mixedStrategy)).toEqual([
      'favourite',
      'differential',
      'captain_by_form',
      'favourite',
    ])
    const shares = selectionShares([
      [1, 2],
      [1, 3],
    ])
    expect(Object.fromEntries(shares)).toEqual({ 1: 1, 2: 0.5, 3: 0.5 })
  })
})
