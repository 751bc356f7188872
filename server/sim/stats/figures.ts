/**
 * What `fanspole sim stats` and the statistical regression test compare: a headline figure of
 * many simulated matches (one value per sample — per innings, per match or per race; a share
 * is the mean of 0/1 values) against its target in a profile (server/sim/profiles.ts).
 */
export interface FigureSample {
  /** Stable key, e.g. `all_out_1st`, `rpo_death_1st`, `retirements`. */
  key: string
  /** What a reader sees, e.g. "all out, 1st innings". */
  label: string
  /** `share`: values are 0/1 and the figure prints as a percentage. */
  kind: 'mean' | 'share'
  /** One value per sample. */
  values: number[]
}

export interface FigureTarget {
  key: string
  value: number
  /** ±fraction of the value (0.1 = ±10%), or ± percentage points for a share. */
  tolerance: { relative: number } | { points: number }
  /** Where the target comes from (a dataset, a season's published statistics). */
  source: string
}

export interface Distribution {
  n: number
  mean: number
  sd: number
  p10: number
  p50: number
  p90: number
}

export function distribution(values: readonly number[]): Distribution {
  const n = values.length
  if (n === 0)
    return { n: 0, mean: Number.NaN, sd: Number.NaN, p10: Number.NaN, p50: Number.NaN, p90: Number.NaN }
  const sorted = [...values].sort((a, b) => a - b)
  const mean = sorted.reduce((s, v) => s + v, 0) / n
  const variance = sorted.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, n - 1)
  const at = (q: number) => sorted[Math.min(n - 1, Math.floor(q * n))] as number
  return { n, mean, sd: Math.sqrt(variance), p10: at(0.1), p50: at(0.5), p90: at(0.9) }
}

/** The band a figure's mean must fall in: [low, high]. A share's value and points are fractions (0.071, 0.015). */
export function band(target: FigureTarget): [number, number] {
  const t = target.tolerance
  const width = 'relative' in t ? Math.abs(target.value) * t.relative : t.points
  return [target.value - width, target.value + width]
}

export function withinTarget(mean: number, target: FigureTarget): boolean {
  const [low, high] = band(target)
  return mean >= low && mean <= high
}
