/**
 * Contest money rules, pure. All amounts are integer paise.
 *
 * - Prize pool = entry fee × members_limit × (1 − rake); rake 15% unless a structure says otherwise.
 * - A prize structure is a list of rank ranges → amount per rank, best first.
 * - Ranking is standard competition ranking (1, 2, 2, 4).
 * - Tied entries share the summed prizes of the positions they occupy; the paise that do not
 *   divide evenly go one each to the tied entries that joined first (deterministic, nothing lost).
 */
export interface PrizeRange {
  from: number
  to: number
  amount_paise: number
}

export const DEFAULT_RAKE_BPS = 1500

export function prizePool(entryFeePaise: number, membersLimit: number, rakeBps = DEFAULT_RAKE_BPS): number {
  // Floor to whole rupees: prizes are shown in rupees and the house keeps the odd paise.
  const gross = entryFeePaise * membersLimit
  return Math.floor((gross * (10_000 - rakeBps)) / 10_000 / 100) * 100
}

/**
 * Splits `pool` over `winners` ranks with weights falling off by rank (1/rank^0.9, grouped
 * into ranges), floors each amount to the rupee and gives the remainder to rank 1.
 */
export function tieredStructure(pool: number, winners: number): PrizeRange[] {
  if (pool <= 0 || winners <= 0) return []
  if (winners === 1) return [{ from: 1, to: 1, amount_paise: pool }]
  const weights = Array.from({ length: winners }, (_, i) => 1 / (i + 1) ** 0.9)
  const total = weights.reduce((a, b) => a + b, 0)
  const amounts = weights.map((w) => Math.floor((pool * w) / total / 100) * 100)
  const spent = amounts.reduce((a, b) => a + b, 0)
  amounts[0] = (amounts[0] as number) + (pool - spent)
  // Ranks from 4 on are grouped in bands of equal amounts (the last rank's amount of each band).
  const ranges: PrizeRange[] = []
  for (let rank = 1; rank <= winners; ) {
    const band = rank <= 3 ? 1 : rank <= 10 ? 7 : rank <= 50 ? 20 : rank <= 200 ? 50 : 250
    const to = Math.min(winners, rank + band - 1)
    const slice = amounts.slice(rank - 1, to)
    const each = Math.min(...slice)
    ranges.push({ from: rank, to, amount_paise: each })
    rank = to + 1
  }
  // Banding paid some ranks less than their weight: the difference goes to rank 1.
  const paid = ranges.reduce((sum, r) => sum + r.amount_paise * (r.to - r.from + 1), 0)
  const first = ranges[0] as PrizeRange
  first.amount_paise += pool - paid
  return ranges
}

export function winnerCount(structure: readonly PrizeRange[]): number {
  return structure.reduce((max, r) => Math.max(max, r.to), 0)
}

export function totalPrizes(structure: readonly PrizeRange[]): number {
  return structure.reduce((sum, r) => sum + r.amount_paise * (r.to - r.from + 1), 0)
}

export function prizeAt(structure: readonly PrizeRange[], position: number): number {
  for (const r of structure) if (position >= r.from && position <= r.to) return r.amount_paise
  return 0
}

export function rankText(range: PrizeRange): string {
  return range.from === range.to ? String(range.from) : `${range.from}-${range.to}`
}

/**
 * Standard competition ranks for scores (higher is better): rank = 1 + number of strictly
 * higher scores. Returns ranks in the input order.
 */
export function competitionRanks(scores: readonly number[]): number[] {
  const order = scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0])
  const ranks = new Array<number>(scores.length)
  for (let k = 0; k < order.length; k++) {
    const [score, i] = order[k] as readonly [number, number]
    const prev = order[k - 1]
    ranks[i] = prev && prev[0] === score ? (ranks[prev[1]] as number) : k + 1
  }
  return ranks
}

export interface RankedEntry {
  /** Anything that orders tied entries fairly and stably: the member id (who joined first). */
  id: number
  rank: number
}

/**
 * Prizes per entry (same order as `entries`). Entries tied at rank r over k positions share
 * the prizes of positions r … r+k−1.
 */
export function distributePrizes(
  structure: readonly PrizeRange[],
  entries: readonly RankedEntry[],
): number[] {
  const prizes = new Array<number>(entries.length).fill(0)
  // The prize of every paid position, looked up instead of searched for (a mega contest has
  // 400k positions and its structure hundreds of ranges); the first range holding a position wins.
  const last = winnerCount(structure)
  const at = new Float64Array(last + 1)
  for (let r = structure.length - 1; r >= 0; r--) {
    const range = structure[r] as PrizeRange
    for (let p = Math.max(1, range.from); p <= Math.min(range.to, last); p++) at[p] = range.amount_paise
  }
  // Entries in rank order (a board hands them over sorted already), walked run by run of one
  // rank until the ranks pass the last paid position: no per-rank lists for 400k entries.
  const rankOf = (i: number) => (entries[i] as RankedEntry).rank
  const order = Uint32Array.from(entries.keys())
  let sorted = true
  for (let i = 1; i < entries.length && sorted; i++) sorted = rankOf(i - 1) <= rankOf(i)
  if (!sorted) order.sort((a, b) => rankOf(a) - rankOf(b))
  for (let start = 0; start < order.length; ) {
    const rank = rankOf(order[start] as number)
    if (rank > last) break
    let end = start + 1
    while (end < order.length && rankOf(order[end] as number) === rank) end++
    let pot = 0
    for (let p = rank; p < rank + (end - start) && p <= last; p++) pot += at[p] as number
    if (pot > 0) shareOut(prizes, entries, order.subarray(start, end), pot)
    start = end
  }
  return prizes
}

/** A pot shared by entries tied at one rank: equal shares, the odd paise to the lowest ids. */
function shareOut(prizes: number[], entries: readonly RankedEntry[], tied: Uint32Array, pot: number) {
  const share = Math.floor(pot / tied.length)
  let rest = pot - share * tied.length
  const fair =
    tied.length === 1
      ? tied
      : [...tied].sort((a, b) => (entries[a] as RankedEntry).id - (entries[b] as RankedEntry).id)
  for (const i of fair) {
    prizes[i] = share + (rest > 0 ? 1 : 0)
    if (rest > 0) rest--
  }
}
