/**
 * Rules for contests that players create, pure (docs/contest-creation.md); the game kinds are
 * in ./game-kinds.ts.
 *
 * Prize tables are stored as percent of the pool in basis points per rank (100% = 10000), so
 * the same table fits any pool: the pool a contest actually collects is only known at lock
 * (an unfilled guaranteed contest), and a saved prize table is reused across sizes and fees.
 * Money is integer paise; every conversion floors per rank and gives the remainder to rank 1,
 * so a table always pays exactly the pool, and rank 1 never gets less than rank 2.
 */
import { DEFAULT_RAKE_BPS, type PrizeRange, prizePool } from './prizes'

export const MEMBERS_LIMIT_MIN = 2
export const MEMBERS_LIMIT_MAX = 500
export const ENTRY_FEE_MAX_PAISE = 1_000_000 // ₹10,000
/** A ₹0 contest is private and at most 100 members. */
export const FREE_CONTEST_MEMBERS_MAX = 100
/** multiple_entries cap per user (1 when multiple_entries is false). */
export const MAX_ENTRIES_PER_USER_MAX = 11
/** Open (not locked/settled) contests a player owns at once. */
export const OPEN_OWNED_CONTESTS_MAX = 10
/** 100% of the pool in basis points. */
export const FULL_BPS = 10_000

/** Per-rank percent of the pool in basis points (100% = 10000); ranks from..to each get percent_bps. */
export interface PercentRange {
  from: number
  to: number
  percent_bps: number
}

export type PrizeOptionKey =
  | 'winner_takes_all'
  | 'top_3'
  | 'top_10_percent'
  | 'top_25_percent'
  | 'top_50_percent'

export interface PrizeOption {
  key: PrizeOptionKey
  label: string
  ranges: PercentRange[]
}

export const PRIZE_OPTION_KEYS: readonly PrizeOptionKey[] = [
  'winner_takes_all',
  'top_3',
  'top_10_percent',
  'top_25_percent',
  'top_50_percent',
]

const PERCENT_OPTIONS: readonly { key: PrizeOptionKey; share: number; label: string }[] = [
  { key: 'top_10_percent', share: 10, label: 'Top 10%' },
  { key: 'top_25_percent', share: 25, label: 'Top 25%' },
  { key: 'top_50_percent', share: 50, label: 'Top 50%' },
]

/**
 * The generated prize tables valid for a contest of `membersLimit`: winner takes all always;
 * the others only when some member goes home empty-handed (winners < members) and when they
 * differ from an option already offered (a 25% table with 3 winners would repeat top 3).
 */
export function prizeOptions(membersLimit: number): PrizeOption[] {
  const options: PrizeOption[] = [
    {
      key: 'winner_takes_all',
      label: 'Winner takes all',
      ranges: [{ from: 1, to: 1, percent_bps: FULL_BPS }],
    },
  ]
  const offered = new Set<number>([1])
  if (membersLimit > 3) {
    options.push({ key: 'top_3', label: 'Top 3 (50/30/20)', ranges: top3() })
    offered.add(3)
  }
  for (const o of PERCENT_OPTIONS) {
    const winners = Math.floor((membersLimit * o.share) / 100)
    if (winners < 2 || winners >= membersLimit || offered.has(winners)) continue
    offered.add(winners)
    options.push({ key: o.key, label: `${o.label} (${winners} winners)`, ranges: falloffRanges(winners) })
  }
  return options
}

export function prizeOption(key: string, membersLimit: number): PrizeOption | null {
  return prizeOptions(membersLimit).find((o) => o.key === key) ?? null
}

function top3(): PercentRange[] {
  return [
    { from: 1, to: 1, percent_bps: 5000 },
    { from: 2, to: 2, percent_bps: 3000 },
    { from: 3, to: 3, percent_bps: 2000 },
  ]
}

/**
 * `winners` ranks with weights falling off as 1/rank^0.9 (the house's tiered tables), floored
 * to whole basis points and grouped in bands of equal percent from rank 4 on (each band pays
 * its lowest rank's percent); everything floored away goes to rank 1.
 */
function falloffRanges(winners: number): PercentRange[] {
  const weights = Array.from({ length: winners }, (_, i) => 1 / (i + 1) ** 0.9)
  const total = weights.reduce((a, b) => a + b, 0)
  const bps = weights.map((w) => Math.floor((FULL_BPS * w) / total))
  const ranges: PercentRange[] = []
  for (let rank = 1; rank <= winners; ) {
    const band = rank <= 3 ? 1 : rank <= 10 ? 7 : rank <= 50 ? 20 : rank <= 200 ? 50 : 250
    const to = Math.min(winners, rank + band - 1)
    ranges.push({ from: rank, to, percent_bps: Math.min(...bps.slice(rank - 1, to)) })
    rank = to + 1
  }
  return withRemainderOnRankOne(ranges, 'percent_bps', FULL_BPS)
}

type Errors = Record<string, string[]>

function addError(errors: Errors, key: string, message: string): void {
  const list = errors[key]
  if (list) list.push(message)
  else errors[key] = [message]
}

type ValueKey = 'percent_bps' | 'amount_paise'
type Ranged<K extends ValueKey> = { from: number; to: number } & Record<K, number>

/**
 * The checks percent and amount tables share: at least one range; whole ranks from ≤ to;
 * contiguous from rank 1 (no gap, no overlap); at most `membersLimit` winners; every value a
 * whole number > 0 and no rank paid more than the rank above it. Returns the per-rank total.
 */
function rangeErrors<K extends ValueKey>(
  ranges: readonly Ranged<K>[],
  key: K,
  membersLimit: number,
  errors: Errors,
): number {
  if (ranges.length === 0) {
    addError(errors, 'prize_ranges', 'Add at least one prize rank')
    return 0
  }
  let expectedFrom = 1
  let previous = Number.POSITIVE_INFINITY
  let total = 0
  ranges.forEach((r, i) => {
    const at = `prize_ranges.${i}`
    const wholeRanks = Number.isInteger(r.from) && Number.isInteger(r.to) && r.from >= 1
    if (!wholeRanks) addError(errors, `${at}.from`, 'Ranks are whole numbers from 1')
    else if (r.to < r.from) addError(errors, `${at}.to`, `Must be at least ${r.from}`)
    else {
      if (r.from < expectedFrom)
        addError(errors, `${at}.from`, `Overlaps rank ${r.from}; start at ${expectedFrom}`)
      else if (r.from > expectedFrom) addError(errors, `${at}.from`, `Leaves a gap; start at ${expectedFrom}`)
      if (r.to > membersLimit) addError(errors, `${at}.to`, `More winners than members (${membersLimit})`)
      expectedFrom = Math.max(expectedFrom, r.to + 1)
    }
    const value = r[key]
    if (!Number.isInteger(value) || value <= 0) {
      addError(errors, `${at}.${key === 'percent_bps' ? 'percent' : 'amount'}`, 'Must be more than 0')
      return
    }
    if (value > previous)
      addError(
        errors,
        `${at}.${key === 'percent_bps' ? 'percent' : 'amount'}`,
        'Must not be more than the rank above',
      )
    previous = value
    if (wholeRanks && r.to >= r.from) total += value * (r.to - r.from + 1)
  })
  return total
}

/**
 * Field errors (`{ 'prize_ranges.1.from': ['…'] }` style, or on `prize_ranges`) or null when valid:
 * contiguous from rank 1, no overlap/gap, from ≤ to, winners ≤ membersLimit, Σ percent×ranks = 10000,
 * each > 0, non-increasing by rank.
 */
export function percentRangeErrors(ranges: readonly PercentRange[], membersLimit: number): Errors | null {
  const errors: Errors = {}
  const total = rangeErrors(ranges, 'percent_bps', membersLimit, errors)
  if (Object.keys(errors).length === 0 && total !== FULL_BPS)
    addError(errors, 'prize_ranges', `Percentages add up to ${formatBps(total)}%, not 100%`)
  return Object.keys(errors).length === 0 ? null : errors
}

/** Same checks for custom amounts (rupee amounts in paise per rank); Σ = poolPaise exactly. */
export function amountRangeErrors(
  ranges: readonly PrizeRange[],
  poolPaise: number,
  membersLimit: number,
): Errors | null {
  const errors: Errors = {}
  if (poolPaise <= 0) {
    addError(errors, 'prize_ranges', 'A free contest has no prize money to split; choose percentages')
    return errors
  }
  const total = rangeErrors(ranges, 'amount_paise', membersLimit, errors)
  if (Object.keys(errors).length === 0 && total !== poolPaise)
    addError(errors, 'prize_ranges', `Prizes add up to ₹${total / 100}, not the pool of ₹${poolPaise / 100}`)
  return Object.keys(errors).length === 0 ? null : errors
}

/**
 * Floors `value` per rank was computed by the caller; this puts `target − Σ` on rank 1,
 * splitting a leading range (1..n) so that only rank 1 gets it.
 */
function withRemainderOnRankOne<K extends ValueKey, R extends Ranged<K>>(
  ranges: R[],
  key: K,
  target: number,
): R[] {
  const paid = ranges.reduce((sum, r) => sum + r[key] * (r.to - r.from + 1), 0)
  const rest = target - paid
  const first = ranges[0]
  if (rest === 0 || !first) return ranges
  const head = { ...first, to: 1, [key]: first[key] + rest } as R
  const tail = first.to > 1 ? [{ ...first, from: 2 } as R] : []
  return [head, ...tail, ...ranges.slice(1)]
}

/** Per-rank amounts from percents: floor to whole paise per rank, the remainder goes to rank 1; Σ = poolPaise. */
export function amountsFromPercents(poolPaise: number, ranges: readonly PercentRange[]): PrizeRange[] {
  if (ranges.length === 0) return []
  const amounts = ranges.map((r) => ({
    from: r.from,
    to: r.to,
    amount_paise: Math.floor((poolPaise * r.percent_bps) / FULL_BPS),
  }))
  return withRemainderOnRankOne(amounts, 'amount_paise', poolPaise)
}

/**
 * Percents from amounts (custom prize tables are stored as percents too, to rescale at lock):
 * floor to whole basis points per rank, the remainder goes to rank 1; Σ = 10000. A rank paid
 * less than 0.01% of the pool floors to 0 — amountRangeErrors callers should check percents too.
 */
export function percentsFromAmounts(poolPaise: number, ranges: readonly PrizeRange[]): PercentRange[] {
  if (ranges.length === 0 || poolPaise <= 0) return []
  const percents = ranges.map((r) => ({
    from: r.from,
    to: r.to,
    percent_bps: Math.floor((r.amount_paise * FULL_BPS) / poolPaise),
  }))
  return withRemainderOnRankOne(percents, 'percent_bps', FULL_BPS)
}

/** A contest that runs unfilled (guaranteed player contest): keep ranks ≤ membersCount, rescale to 10000. */
export function shrinkToMembers(ranges: readonly PercentRange[], membersCount: number): PercentRange[] {
  const kept = ranges
    .filter((r) => r.from <= membersCount)
    .map((r) => ({ from: r.from, to: Math.min(r.to, membersCount), percent_bps: r.percent_bps }))
  const keptTotal = kept.reduce((sum, r) => sum + r.percent_bps * (r.to - r.from + 1), 0)
  if (keptTotal === 0) return []
  if (keptTotal === FULL_BPS) return kept
  // Scaling up never sends a rank to 0 and keeps the order of the ranks.
  const scaled = kept.map((r) => ({ ...r, percent_bps: Math.floor((r.percent_bps * FULL_BPS) / keptTotal) }))
  return withRemainderOnRankOne(scaled, 'percent_bps', FULL_BPS)
}

export function winnersOf(ranges: readonly { to: number }[]): number {
  return ranges.reduce((max, r) => Math.max(max, r.to), 0)
}

export interface Bill {
  entry_fee_paise: number
  members_limit: number
  rake_bps: number
  pool_paise: number
  rake_paise: number
  you_pay_paise: number
}

/** Pool = fee × limit × (1 − rake), floored to whole rupees (prizes.ts); the house keeps the rest. */
export function contestBill(entryFeePaise: number, membersLimit: number, rakeBps = DEFAULT_RAKE_BPS): Bill {
  const pool = prizePool(entryFeePaise, membersLimit, rakeBps)
  return {
    entry_fee_paise: entryFeePaise,
    members_limit: membersLimit,
    rake_bps: rakeBps,
    pool_paise: pool,
    rake_paise: entryFeePaise * membersLimit - pool,
    you_pay_paise: entryFeePaise,
  }
}

/** A percent as the API shows and takes it (2 decimals) to basis points; null if finer than 0.01%. */
export function percentToBps(percent: number): number | null {
  if (!Number.isFinite(percent)) return null
  const bps = Math.round(percent * 100)
  return Math.abs(bps - percent * 100) < 1e-6 ? bps : null
}

export function bpsToPercent(bps: number): number {
  return bps / 100
}

function formatBps(bps: number): string {
  return String(bps / 100)
}
