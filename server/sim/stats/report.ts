import {
  band,
  type Distribution,
  distribution,
  type FigureSample,
  type FigureTarget,
  withinTarget,
} from './figures'

/** One line of `fanspole sim stats`: a figure's distribution beside its target and band. */
export interface FigureRow extends Distribution {
  key: string
  label: string
  kind: FigureSample['kind']
  target: { value: number; low: number; high: number; source: string } | null
  /** null: the profile has no target for it; false also when nothing was sampled (no ties, no free hits). */
  within: boolean | null
}

export function figureReport(
  samples: readonly FigureSample[],
  targets: readonly FigureTarget[],
): FigureRow[] {
  return samples.map((s) => {
    const d = distribution(s.values)
    const t = targets.find((x) => x.key === s.key)
    if (!t) return { key: s.key, label: s.label, kind: s.kind, ...d, target: null, within: null }
    const [low, high] = band(t)
    const within = d.n > 0 && withinTarget(d.mean, t)
    return {
      key: s.key,
      label: s.label,
      kind: s.kind,
      ...d,
      target: { value: t.value, low, high, source: t.source },
      within,
    }
  })
}
