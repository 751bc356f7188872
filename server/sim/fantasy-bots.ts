import { hashString, type RandomStream, randomStream } from '../domain/rng'
import { type PickedTeam, pickWithLookAhead, weightedOrder } from '../domain/team-picker'
import type { TeamPlayer } from '../domain/team-rules'

/**
 * Team-building bots for daily fantasy and championship (docs/bots.md).
 * Pure: a strategy, a pool and a random stream give one team, always the same for the same
 * stream. Every team is checked with the players' own rules (`validateTeam`), so a bot can
 * never hold a team a person could not save.
 */
export const FANTASY_BOT_STRATEGIES = ['favourite', 'differential', 'captain_by_form'] as const
export type FantasyBotStrategy = (typeof FANTASY_BOT_STRATEGIES)[number]

/** A player of the pool with what the strategies weigh. */
export interface BotCandidate extends TeamPlayer {
  is_star: boolean
  /** Recent form: the player's last series score (higher is better). */
  form: number
  /** Share of the match's (or phase's) existing teams that hold the player, 0–1. */
  selected_share: number
}

/** The strategy of the n-th bot (1-based) when an owner asks for a mix. */
export function mixedStrategy(n: number): FantasyBotStrategy {
  return FANTASY_BOT_STRATEGIES[(n - 1) % FANTASY_BOT_STRATEGIES.length] as FantasyBotStrategy
}

/** The stream a bot draws its team from: the run's seed, where it plays, and which bot it is. */
export function botStream(seed: number, where: string, n: number): RandomStream {
  return randomStream(hashString(`${seed}:fantasy-bot:${where}:${n}`))
}

/**
 * How much a strategy wants a player. The favourite picker follows the crowd and the price
 * (stars and the most-picked first); the differential picker wants who few others picked and
 * who cost less, so its team stands apart; the form picker goes by the last series' score.
 */
function weight(strategy: FantasyBotStrategy, p: BotCandidate, maxValue: number): number {
  switch (strategy) {
    case 'favourite':
      return p.value_tenths ** 2 * (p.is_star ? 1.5 : 1) * (1 + p.selected_share)
    case 'differential':
      return (1.05 - p.selected_share) ** 3 * (maxValue + 10 - p.value_tenths)
    case 'captain_by_form':
      return (Math.max(0, p.form) + 1) ** 1.5
  }
}

/**
 * Captain and vice: the favourite picker's are its two priciest, the form picker's its two
 * in best form (both in that order, no draw); the differential picker's captain is its
 * least-picked player among its better half, a gamble the crowd is not taking.
 */
function captains(strategy: FantasyBotStrategy, picked: BotCandidate[], rng: RandomStream): [number, number] {
  const byValue = [...picked].sort((a, b) => b.value_tenths - a.value_tenths || a.id - b.id)
  let order: BotCandidate[]
  if (strategy === 'favourite') order = byValue
  else if (strategy === 'captain_by_form')
    order = [...picked].sort((a, b) => b.form - a.form || b.value_tenths - a.value_tenths || a.id - b.id)
  else {
    const better = byValue.slice(0, Math.max(2, Math.ceil(byValue.length / 2)))
    const least = [...better].sort((a, b) => a.selected_share - b.selected_share || a.id - b.id)
    // Among the least-picked few, chance decides: two differential bots need not agree.
    const first = rng.pick(least.slice(0, Math.min(3, least.length)))
    order = [first, ...least.filter((p) => p.id !== first.id)]
  }
  return [(order[0] as BotCandidate).id, (order[1] as BotCandidate).id]
}

/**
 * A valid team within budget from `pool`, or null if the pool holds none. Greedy with
 * look-ahead (as `pickTeam`): players come in a weighted random order (Efraimidis–Spirakis
 * keys, u^(1/w)) and each is taken only if a valid team can still be completed with it.
 */
export function botTeam(
  strategy: FantasyBotStrategy,
  sport: string,
  pool: readonly BotCandidate[],
  rng: RandomStream,
  attempts = 20,
): PickedTeam | null {
  const maxValue = Math.max(0, ...pool.map((p) => p.value_tenths))
  return pickWithLookAhead(
    sport,
    pool,
    attempts,
    () => weightedOrder(pool, rng, (p) => Math.max(1e-6, weight(strategy, p, maxValue))),
    (chosen, picked) => {
      const [captain, vice] = captains(strategy, picked, rng)
      return { player_ids: [...chosen].sort((a, b) => a - b), captain_id: captain, vice_captain_id: vice }
    },
  )
}

/** Each player's share of `teams` (lists of player ids): what "selected by" means. */
export function selectionShares(teams: ReadonlyArray<readonly number[]>): Map<number, number> {
  const counts = new Map<number, number>()
  for (const team of teams) for (const id of team) counts.set(id, (counts.get(id) ?? 0) + 1)
  const shares = new Map<number, number>()
  for (const [id, n] of counts) shares.set(id, n / teams.length)
  return shares
}
