import { BIOS, TEAM_ADJECTIVES, TEAM_NOUNS } from '../lists/names'
import { type Around, at, MINUTE } from './calendar'
import type { SeedRandom } from './random'
import type { SportSlug } from './types'

export interface PersonPlan {
  username: string
  email: string
  fullName: string
  teamName: string
  /** Index into the avatar catalogue (sorted). */
  avatarIndex: number
  xp: number
  interests: SportSlug[]
  aboutMe: string | null
  dob: string | null
  createdAt: number
  /** Starting money: unused balance in paise, and coins. */
  unusedPaise: number
  coins: number
  /** Username of the person who referred them. */
  referrer: string | null
}

export interface FollowPlan {
  follower: string
  followee: string
  at: number
}

export interface PeopleOptions {
  count: number
  avatarCount: number
  demo: { username: string; email: string }
  /** Usernames that are already spoken for (the admin's). */
  reserved: string[]
}

/** The demo player gets a known, generous wallet; everyone else a seeded one. */
export const DEMO_START = { unusedPaise: 100_000, coins: 100 }

const INTEREST_ODDS: Array<[SportSlug, number]> = [
  ['cricket', 0.85],
  ['football', 0.5],
  ['f1', 0.3],
  ['pubg', 0.3],
  ['free-fire', 0.25],
  ['call-of-duty', 0.2],
]

/** The demo player first, then the demo users in the order they joined, and who follows whom. */
export function buildPeople(random: SeedRandom, a: Around, options: PeopleOptions) {
  const rand = random.stream('people')
  const taken = new Set([options.demo.username, ...options.reserved].map((u) => u.toLowerCase()))
  const names = new Set<string>()
  const avatars = rand.shuffle(Array.from({ length: options.avatarCount }, (_, i) => i))
  const demo: PersonPlan = {
    username: options.demo.username,
    email: options.demo.email,
    fullName: 'Demo Player',
    teamName: 'Demo XI',
    avatarIndex: 0,
    xp: 420,
    interests: ['cricket', 'football', 'f1', 'pubg'],
    aboutMe: 'Trying out Fanspole Local.',
    dob: null,
    createdAt: at(a, -30, 10),
    ...DEMO_START,
    referrer: null,
  }
  const others: PersonPlan[] = []
  for (let i = 0; i < options.count; i++) {
    const sex = rand.bool(0.35) ? 'female' : 'male'
    const name = random.person('IN', sex, rand, names)
    const username = freeUsername(rand, name.first, name.last, taken)
    const interests = INTEREST_ODDS.filter(([, odds]) => rand.bool(odds)).map(([slug]) => slug)
    const teamStyle = rand.int(0, 2)
    others.push({
      username,
      email: `${username}@fanspole.local`,
      fullName: `${name.first} ${name.last}`,
      teamName:
        teamStyle === 0
          ? `${name.first}'s XI`
          : teamStyle === 1
            ? `${rand.pick(TEAM_ADJECTIVES)} ${rand.pick(TEAM_NOUNS)}`
            : `${name.last} ${rand.pick(TEAM_NOUNS)}`,
      avatarIndex: avatars.length > 0 ? (avatars[i % avatars.length] as number) : 0,
      // Skewed low: most players are new, a few have played for years.
      xp: Math.round(rand.next() ** 1.7 * 300) * 10,
      interests: interests.length > 0 ? interests : ['cricket'],
      aboutMe: rand.bool(0.6) ? rand.pick(BIOS) : null,
      dob: rand.bool(0.6)
        ? `${a.year - rand.int(19, 45)}-${pad(rand.int(1, 12))}-${pad(rand.int(1, 28))}`
        : null,
      createdAt: at(a, -rand.int(2, 180), rand.int(0, 23), rand.int(0, 59)),
      unusedPaise: rand.int(2, 40) * 5_000,
      coins: rand.int(0, 25) * 10,
      referrer: null,
    })
  }
  others.sort((x, y) => x.createdAt - y.createdAt)
  others.forEach((p, i) => {
    if (i > 0 && rand.bool(0.25)) p.referrer = (rand.pick(others.slice(0, i)) as PersonPlan).username
  })
  const people = [demo, ...others]
  return { people, follows: buildFollows(rand, a, people) }
}

const pad = (n: number) => String(n).padStart(2, '0')

function freeUsername(
  rand: ReturnType<SeedRandom['stream']>,
  first: string,
  last: string,
  taken: Set<string>,
) {
  const pattern = rand.int(0, 3)
  const raw = [
    `${first}_${last}`,
    `${first}${last.charAt(0)}`,
    `${first}${rand.int(10, 99)}`,
    `${last}_${first}`,
  ][pattern] as string
  let candidate = raw
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, 20)
  while (candidate.length < 3 || taken.has(candidate))
    candidate = `${candidate.slice(0, 17)}${rand.int(10, 99)}`
  taken.add(candidate)
  return candidate
}

/**
 * A long-tailed follow graph, as real ones are: everyone gets a popularity weight falling off
 * with a random rank (rank^-1.2), and each demo user follows 3–15 people drawn by that weight
 * without repeats, so a few players collect most followers and most have a handful. The demo
 * player follows six (the README says so) and has followers too.
 */
function buildFollows(rand: ReturnType<SeedRandom['stream']>, a: Around, people: PersonPlan[]): FollowPlan[] {
  const follows: FollowPlan[] = []
  const order = rand.shuffle(people.map((_, i) => i))
  const weight = new Array<number>(people.length).fill(0)
  order.forEach((person, rank) => {
    weight[person] = (rank + 1) ** -1.2
  })
  people.forEach((person, i) => {
    const candidates = people.map((_, j) => j).filter((j) => j !== i)
    const count = Math.min(candidates.length, i === 0 ? 6 : rand.int(3, 15))
    for (let n = 0; n < count; n++) {
      const j = drawWeighted(rand, candidates, weight)
      candidates.splice(candidates.indexOf(j), 1)
      const followee = people[j] as PersonPlan
      const since = Math.max(person.createdAt, followee.createdAt)
      const when = since + Math.floor((rand.next() * (a.now - since)) / MINUTE) * MINUTE
      follows.push({ follower: person.username, followee: followee.username, at: when })
    }
  })
  return follows
}

/** One index of `pool`, with probability proportional to its weight. */
function drawWeighted(rand: ReturnType<SeedRandom['stream']>, pool: number[], weight: number[]): number {
  const total = pool.reduce((sum, j) => sum + (weight[j] ?? 0), 0)
  let target = rand.next() * total
  for (const j of pool) {
    target -= weight[j] ?? 0
    if (target < 0) return j
  }
  return pool[pool.length - 1] as number
}
