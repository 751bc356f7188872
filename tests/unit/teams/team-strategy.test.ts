import { describe, expect, it } from 'vitest'
import { editDistance, findPlayer } from '../../../cli/lib/player-names'
import { matchSquad } from '../../../server/areas/matches/queries'
import { createRng } from '../../../server/domain/rng'
import { validateTeam } from '../../../server/domain/team-rules'
import { buildTeam, strategyOrder, TEAM_STRATEGIES } from '../../../server/domain/team-strategy'
import { testWorld } from '../../helpers/deps'
import { seedLeague, upcomingMatches } from '../../helpers/league'

const player = (id: number, value: number, selected: number | null, style = 1) => ({
  id,
  style,
  value_tenths: value,
  real_team_id: id % 2,
  selected_by: selected,
})

describe('strategyOrder', () => {
  const pool = [player(1, 90, 10), player(2, 80, 60), player(3, 100, 10), player(4, 70, null)]
  it('favourite: most selected first, the dearest among equals; differential: the reverse', () => {
    const rng = createRng(1).stream('x')
    expect(strategyOrder('favourite', pool, rng).map((p) => p.id)).toEqual([2, 3, 1, 4])
    expect(strategyOrder('differential', pool, rng).map((p) => p.id)).toEqual([4, 1, 3, 2])
  })
  it('random: a shuffle that the same stream repeats', () => {
    const a = strategyOrder('random', pool, createRng(5).stream('r')).map((p) => p.id)
    expect(strategyOrder('random', pool, createRng(5).stream('r')).map((p) => p.id)).toEqual(a)
    expect([...a].sort()).toEqual([1, 2, 3, 4])
  })
})

describe('buildTeam', () => {
  it('builds a valid team by every strategy for every upcoming match, holding the players asked for', async () => {
    const world = await testWorld()
    await seedLeague(world.deps, 7)
    const matches = (await upcomingMatches(world.deps)).slice(0, 8)
    expect(matches.length).toBeGreaterThan(3)
    for (const m of matches) {
      const pool = (await matchSquad(world.deps.db, m.id)).map((p) => ({
        id: p.id,
        style: p.style,
        value_tenths: p.value_tenths,
        real_team_id: p.real_team_id,
      }))
      const wanted = (pool[pool.length - 1] as { id: number }).id
      for (const strategy of TEAM_STRATEGIES) {
        const team = buildTeam(m.slug, pool, strategy, createRng(1).stream(`${m.id}`), [wanted])
        expect(team, `${strategy} on match ${m.id}`).not.toBeNull()
        expect(team?.player_ids).toContain(wanted)
        expect(validateTeam(m.slug, pool, team!).valid_team).toBe(true)
      }
      expect(buildTeam(m.slug, pool, 'favourite', createRng(1).stream('x'), [-1])).toBeNull()
    }
    await world.close()
  })
})

describe('findPlayer', () => {
  const squad = [
    { id: 1, name: 'Virat Kohli', display_name: 'V. Kohli' },
    { id: 2, name: 'Rohit Sharma', display_name: 'R. Sharma' },
    { id: 3, name: 'Ishant Sharma', display_name: 'I. Sharma' },
    { id: 4, name: 'José Buttler', display_name: 'J. Buttler' },
  ]
  it('finds by id, full or display name in any case and accents, or a word only one player has', () => {
    expect(findPlayer(squad, 2)).toEqual({ ok: true, player: squad[1] })
    expect(findPlayer(squad, 'virat kohli')).toMatchObject({ ok: true, player: { id: 1 } })
    expect(findPlayer(squad, 'V. Kohli')).toMatchObject({ ok: true, player: { id: 1 } })
    expect(findPlayer(squad, 'Jose Buttler')).toMatchObject({ ok: true, player: { id: 4 } })
    expect(findPlayer(squad, 'kohli')).toMatchObject({ ok: true, player: { id: 1 } })
  })
  it('names the players an ambiguous word fits, and the closest ones to a miss', () => {
    expect(findPlayer(squad, 'Sharma')).toEqual({
      ok: false,
      problem: '"Sharma" could be Rohit Sharma (2), Ishant Sharma (3): write the full name or the id',
    })
    const miss = findPlayer(squad, 'Kohly')
    expect(miss.ok).toBe(false)
    expect(!miss.ok && miss.problem).toMatch(/^no player "Kohly" in the squad; closest: Virat Kohli \(1\), /)
    expect(findPlayer(squad, 9)).toEqual({ ok: false, problem: 'no player 9 in the squad' })
    expect(editDistance('kohly', 'kohli')).toBe(1)
  })
})
