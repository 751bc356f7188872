import { hashString, randomStream } from '../rng'
import { cricketCapabilities } from '../styles'

/**
 * The auction's pure rules (DESIGN §5 "Auctions"): bid increments from the auction's bands,
 * the purse a manager must keep back to finish a squad, the squad caps, and the seeded order
 * in which players come up. Amounts are whole credits.
 */

/** From `from` upwards (inclusive), each next bid adds `step`. Bands ascend by `from`; the first starts at 0. */
export interface Band {
  from: number
  step: number
}

export interface AuctionPlayer {
  id: number
  basePrice: number
  style: number
  star: boolean
}

export interface SquadRules {
  purse: number
  squadMin: number
  squadMax: number
  /** At most this many star players (tournaments: 4); null for no cap. */
  maxStars: number | null
  /** A squad must be able to reach ≥1 keeper, ≥6 who bat, ≥5 who bowl within `squadMax`; null for none. */
  balance: { keepers: number; batters: number; bowlers: number } | null
}

/** The next bid on a lot: the base price first, then the current high bid plus its band's step. */
export function nextBidAmount(bands: readonly Band[], basePrice: number, high: number | null): number {
  if (high === null) return basePrice
  let step = bands[0]?.step ?? 1
  for (const band of bands) if (high >= band.from) step = band.step
  return high + step
}

/** The preset interval bands offered when creating an auction (`bidding_intervals`). */
export const BIDDING_INTERVALS: Record<string, { name: string; bands: Band[] }> = {
  standard: {
    name: 'Standard (IPL style)',
    bands: [
      { from: 0, step: 5 },
      { from: 100, step: 10 },
      { from: 200, step: 20 },
      { from: 500, step: 25 },
    ],
  },
  quick: {
    name: 'Quick (bigger steps)',
    bands: [
      { from: 0, step: 10 },
      { from: 100, step: 25 },
      { from: 500, step: 50 },
    ],
  },
  fine: {
    name: 'Fine (small steps)',
    bands: [
      { from: 0, step: 1 },
      { from: 50, step: 2 },
      { from: 200, step: 5 },
      { from: 1000, step: 10 },
    ],
  },
}

/**
 * The most a manager may bid: the purse less what the rest of a minimum squad will cost at
 * the cheapest base price still in the pool — `purse − minBase × (slots still to fill − 1)`,
 * the slot being bid for not counted.
 */
export function maxBid(rules: SquadRules, purse: number, squadSize: number, minBase: number): number {
  const toFill = Math.max(1, rules.squadMin - squadSize)
  return purse - minBase * (toFill - 1)
}

/** Keepers, batters and bowlers a squad still lacks, and the fewest players that would fix it. */
export function balanceDeficit(rules: SquadRules, squad: readonly AuctionPlayer[]): number {
  if (!rules.balance) return 0
  const { keepers, batters, bowlers } = roleCounts(squad)
  const k = Math.max(0, rules.balance.keepers - keepers)
  const b = Math.max(0, rules.balance.batters - batters)
  const w = Math.max(0, rules.balance.bowlers - bowlers)
  // A keeper also bats and an all-rounder bats and bowls: k + w players cover k + w batters.
  return Math.max(k + w, b)
}

/** How many of the players can keep wicket, bat and bowl (an all-rounder counts for both). */
export function roleCounts(players: readonly AuctionPlayer[]) {
  let keepers = 0
  let batters = 0
  let bowlers = 0
  for (const p of players) {
    const c = cricketCapabilities(p.style)
    if (c.keeper) keepers++
    if (c.bat) batters++
    if (c.bowl) bowlers++
  }
  return { keepers, batters, bowlers }
}

export type SquadProblem = 'SQUAD_FULL' | 'STAR_LIMIT' | 'SQUAD_BALANCE'

/**
 * Whether a squad may take one more player: room under the maximum, under the star cap, and
 * still able to become balanced with the slots that would be left.
 */
export function canAdd(
  rules: SquadRules,
  squad: readonly AuctionPlayer[],
  player: AuctionPlayer,
): SquadProblem | null {
  if (squad.length >= rules.squadMax) return 'SQUAD_FULL'
  if (player.star && rules.maxStars !== null && squad.filter((p) => p.star).length >= rules.maxStars)
    return 'STAR_LIMIT'
  if (balanceDeficit(rules, [...squad, player]) > rules.squadMax - squad.length - 1) return 'SQUAD_BALANCE'
  return null
}

const ROLE_ORDER = ['bat', 'wk', 'ar', 'bowl', 'other'] as const

function roleOf(style: number): (typeof ROLE_ORDER)[number] {
  const c = cricketCapabilities(style)
  if (c.keeper) return 'wk'
  if (c.bat && c.bowl) return 'ar'
  if (c.bat) return 'bat'
  if (c.bowl) return 'bowl'
  return 'other'
}

/**
 * The order players come up in an open round: in sets, as real auctions run them — stars
 * first, then by base price (highest first), each price in role order (batters, keepers,
 * all-rounders, bowlers) — shuffled within a set by the auction's seed.
 */
export function lotOrder(players: readonly AuctionPlayer[], seed: number): number[] {
  const sets = new Map<string, AuctionPlayer[]>()
  for (const p of players) {
    const key = `${p.star ? 0 : 1}:${String(1e9 - p.basePrice).padStart(10, '0')}:${ROLE_ORDER.indexOf(roleOf(p.style))}`
    sets.set(key, [...(sets.get(key) ?? []), p])
  }
  const rand = randomStream(hashString(`auction:lots:${seed}`))
  return [...sets.keys()]
    .sort()
    .flatMap((key) => rand.shuffle([...(sets.get(key) as AuctionPlayer[])].sort((a, b) => a.id - b.id)))
    .map((p) => p.id)
}
