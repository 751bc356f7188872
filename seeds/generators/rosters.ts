import type { RandomStream } from '../../server/domain/rng'
import type { SideData } from '../lists/cricket'
import {
  CRICKET_CORE_STYLES,
  CRICKET_EXTRA_STYLES,
  CRICKET_VALUE_CAP,
  FRANCHISES,
  NATIONS,
  OVERSEAS,
} from '../lists/cricket'
import {
  CLUBS,
  FOOTBALL_CORE_STYLES,
  FOOTBALL_EXTRA_STYLES,
  FOOTBALL_VALUE_CAP,
  FOREIGN,
} from '../lists/football'
import { COUNTRIES, type CountryCode, type SeedRandom } from './random'
import { battleRoyale, f1 } from './solo-rosters'
import { average, bell, type Member, squad, team, valueFor } from './squads'
import type { RosterPlan, TeamPlan } from './types'

export { STYLE_BATTLE_ROYALE, STYLE_DRIVER, VALUE_RANGE } from './squads'

/** Rosters of all six sports. Player names never repeat across the league. */
export function buildRosters(random: SeedRandom): RosterPlan[] {
  const taken = new Set<string>()
  return [
    cricket(random, taken),
    football(random, taken),
    f1(random, taken),
    ...(['pubg', 'free-fire', 'call-of-duty'] as const).map((slug) => battleRoyale(random, taken, slug)),
  ]
}

function cricket(random: SeedRandom, taken: Set<string>): RosterPlan {
  const rand = random.stream('rosters:cricket')
  const roster: RosterPlan = { sport: 'cricket', teams: [], players: [] }
  const sides = [
    ...FRANCHISES.map((s) => ({ ...s, nation: null })),
    ...NATIONS.map((n) => ({ ...n, nation: n.code })),
  ]
  for (const side of sides) cricketSide(random, rand, taken, roster, side)
  return roster
}

/** One cricket side and its squad of 17–18, added to `roster`. */
export function cricketSide(
  random: SeedRandom,
  rand: RandomStream,
  taken: Set<string>,
  roster: RosterPlan,
  side: SideData & { nation: CountryCode | null },
): void {
  const styles = [...CRICKET_CORE_STYLES, ...rand.shuffle(CRICKET_EXTRA_STYLES).slice(0, rand.int(1, 2))]
  // A franchise fields five to seven overseas players; a nation only its own.
  const overseas = new Set(side.nation ? [] : rand.shuffle(styles.map((_, i) => i)).slice(0, rand.int(5, 7)))
  const members = styles.map((style, i): Member => {
    const away = overseas.has(i)
    const country = side.nation ?? (away ? rand.pick(OVERSEAS) : 'IN')
    return { style, country, skill: Math.min(1, bell(rand) + (away ? 0.08 : 0)) }
  })
  const t = team('cricket', side, side.nation ? COUNTRIES[side.nation].name : 'India', 0)
  addSide(random, rand, taken, roster, t, members, { score: 480, valueCap: CRICKET_VALUE_CAP })
}

function football(random: SeedRandom, taken: Set<string>): RosterPlan {
  const rand = random.stream('rosters:football')
  const roster: RosterPlan = { sport: 'football', teams: [], players: [] }
  for (const side of CLUBS) {
    const extras = Array.from({ length: rand.int(1, 3) }, () => rand.pick(FOOTBALL_EXTRA_STYLES))
    const styles = [...FOOTBALL_CORE_STYLES, ...extras]
    const foreign = new Set(rand.shuffle(styles.map((_, i) => i)).slice(0, rand.int(4, 5)))
    const members = styles.map((style, i): Member => {
      const away = foreign.has(i)
      return {
        style,
        country: away ? rand.pick(FOREIGN) : 'IN',
        skill: Math.min(1, bell(rand) + (away ? 0.1 : 0)),
      }
    })
    const t = team('football', side, 'India', 0)
    addSide(random, rand, taken, roster, t, members, { score: 300, valueCap: FOOTBALL_VALUE_CAP })
  }
  return roster
}

/**
 * A side of a team sport and its squad, added to `roster`: two stars, values from skill under
 * the sport's caps (100 for a style without one), strength the average skill of its best eleven.
 */
function addSide(
  random: SeedRandom,
  rand: RandomStream,
  taken: Set<string>,
  roster: RosterPlan,
  t: TeamPlan,
  members: Member[],
  sport: { score: number; valueCap: Record<number, number> },
): void {
  roster.players.push(
    ...squad(random, rand, taken, t.key, members, {
      stars: 2,
      score: sport.score,
      value: (m) => valueFor(m.skill, 70, sport.valueCap[m.style] ?? 100),
    }),
  )
  t.strength = topAverage(members, 11)
  roster.teams.push(t)
}

function topAverage(members: Member[], n: number): number {
  return average(
    [...members]
      .sort((a, b) => b.skill - a.skill)
      .slice(0, n)
      .map((m) => m.skill),
  )
}
