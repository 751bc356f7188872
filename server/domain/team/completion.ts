import { positionRules } from './positions'
import { countStyles, type SportRules, type StyleCounts, sportRules, type TeamPlayer } from './sports'

/**
 * Can `selected` still become a valid team using players from `candidates`, within budget?
 * The builder asks this for every player it might grey out, so the search works on style
 * counts, not players: within one style only the cheapest players matter, so a completion
 * is "how many of each style", at most C(11 + 6, 6) = 12,376 vectors for cricket, and two
 * bounds cut almost all of them — the position rules' fewest-additions count and the cost of
 * the cheapest players left.
 */
export function completionExists(
  sport: SportRules | string,
  selected: ReadonlyArray<TeamPlayer>,
  candidates: ReadonlyArray<TeamPlayer>,
): boolean {
  const rules = sportRules(sport)
  const positions = positionRules(rules.family)
  const budgetLeft = rules.budget_tenths - selected.reduce((sum, p) => sum + p.value_tenths, 0)
  const free = rules.team_size - selected.length
  if (free < 0 || budgetLeft < 0) return false

  const taken = new Set(selected.map((p) => p.id))
  const groups = new Map<number, number[]>()
  for (const c of candidates) {
    if (taken.has(c.id)) continue
    taken.add(c.id)
    const values = groups.get(c.style) ?? []
    values.push(c.value_tenths)
    groups.set(c.style, values)
  }
  const styles = [...groups.keys()].sort((a, b) => a - b)
  // prefix[i][k]: cost of the k cheapest players of styles[i].
  const prefix = styles.map((style) => cumulative(groups.get(style)!.sort((a, b) => a - b)))
  // cheapestFrom[i][k]: cost of the k cheapest players among styles[i..], Infinity if too few.
  const cheapestFrom = styles.map((_, i) =>
    cumulative(
      styles
        .slice(i)
        .flatMap((style) => groups.get(style)!)
        .sort((a, b) => a - b),
    ),
  )

  const counts: StyleCounts = countStyles(selected)
  const search = (i: number, left: number, cost: number): boolean => {
    if (positions.additionsNeeded(counts) > left) return false
    if (left === 0) return true
    if (i === styles.length) return false
    if (cost + (cheapestFrom[i]![left] ?? Number.POSITIVE_INFINITY) > budgetLeft) return false
    const style = styles[i]!
    const costs = prefix[i]!
    const before = counts.get(style) ?? 0
    for (let take = Math.min(left, costs.length - 1); take >= 0; take--) {
      if (cost + costs[take]! > budgetLeft) continue
      counts.set(style, before + take)
      const found = search(i + 1, left - take, cost + costs[take]!)
      counts.set(style, before)
      if (found) return true
    }
    return false
  }
  return search(0, free, 0)
}

/** Pool-level `completionExists` by ids: does `pool` hold a valid team containing `selectedIds`? */
export function canComplete(
  sport: SportRules | string,
  pool: ReadonlyArray<TeamPlayer>,
  selectedIds: ReadonlyArray<number>,
): boolean {
  const byId = new Map(pool.map((p) => [p.id, p]))
  const selected: TeamPlayer[] = []
  for (const id of new Set(selectedIds)) {
    const player = byId.get(id)
    if (!player) return false
    selected.push(player)
  }
  if (selected.length !== selectedIds.length) return false
  return completionExists(sport, selected, pool)
}

function cumulative(values: ReadonlyArray<number>): number[] {
  const out = [0]
  for (const v of values) out.push(out.at(-1)! + v)
  return out
}
