import { type AuctionPlayer, balanceDeficit, roleCounts, type SquadRules } from './rules'

/**
 * Auction settings that can never work, found before the auction exists: every one of them
 * would otherwise be accepted and then refuse every bid (or never fill a squad).
 */

/** The balance rule of a balanced squad: ≥1 keeper, ≥6 who bat, ≥5 who bowl. */
export const SQUAD_BALANCE = { keepers: 1, batters: 6, bowlers: 5 } as const

/** A balanced squad also needs this many players to score a match (DESIGN §5, "Scoring"). */
export const BALANCED_SQUAD_SIZE = 11

/**
 * An auction needs at least two squads to be worth running. (A tournament starts with four
 * managers, but a series too small to fill four squads of 11 still plays: squads end short.)
 */
export const MIN_SQUADS = 2

export type SettingsField = 'squad_min' | 'squad_max' | 'purse' | 'pool'

export interface SettingsProblem {
  field: SettingsField
  message: string
}

/**
 * What is impossible about `rules` over `pool`, or [] when the auction can run:
 * - squad_min above squad_max;
 * - a balanced squad that cannot fit in squad_max: below the balance rule's minimum (a
 *   keeper bats and an all-rounder does both, so 6) the engine would refuse every bid as
 *   "squad balance", and below 11 no squad could ever score a match;
 * - a pool too small, or without the roles, for `squads` squads (default two);
 * - a purse that cannot pay for a minimum squad at the cheapest base prices (no bid is ever
 *   within a manager's maximum).
 */
export function settingsProblems(
  rules: SquadRules,
  pool: readonly AuctionPlayer[],
  squads = MIN_SQUADS,
): SettingsProblem[] {
  const problems: SettingsProblem[] = []
  if (rules.squadMin > rules.squadMax)
    problems.push({ field: 'squad_min', message: 'must not be above squad_max' })
  if (rules.balance) {
    const needed = Math.max(balanceDeficit(rules, []), BALANCED_SQUAD_SIZE)
    if (rules.squadMax < needed)
      problems.push({
        field: 'squad_max',
        message: `must be at least ${needed} for a balanced squad (${needed} players with ${rules.balance.keepers} keeper, ${rules.balance.batters} who bat, ${rules.balance.bowlers} who bowl, to score a match); or set balanced to false`,
      })
  }
  if (pool.length < rules.squadMin * squads) {
    problems.push({
      field: 'pool',
      message: `has ${pool.length} players; ${squads} squads need ${rules.squadMin * squads}`,
    })
  } else if (rules.balance) {
    const roles = roleCounts(pool)
    const short = [
      [roles.keepers, rules.balance.keepers, 'keepers'],
      [roles.batters, rules.balance.batters, 'players who bat'],
      [roles.bowlers, rules.balance.bowlers, 'players who bowl'],
    ].find(([have, need]) => (have as number) < (need as number) * squads)
    if (short)
      problems.push({
        field: 'pool',
        message: `has ${short[0]} ${short[2]}; ${squads} balanced squads need ${(short[1] as number) * squads}`,
      })
  }
  const cheapest = pool
    .map((p) => p.basePrice)
    .sort((a, b) => a - b)
    .slice(0, rules.squadMin)
    .reduce((sum, price) => sum + price, 0)
  if (pool.length >= rules.squadMin && cheapest > rules.purse)
    problems.push({
      field: 'purse',
      message: `must pay for a minimum squad: the ${rules.squadMin} cheapest players cost ${cheapest}`,
    })
  return problems
}
