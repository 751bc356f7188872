/**
 * Side-by-side rounds: the product and its baseline measured in the same run, taking turns at
 * going first (round 1 product first, round 2 baseline first, …), so that whatever drifts over a
 * run (the machine's load, a warming disk, the JIT of the bench process) falls on both sides.
 */
export type Side = 'server' | 'baseline'

/**
 * Which side goes first in round `round` (0-based) and which second; `only` one side (to
 * profile it alone) runs just that side.
 */
export function roundOrder(round: number, only?: Side): Side[] {
  if (only) return [only]
  return round % 2 === 0 ? ['server', 'baseline'] : ['baseline', 'server']
}

export const median = (xs: number[]): number => {
  if (xs.length === 0) return Number.NaN
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2
    ? (s[(s.length - 1) / 2] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2
}

export const round2 = (x: number) => Math.round(x * 100) / 100
