import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/Button'
import { Dialog } from '../../components/Dialog'
import { ArrowDownIcon, ArrowUpIcon, CloseIcon, FilterIcon } from '../../components/Icons'
import { type ContestFilter, filtersQuery, type ListParams, type SortKey } from './api'
import contests from './contests.module.css'
import { recentFilters, rememberFilters } from './list-params'
import styles from './sort-filter.module.css'

const SORTS: Array<{ key: SortKey; label: string }> = [
  { key: 1, label: 'Prize Pool' },
  { key: 2, label: 'Spots' },
  { key: 3, label: 'Winners' },
  { key: 4, label: 'Entry' },
]

/**
 * Sort tabs (spec §9 keys; tapping the active one flips the direction) and the filters:
 * a sheet of GET /api/contest_filters, the active ones as removable chips, and the two
 * most recent selections one tap away.
 */
export function SortFilterBar({
  params,
  onChange,
  sortable = true,
}: {
  params: ListParams
  onChange: (next: Partial<ListParams>) => void
  sortable?: boolean
}) {
  const filters = useQuery(filtersQuery)
  const [open, setOpen] = useState(false)
  const [recent, setRecent] = useState(recentFilters)
  const byId = new Map((filters.data ?? []).map((f) => [f.id, f]))
  const names = (ids: number[]) => ids.map((id) => byId.get(id)?.name ?? `#${id}`).join(' + ')
  const apply = (ids: number[]) => {
    setRecent(rememberFilters(ids))
    onChange({ filterIds: ids })
  }
  return (
    <div className={styles.bar}>
      <div className={styles.sortRow}>
        <SortTabs params={params} onChange={onChange} sortable={sortable} />
        <button
          type="button"
          className={sortable ? styles.filterButton : styles.filterPill}
          onClick={() => setOpen(true)}
          data-testid="open-filters"
          aria-label={`Filters${params.filterIds.length ? `, ${params.filterIds.length} on` : ''}`}
        >
          <FilterIcon width={16} height={16} />
          {sortable ? null : 'Filters'}
          {params.filterIds.length > 0 ? (
            <span className={styles.filterCount}>{params.filterIds.length}</span>
          ) : null}
        </button>
      </div>
      <FilterChips
        params={params}
        onChange={onChange}
        recent={recent}
        byId={byId}
        apply={apply}
        names={names}
      />
      <FilterSheet
        open={open}
        filters={filters.data ?? []}
        selected={params.filterIds}
        onClose={() => setOpen(false)}
        onApply={(ids) => {
          apply(ids)
          setOpen(false)
        }}
      />
    </div>
  )
}

function FilterSheet({
  open,
  filters,
  selected,
  onClose,
  onApply,
}: {
  open: boolean
  filters: ContestFilter[]
  selected: number[]
  onClose: () => void
  onApply: (ids: number[]) => void
}) {
  const [picked, setPicked] = useState<number[]>(selected)
  const [wasOpen, setWasOpen] = useState(open)
  // Each opening starts from the filters in force.
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) setPicked(selected)
  }
  const groups = [...new Set(filters.map((f) => f.group))]
  const titles: Record<string, string> = { entry: 'Entry fee', size: 'Contest size', type: 'Contest type' }
  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]))
  return (
    <Dialog
      open={open}
      title="Filters"
      onClose={onClose}
      testId="filter-sheet"
      footer={
        <>
          <Button variant="ghost" onClick={() => setPicked([])}>
            Clear
          </Button>
          <Button onClick={() => onApply(picked)} data-testid="apply-filters">
            Apply
          </Button>
        </>
      }
    >
      {groups.map((group) => (
        <fieldset key={group} className={styles.filterGroup}>
          <legend>{titles[group] ?? group}</legend>
          <div className={styles.filterChips}>
            {filters
              .filter((f) => f.group === group)
              .map((f) => (
                <button
                  key={f.id}
                  type="button"
                  className={styles.filterChip}
                  aria-pressed={picked.includes(f.id)}
                  onClick={() => toggle(f.id)}
                >
                  {f.name}
                </button>
              ))}
          </div>
        </fieldset>
      ))}
      <p className={contests.note}>Filters of one kind are alternatives; different kinds must all match.</p>
    </Dialog>
  )
}

/** The active filters as removable chips, and the recent selections one tap away. */
function FilterChips({
  params,
  onChange,
  recent,
  byId,
  apply,
  names,
}: {
  params: ListParams
  onChange: (next: Partial<ListParams>) => void
  recent: number[][]
  byId: Map<number, { name: string }>
  apply: (ids: number[]) => void
  names: (ids: number[]) => string
}) {
  return (
    <>
      {params.filterIds.length > 0 || recent.length > 0 ? (
        <div className={styles.chipRow}>
          {params.filterIds.map((id) => (
            <button
              key={id}
              type="button"
              className={styles.activeChip}
              onClick={() => onChange({ filterIds: params.filterIds.filter((f) => f !== id) })}
              aria-label={`Remove filter ${byId.get(id)?.name ?? id}`}
            >
              {byId.get(id)?.name ?? `#${id}`} <CloseIcon width={12} height={12} />
            </button>
          ))}
          {recent.length > 0 ? (
            <span className={styles.recent} data-testid="recent-filters">
              <span className={styles.recentLabel}>Recent</span>
              {recent.map((set) => (
                <button
                  key={set.join(',')}
                  type="button"
                  className={styles.recentChip}
                  data-testid="recent-filter"
                  onClick={() => apply(set)}
                >
                  {names(set)}
                </button>
              ))}
            </span>
          ) : null}
        </div>
      ) : null}
    </>
  )
}

/** The sort tabs; tapping the active one flips the direction. */
function SortTabs({
  params,
  onChange,
  sortable,
}: {
  params: ListParams
  onChange: (next: Partial<ListParams>) => void
  sortable: boolean
}) {
  return (
    <>
      {sortable ? (
        <fieldset className={styles.sorts} aria-label="Sort by">
          {SORTS.map((s) => {
            const active = params.sort === s.key
            return (
              <button
                key={s.key}
                type="button"
                className={styles.sort}
                aria-pressed={active}
                data-testid={`sort-${s.key}`}
                data-direction={active ? params.direction : undefined}
                onClick={() =>
                  onChange(
                    active ? { direction: params.direction === -1 ? 1 : -1 } : { sort: s.key, direction: -1 },
                  )
                }
              >
                {s.label}
                {active ? (
                  params.direction === -1 ? (
                    <ArrowDownIcon width={14} height={14} aria-label="highest first" />
                  ) : (
                    <ArrowUpIcon width={14} height={14} aria-label="lowest first" />
                  )
                ) : null}
              </button>
            )
          })}
        </fieldset>
      ) : null}
    </>
  )
}
