const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
}
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d|w))+$/
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g

export const DURATION_EXAMPLES = '90s, 15m, 2h, 3d or 1h30m'
export const DURATION_HINT =
  'a duration such as 2h, 90m, 1h30m, 15s, 250ms or 1d, or a number of milliseconds'

/**
 * `90s`, `15m`, `2h`, `3d`, `1w`, `1h30m`, `250ms` → milliseconds; a number (as YAML gives
 * one) is milliseconds already. A bare "2" is refused: 2 what?
 */
export function parseDuration(input: string | number): number | undefined {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? Math.round(input) : undefined
  const text = input.trim().toLowerCase()
  if (!DURATION.test(text)) return undefined
  let total = 0
  for (const [, amount, unit] of text.matchAll(PART)) total += Number(amount) * (UNIT_MS[unit as string] ?? 0)
  return Math.round(total)
}

/**
 * An instant from the command line: epoch milliseconds (`1795500000000`) or an ISO 8601
 * date-time (`2026-11-22T18:30:00Z`, `2026-11-22T18:30+05:30`, `2026-11-22`).
 */
export function parseInstant(input: string): number | undefined {
  const text = input.trim()
  if (/^\d+$/.test(text)) return Number(text)
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/i.test(text)) return undefined
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? undefined : ms
}

/** `2d 3h 4m 5s` (largest units first, zero parts left out; `0s` for nothing). */
export function formatDuration(ms: number): string {
  const parts: string[] = []
  let rest = Math.round(Math.abs(ms) / 1000)
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    const n = Math.floor(rest / size)
    rest -= n * size
    if (n > 0) parts.push(`${n}${unit}`)
  }
  return `${ms < 0 ? '-' : ''}${parts.join(' ') || '0s'}`
}

/** `2026-11-22 06:00:00 UTC` — readable and unambiguous. */
export function formatInstant(ms: number): string {
  return `${new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '')} UTC`
}
