import type { RandomStream } from '../../server/domain/rng'
import type { SideData } from '../lists/cricket'
import { TAG_SUFFIXES, TAG_WORDS } from '../lists/names'
import { COUNTRIES, type CountryCode, initialled, type SeedRandom } from './random'
import type { PlayerPlan, RosterPlan, SportSlug, TeamPlan } from './types'

/** Racing and battle-royale players have no positions: one style each (docs/decisions.md, Seeds). */
export const STYLE_DRIVER = 201
export const STYLE_BATTLE_ROYALE = 301

/** Credit ranges in tenths, in 0.5 steps. Five-player sports cost more per head: the budget is 100 for all. */
export const VALUE_RANGE: Record<SportSlug, { min: number; max: number }> = {
  cricket: { min: 70, max: 105 },
  football: { min: 70, max: 110 },
  f1: { min: 100, max: 300 },
  pubg: { min: 150, max: 250 },
  'free-fire': { min: 150, max: 250 },
  'call-of-duty': { min: 150, max: 250 },
}

export interface Member {
  style: number
  country: CountryCode
  skill: number
  sex?: 'male' | 'female'
}

/** Roughly bell-shaped in 0..1: most players are ordinary, a few are very good or poor. */
export const bell = (rand: RandomStream) => (rand.next() + rand.next() + rand.next()) / 3

/** A 0..1 skill on a 0.5-credit grid between min and cap. */
export const valueFor = (skill: number, min: number, cap: number) =>
  min + 5 * Math.round((Math.min(1, Math.max(0, skill)) * (cap - min)) / 5)

export const average = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)

export function team(sport: SportSlug, side: SideData, country: string | null, strength: number): TeamPlan {
  return {
    key: `${sport}:${side.attr}`,
    name: side.name,
    nameAttr: side.attr,
    color: side.color,
    country,
    venue: side.venue ?? null,
    strength,
  }
}

/** Turns squad members into players: names, stars, values. Members come sorted by style. */
export function squad(
  random: SeedRandom,
  rand: RandomStream,
  taken: Set<string>,
  teamKey: string,
  members: Member[],
  options: { stars: number; value: (m: Member) => number; score: number; tags?: Set<string> },
): PlayerPlan[] {
  const ranked = [...members].sort((a, b) => b.skill - a.skill)
  for (const star of ranked.slice(0, options.stars))
    star.skill = Math.max(star.skill, 0.9 + 0.1 * rand.next())
  const stars = new Set(ranked.slice(0, options.stars))
  const ordered = [...members].sort((a, b) => a.style - b.style || b.skill - a.skill)
  return ordered.map((m, i) => {
    const person = random.person(m.country, m.sex ?? 'male', rand, taken)
    return {
      key: `${teamKey}:${i + 1}`,
      teamKey,
      name: `${person.first} ${person.last}`,
      displayName: options.tags ? gamerTag(rand, options.tags) : initialled(person),
      style: m.style,
      value: options.value(m),
      country: COUNTRIES[m.country].name,
      isStar: stars.has(m),
      lastSeriesScore: Math.round(m.skill * options.score + rand.int(0, Math.round(options.score / 4))),
      skill: m.skill,
    }
  })
}

function gamerTag(rand: RandomStream, tags: Set<string>): string {
  for (;;) {
    const tag = `${rand.pick(TAG_WORDS)}${rand.pick(TAG_SUFFIXES)}`
    if (!tags.has(tag)) {
      tags.add(tag)
      return tag
    }
  }
}

/** Stars across a whole grid or league rather than per side: the n most skilled players. */
export function markStars(roster: RosterPlan, n: number): void {
  for (const p of [...roster.players].sort((a, b) => b.skill - a.skill).slice(0, n)) p.isStar = true
}
