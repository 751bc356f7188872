import type { Expression, SqlBool } from 'kysely'
import type { ContestConditions } from './queries'

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

type ContestScope = ContestConditions
type Condition = Expression<SqlBool>

/** Each filter as a condition on the contest row (`c`), so lists filter in SQL before paging. */
const CONDITIONS: Record<number, (eb: ContestScope) => Condition> = {
  1: (eb) => eb('c.entry_fee_paise', '=', 0),
  2: (eb) => eb.and([eb('c.entry_fee_paise', '>=', 100), eb('c.entry_fee_paise', '<=', 5000)]),
  3: (eb) => eb.and([eb('c.entry_fee_paise', '>', 5000), eb('c.entry_fee_paise', '<=', 50_000)]),
  4: (eb) => eb('c.entry_fee_paise', '>', 50_000),
  5: (eb) => eb('c.members_limit', '=', 2),
  6: (eb) => eb.and([eb('c.members_limit', '>=', 3), eb('c.members_limit', '<=', 20)]),
  7: (eb) => eb.and([eb('c.members_limit', '>=', 21), eb('c.members_limit', '<=', 1000)]),
  8: (eb) => eb('c.members_limit', '>', 1000),
  9: (eb) => eb('c.guaranteed', '=', 1),
  10: (eb) => eb('c.max_entries', '>', 1),
  11: (eb) => eb('c.max_entries', '=', 1),
}

export function unknownFilterIds(ids: number[]): number[] {
  return ids.filter((id) => !(id in CONDITIONS))
}

/** The filters as one condition: OR within a group, AND across groups; unknown ids are ignored. */
export function filterCondition(eb: ContestScope, ids: number[]): Condition {
  const groups = new Map<string, number[]>()
  for (const id of new Set(ids)) {
    const f = CONTEST_FILTERS.find((x) => x.id === id)
    if (f) groups.set(f.group, [...(groups.get(f.group) ?? []), id])
  }
  return eb.and(
    [...groups.values()].map((members) =>
      eb.or(members.map((id) => (CONDITIONS[id] as (eb: ContestScope) => Condition)(eb))),
    ),
  )
}
