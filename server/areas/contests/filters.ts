/**
 * Contest filters (`filter_ids`): a fixed catalogue in groups. Filters of one group are
 * alternatives (OR); groups combine (AND). Ids are stable.
 */
export interface ContestFilter {
  id: number
  group: 'entry' | 'size' | 'type'
  name: string
}

export const CONTEST_FILTERS: ContestFilter[] = [
  { id: 1, group: 'entry', name: 'Free' },
  { id: 2, group: 'entry', name: '₹1 – ₹50' },
  { id: 3, group: 'entry', name: '₹51 – ₹500' },
  { id: 4, group: 'entry', name: '₹501 & above' },
  { id: 5, group: 'size', name: 'Head to head' },
  { id: 6, group: 'size', name: '3 – 20 spots' },
  { id: 7, group: 'size', name: '21 – 1,000 spots' },
  { id: 8, group: 'size', name: 'Above 1,000 spots' },
  { id: 9, group: 'type', name: 'Guaranteed' },
  { id: 10, group: 'type', name: 'Multi entry' },
  { id: 11, group: 'type', name: 'Single entry' },
]

export interface FilterableContest {
  entry_fee_paise: number
  members_limit: number
  guaranteed: number
  max_entries: number
}

const TESTS: Record<number, (c: FilterableContest) => boolean> = {
  1: (c) => c.entry_fee_paise === 0,
  2: (c) => c.entry_fee_paise >= 100 && c.entry_fee_paise <= 5000,
  3: (c) => c.entry_fee_paise > 5000 && c.entry_fee_paise <= 50_000,
  4: (c) => c.entry_fee_paise > 50_000,
  5: (c) => c.members_limit === 2,
  6: (c) => c.members_limit >= 3 && c.members_limit <= 20,
  7: (c) => c.members_limit >= 21 && c.members_limit <= 1000,
  8: (c) => c.members_limit > 1000,
  9: (c) => c.guaranteed === 1,
  10: (c) => c.max_entries > 1,
  11: (c) => c.max_entries === 1,
}

export function unknownFilterIds(ids: number[]): number[] {
  return ids.filter((id) => !(id in TESTS))
}

export function matchesFilters(contest: FilterableContest, ids: number[]): boolean {
  const groups = new Map<string, number[]>()
  for (const id of ids) {
    const f = CONTEST_FILTERS.find((x) => x.id === id)
    if (!f) continue
    groups.set(f.group, [...(groups.get(f.group) ?? []), id])
  }
  for (const members of groups.values()) if (!members.some((id) => TESTS[id]?.(contest))) return false
  return true
}
