import { useSearchParams } from 'react-router'
import type { Direction, ListParams, SortKey } from './api'

/**
 * Sorting and filters live in the address (`?sort=2&dir=1&filters=1,5`), so a list can be
 * shared, reloaded and walked back through. The spec's default is prize pool, highest first.
 */
export function useListParams(): [ListParams, (next: Partial<ListParams>) => void] {
  const [search, setSearch] = useSearchParams()
  const { sort, direction, filterIds } = readListParams(search)
  const update = (next: Partial<ListParams>) => {
    const merged = { sort, direction, filterIds, ...next }
    setSearch(
      (current) => {
        const out = new URLSearchParams(current)
        if (merged.sort === 1) out.delete('sort')
        else out.set('sort', String(merged.sort))
        if (merged.direction === -1) out.delete('dir')
        else out.set('dir', '1')
        if (merged.filterIds.length === 0) out.delete('filters')
        else out.set('filters', [...merged.filterIds].sort((a, b) => a - b).join(','))
        return out
      },
      { replace: true },
    )
  }
  return [{ sort, direction, filterIds }, update]
}

/** A list's sorting and filters as its address gives them (the route's prefetch reads them the same way). */
export function readListParams(search: URLSearchParams): ListParams {
  const sortRaw = Number(search.get('sort'))
  const sort: SortKey = sortRaw === 2 || sortRaw === 3 || sortRaw === 4 ? sortRaw : 1
  const direction: Direction = search.get('dir') === '1' ? 1 : -1
  const filterIds = (search.get('filters') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
  return { sort, direction, filterIds }
}

const RECENT_KEY = 'recent_contest_filters'
/** Spec §5 and §9: recent filters are kept locally, at most 2. */
export const RECENT_LIMIT = 2

/** The last applied filter selections, newest first (each a sorted list of filter ids). */
export function recentFilters(): number[][] {
  try {
    const raw = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as unknown
    if (!Array.isArray(raw)) return []
    return raw
      .filter((set): set is number[] => Array.isArray(set) && set.every((id) => Number.isInteger(id)))
      .slice(0, RECENT_LIMIT)
  } catch {
    return []
  }
}

export function rememberFilters(ids: number[]): number[][] {
  if (ids.length === 0) return recentFilters()
  const set = [...ids].sort((a, b) => a - b)
  const key = set.join(',')
  const next = [set, ...recentFilters().filter((s) => s.join(',') !== key)].slice(0, RECENT_LIMIT)
  localStorage.setItem(RECENT_KEY, JSON.stringify(next))
  return next
}
