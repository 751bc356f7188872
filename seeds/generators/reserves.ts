import { RESERVE_SIDES } from '../lists/cricket'
import type { SeedRandom } from './random'
import { cricketSide } from './rosters'
import type { RosterPlan } from './types'

/**
 * Cricket sides without fixtures: more players for the `league` auction pool. Built
 * after every other roster from a stream of their own, and written after them, so the players,
 * names and ids the rest of the league draws stay exactly as before.
 */
export function buildReserves(random: SeedRandom, rosters: readonly RosterPlan[]): RosterPlan {
  const taken = new Set(rosters.flatMap((r) => r.players.map((p) => p.name)))
  const rand = random.stream('rosters:cricket:reserves')
  const roster: RosterPlan = { sport: 'cricket', teams: [], players: [] }
  for (const side of RESERVE_SIDES) cricketSide(random, rand, taken, roster, { ...side, nation: side.code })
  return roster
}
