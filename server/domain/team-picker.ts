import type { RandomStream } from './rng'
import { canComplete } from './team/completion'
import { type SportRules, sportRules, type TeamPlayer, validateTeam } from './team-rules'

export interface PickedTeam {
  player_ids: number[]
  captain_id: number
  vice_captain_id: number
}

/**
 * A valid team picked from a match's pool, the way a casual player would: better players
 * are likelier picks, but the budget and the role rules must hold. Greedy with look-ahead:
 * a player is taken only if the team can still become valid afterwards. Deterministic for
 * the same random stream. Used by the demo seeds, bots and scenario helpers.
 */
export function pickTeam(
  sport: string,
  pool: readonly TeamPlayer[],
  rng: RandomStream,
  attempts = 40,
): PickedTeam | null {
  return pickWithLookAhead(
    sport,
    pool,
    attempts,
    // Pricier (better) players tend to come first.
    () => weightedOrder(pool, rng, (p) => Math.max(1, p.value_tenths)),
    (chosen, picked) => {
      const byValue = [...picked].sort((a, b) => b.value_tenths - a.value_tenths || a.id - b.id)
      const top = byValue.slice(0, Math.min(4, byValue.length))
      const captain = rng.pick(top)
      const vice = rng.pick(top.filter((p) => p.id !== captain.id))
      return { player_ids: chosen, captain_id: captain.id, vice_captain_id: vice.id }
    },
  )
}

/**
 * Up to `attempts` tries of: the pool in the order `orderOf` gives, taken greedily with
 * look-ahead (`takeInOrder`), then captained by `finish` (given the chosen ids in the order
 * taken and the chosen players in pool order). The first valid team, or null.
 */
export function pickWithLookAhead<T extends TeamPlayer>(
  sport: string,
  pool: readonly T[],
  attempts: number,
  orderOf: () => readonly T[],
  finish: (chosen: number[], picked: T[]) => PickedTeam,
): PickedTeam | null {
  const rules = sportRules(sport)
  for (let attempt = 0; attempt < attempts; attempt++) {
    const chosen = takeInOrder(rules, pool, orderOf())
    if (!chosen) continue
    const team = finish(
      chosen,
      pool.filter((p) => chosen.includes(p.id)),
    )
    if (validateTeam(rules, pool, team).valid_team) return team
  }
  return null
}

/**
 * Players in a random order where heavier ones tend to come first: Efraimidis–Spirakis keys,
 * u^(1/w), ties broken by id. `weightOf` must be positive.
 */
export function weightedOrder<T extends { id: number }>(
  pool: readonly T[],
  rng: RandomStream,
  weightOf: (p: T) => number,
): T[] {
  return pool
    .map((p) => ({ p, key: rng.next() ** (1 / weightOf(p)) }))
    .sort((a, b) => b.key - a.key || a.p.id - b.p.id)
    .map((x) => x.p)
}

/**
 * Greedy with look-ahead: players of `order` are taken one by one after the `start` ones,
 * each only if a valid team within budget can still be completed from the pool with it.
 * Null unless the team fills.
 */
export function takeInOrder(
  rules: SportRules,
  pool: readonly TeamPlayer[],
  order: readonly TeamPlayer[],
  start: readonly number[] = [],
): number[] | null {
  const chosen: number[] = [...start]
  for (const player of order) {
    if (chosen.length === rules.team_size) break
    if (!chosen.includes(player.id) && canComplete(rules, pool, [...chosen, player.id]))
      chosen.push(player.id)
  }
  return chosen.length === rules.team_size ? chosen : null
}
