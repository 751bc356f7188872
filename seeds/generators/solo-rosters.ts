import { type BattleRoyaleSlug, ORGS, TITLES } from '../lists/esports'
import { CONSTRUCTORS, DRIVER_COUNTRIES } from '../lists/motorsport'
import { COUNTRIES, type CountryCode, type SeedRandom } from './random'
import {
  average,
  bell,
  type Member,
  markStars,
  STYLE_BATTLE_ROYALE,
  STYLE_DRIVER,
  squad,
  team,
  valueFor,
} from './squads'
import type { RosterPlan } from './types'

/** Racing and battle-royale rosters: sides whose players have no positions. */
export function f1(random: SeedRandom, taken: Set<string>): RosterPlan {
  const rand = random.stream('rosters:f1')
  const roster: RosterPlan = { sport: 'f1', teams: [], players: [] }
  CONSTRUCTORS.forEach((side, i) => {
    const spread = 0.95 - (0.8 * i) / CONSTRUCTORS.length + (rand.next() - 0.5) * 0.16
    const t = team('f1', side, side.country, Math.min(1, Math.max(0, spread)))
    roster.teams.push(t)
    // A driver is mostly as good as the car.
    const drivers = [0, 1].map(
      (): Member => ({
        style: STYLE_DRIVER,
        country: rand.pick(DRIVER_COUNTRIES),
        skill: 0.65 * t.strength + 0.35 * bell(rand),
      }),
    )
    roster.players.push(
      ...squad(random, rand, taken, t.key, drivers, {
        stars: 0,
        score: 220,
        value: (m) => valueFor(m.skill, 100, 300),
      }),
    )
  })
  markStars(roster, 4)
  return roster
}

export function battleRoyale(random: SeedRandom, taken: Set<string>, slug: BattleRoyaleSlug): RosterPlan {
  const rand = random.stream(`rosters:${slug}`)
  const title = TITLES[slug]
  const roster: RosterPlan = { sport: slug, teams: [], players: [] }
  const tags = new Set<string>()
  rand
    .shuffle(ORGS)
    .slice(0, 16)
    .forEach((side, i) => {
      const country = title.countries[i % title.countries.length] as CountryCode
      // Four starters and a substitute; one squad in ten is a women's roster.
      const sex = rand.bool(0.1) ? 'female' : 'male'
      const members = Array.from(
        { length: 5 },
        (_, m): Member => ({
          style: STYLE_BATTLE_ROYALE,
          country,
          sex,
          skill: m < 4 ? bell(rand) : bell(rand) * 0.8,
        }),
      )
      const t = team(slug, side, COUNTRIES[country].name, average(members.slice(0, 4).map((m) => m.skill)))
      roster.teams.push(t)
      roster.players.push(
        ...squad(random, rand, taken, t.key, members, {
          stars: 0,
          score: 180,
          value: (m) => valueFor(m.skill, 150, 250),
          tags,
        }),
      )
    })
  markStars(roster, 5)
  return roster
}
