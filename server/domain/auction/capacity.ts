import { type AuctionPlayer, roleCounts, type SquadRules } from './rules'
import { BALANCED_SQUAD_SIZE } from './settings'

/**
 * How many managers an auction can take (docs/auctions.md "Pools and capacity"):
 * as many as the pool can give a full squad each, no more than there are franchise colours,
 * and no more than the owner's own cap.
 */

/** The squad each manager must be able to complete: squad_min, and at least 11 when squads are balanced. */
export function squadSizeOf(rules: Pick<SquadRules, 'squadMin' | 'balance'>): number {
  return rules.balance ? Math.max(rules.squadMin, BALANCED_SQUAD_SIZE) : Math.max(1, rules.squadMin)
}

/**
 * The most managers `pool` can give a squad of `squadSizeOf(rules)` each — with a balanced
 * squad's keeper, six who bat and five who bowl when squads are balanced. Each role is counted
 * over the whole pool, as `settingsProblems` does: a keeper bats and an all-rounder does both,
 * and spread evenly over the squads the counts are enough.
 */
export function poolCapacity(
  rules: Pick<SquadRules, 'squadMin' | 'balance'>,
  pool: readonly AuctionPlayer[],
) {
  const bySize = Math.floor(pool.length / squadSizeOf(rules))
  if (!rules.balance) return bySize
  const { keepers, batters, bowlers } = roleCounts(pool)
  const { balance } = rules
  return Math.min(
    bySize,
    balance.keepers > 0 ? Math.floor(keepers / balance.keepers) : bySize,
    balance.batters > 0 ? Math.floor(batters / balance.batters) : bySize,
    balance.bowlers > 0 ? Math.floor(bowlers / balance.bowlers) : bySize,
  )
}

export interface Capacity {
  /** Players in the auction's pool. */
  pool_players: number
  /** The squad every manager must be able to complete. */
  squad_size: number
  /** Managers the pool can give such a squad each. */
  pool_managers: number
  /** Franchise colours on offer: one per manager. */
  colors: number
  /** The owner's cap, or null for none. */
  owner_cap: number | null
  /** The fewest of the three: how many managers may join (owner included, bots included). */
  max_managers: number
}

export function capacityOf(
  rules: Pick<SquadRules, 'squadMin' | 'balance'>,
  pool: readonly AuctionPlayer[],
  colors: number,
  ownerCap: number | null,
): Capacity {
  const poolManagers = poolCapacity(rules, pool)
  return {
    pool_players: pool.length,
    squad_size: squadSizeOf(rules),
    pool_managers: poolManagers,
    colors,
    owner_cap: ownerCap,
    max_managers: Math.min(poolManagers, colors, ownerCap ?? Number.POSITIVE_INFINITY),
  }
}
