import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  amountRangeErrors,
  amountsFromPercents,
  contestBill,
  ENTRY_FEE_MAX_PAISE,
  MEMBERS_LIMIT_MAX,
  MEMBERS_LIMIT_MIN,
  type PercentRange,
  percentRangeErrors,
  percentsFromAmounts,
  prizeOptions,
  shrinkToMembers,
} from '../../../server/domain/contest-creation'
import { type PrizeRange, totalPrizes } from '../../../server/domain/prizes'

const size = fc.integer({ min: MEMBERS_LIMIT_MIN, max: MEMBERS_LIMIT_MAX })

function bpsTotal(ranges: readonly PercentRange[]): number {
  return ranges.reduce((sum, r) => sum + r.percent_bps * (r.to - r.from + 1), 0)
}

function expectNonIncreasing(values: number[]): void {
  for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThanOrEqual(values[i - 1] as number)
}

function expectContiguous(ranges: readonly { from: number; to: number }[]): void {
  ranges.forEach((r, i) => {
    expect(r.from).toBe(i === 0 ? 1 : (ranges[i - 1]?.to as number) + 1)
  })
}

/** A valid percent table: random non-increasing per-rank weights, normalised to 10000. */
const validTable = fc
  .array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 40 })
  .chain((raw) =>
    fc.tuple(
      fc.constant(raw),
      fc.array(fc.integer({ min: 1, max: 5 }), { minLength: raw.length, maxLength: raw.length }),
    ),
  )
  .map(([raw, widths]) => {
    const weights = [...raw].sort((a, b) => b - a)
    let from = 1
    const ranges: PercentRange[] = weights.map((w, i) => {
      const to = from + (widths[i] as number) - 1
      const r = { from, to, percent_bps: w }
      from = to + 1
      return r
    })
    const total = bpsTotal(ranges)
    const scaled = ranges.map((r) => ({
      ...r,
      percent_bps: Math.max(1, Math.floor((r.percent_bps * 10_000) / total)),
    }))
    const rest = 10_000 - bpsTotal(scaled)
    // Remainder on a single rank 1 so the table stays non-increasing.
    const first = scaled[0] as PercentRange
    const head = { ...first, to: 1, percent_bps: first.percent_bps + rest }
    const tail = first.to > 1 ? [{ ...first, from: 2 }] : []
    return [head, ...tail, ...scaled.slice(1)]
  })
  .filter((t) => t.every((r) => r.percent_bps > 0) && bpsTotal(t) === 10_000)

describe('contest creation properties', () => {
  it('every generated prize option is a valid table for its size', () => {
    fc.assert(
      fc.property(size, (members) => {
        for (const option of prizeOptions(members)) {
          expect(percentRangeErrors(option.ranges, members)).toBeNull()
          expect(option.ranges.at(-1)?.to).toBeLessThanOrEqual(members)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('amounts from a valid table pay exactly the pool, best ranks most, contiguously', () => {
    fc.assert(
      fc.property(
        validTable,
        fc.integer({ min: 0, max: ENTRY_FEE_MAX_PAISE * MEMBERS_LIMIT_MAX }),
        (table, pool) => {
          const amounts = amountsFromPercents(pool, table)
          expect(totalPrizes(amounts)).toBe(pool)
          expectNonIncreasing(amounts.map((a) => a.amount_paise))
          expectContiguous(amounts)
          expect(amounts.at(-1)?.to).toBe(table.at(-1)?.to)
        },
      ),
    )
  })

  it('amounts derived from a valid table pass amountRangeErrors when every rank gets something', () => {
    fc.assert(
      fc.property(validTable, fc.integer({ min: 10_000, max: 50_000_000 }), (table, pool) => {
        const amounts: PrizeRange[] = amountsFromPercents(pool, table)
        fc.pre(amounts.every((a) => a.amount_paise > 0))
        expect(amountRangeErrors(amounts, pool, table.at(-1)?.to as number)).toBeNull()
      }),
    )
  })

  it('percents from amounts sum to 100% and keep the order', () => {
    fc.assert(
      fc.property(validTable, fc.integer({ min: 100, max: 50_000_000 }), (table, pool) => {
        const percents = percentsFromAmounts(pool, amountsFromPercents(pool, table))
        expect(bpsTotal(percents)).toBe(10_000)
        expectNonIncreasing(percents.map((p) => p.percent_bps))
        expectContiguous(percents)
      }),
    )
  })

  it('shrinking keeps 100%, the order, and no more winners than members', () => {
    fc.assert(
      fc.property(validTable, fc.integer({ min: 1, max: 300 }), (table, members) => {
        const shrunk = shrinkToMembers(table, members)
        expect(bpsTotal(shrunk)).toBe(10_000)
        expect(percentRangeErrors(shrunk, members)).toBeNull()
        expect(shrunk.at(-1)?.to).toBe(Math.min(members, table.at(-1)?.to as number))
      }),
    )
  })

  it('the bill splits fee × limit into pool and rake, pool in whole rupees', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: ENTRY_FEE_MAX_PAISE / 100 }), size, (rupees, members) => {
        const bill = contestBill(rupees * 100, members)
        expect(bill.pool_paise + bill.rake_paise).toBe(rupees * 100 * members)
        expect(bill.pool_paise % 100).toBe(0)
        expect(bill.rake_paise).toBeGreaterThanOrEqual(0)
      }),
    )
  })
})
