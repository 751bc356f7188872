import { useQuery } from '@tanstack/react-query'
import { type GangScope, seriesListQuery } from './api'

/** "IPL 2026 · daily" or "IPL 2026 · Phase 1", from the series list (null until it loads). */
export function useScopeTitle(scope: GangScope): string | null {
  const series = useQuery(seriesListQuery)
  for (const s of series.data ?? []) {
    if (scope.kind === 'series' && s.id === scope.id) return `${s.name} · daily`
    const phase = s.phases.find((p) => p.id === scope.id)
    if (scope.kind === 'phase' && phase) return `${s.name} · ${phase.name} (championship)`
  }
  return null
}
