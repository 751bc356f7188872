import type { RandomStream } from './rng'
import { type PickedTeam, takeInOrder } from './team-picker'
import { canComplete, sportRules, type TeamPlayer } from './team-rules'

/**
 * Teams built by a strategy, the way players describe their picks: `favourite` (the
 * most-selected players, the dearest first among equals), `differential` (the least-selected,
 * cheapest first among equals: the picks few others have) and `random` (a seeded shuffle).
 * Pure: the scenario step `build_team` uses it, and a `fanspole team create --strategy` can.
 */
export const TEAM_STRATEGIES = ['favourite', 'differential', 'random'] as const
export type TeamStrategy = (typeof TEAM_STRATEGIES)[number]

/** A pool player with the share of teams that picked them (0–100; null before anyone has). */
export interface StrategyPlayer extends TeamPlayer {
  selected_by?: number | null
}

const share = (p: StrategyPlayer) => p.selected_by ?? 0

/** The pool in the order the strategy prefers its players; ties end on the id (deterministic). */
export function strategyOrder<T extends StrategyPlayer>(
  strategy: TeamStrategy,
  pool: readonly T[],
  rng: RandomStream,
): T[] {
  if (strategy === 'random') return rng.shuffle([...pool])
  const sign = strategy === 'favourite' ? 1 : -1
  return [...pool].sort(
    (a, b) => sign * (share(b) - share(a)) || sign * (b.value_tenths - a.value_tenths) || a.id - b.id,
  )
}

/**
 * A valid team holding `include`, the rest taken in the strategy's order with the picker's
 * look-ahead (each addition kept only if the team can still be completed within the budget
 * and the role rules). Captain and vice-captain: the first two of the team in that order.
 * Null when no valid team holds `include`.
 */
export function buildTeam(
  sport: string,
  pool: readonly StrategyPlayer[],
  strategy: TeamStrategy,
  rng: RandomStream,
  include: readonly number[] = [],
): PickedTeam | null {
  const rules = sportRules(sport)
  if (!canComplete(rules, pool, [...include])) return null
  const order = strategyOrder(strategy, pool, rng)
  const chosen = takeInOrder(rules, pool, order, include)
  if (!chosen) return null
  const [captain, vice] = order.filter((p) => chosen.includes(p.id))
  return {
    player_ids: chosen,
    captain_id: (captain as StrategyPlayer).id,
    vice_captain_id: (vice as StrategyPlayer).id,
  }
}
