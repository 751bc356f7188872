import { z } from '@hono/zod-openapi'
import {
  amountRangeErrors,
  amountsFromPercents,
  type Bill,
  bpsToPercent,
  contestBill,
  ENTRY_FEE_MAX_PAISE,
  FREE_CONTEST_MEMBERS_MAX,
  MEMBERS_LIMIT_MAX,
  MEMBERS_LIMIT_MIN,
  type PercentRange,
  percentRangeErrors,
  percentsFromAmounts,
  percentToBps,
  winnersOf,
} from '../../domain/contest-creation'
import { type PrizeRange, rankText } from '../../domain/prizes'
import { type FieldErrors, invalid } from '../../http/errors'

/**
 * Prize tables at the HTTP edge (docs/contest-creation.md, "Prize tables"): rupees and percents
 * (2 decimals) in and out, paise and basis points inside. Form bodies send every value as a
 * string and a list as a JSON string, so both are read here.
 */

/** "12", "12.5" → number; anything else is left for the schema to refuse. */
const numeric = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v)
const rank = () =>
  z.preprocess(numeric, z.number().int().min(1).max(MEMBERS_LIMIT_MAX)).openapi({ type: 'integer' })
const positive = () =>
  z.preprocess(numeric, z.number().positive().max(100_000_000)).openapi({ type: 'number' })

export const PercentRangeInput = z.strictObject({ from: rank(), to: rank(), percent: positive() })
const AmountRangeInput = z.strictObject({ from: rank(), to: rank(), amount: positive() })

/** A JSON array, or the same array as a JSON string (a form field). */
function jsonList<T extends z.ZodType>(item: T) {
  return z
    .preprocess((v) => {
      if (typeof v !== 'string') return v
      try {
        return JSON.parse(v)
      } catch {
        return v
      }
    }, z.array(item).min(1, 'add at least one prize rank').max(MEMBERS_LIMIT_MAX))
    .openapi({ description: 'Rank ranges, best first (a JSON string in a form)' })
}

export const PercentRangesInput = jsonList(PercentRangeInput)
export const PrizeRangesInput = jsonList(z.union([PercentRangeInput, AmountRangeInput]))
export type PrizeRangesValue = z.infer<typeof PrizeRangesInput>

export const membersLimitField = () =>
  z
    .preprocess(numeric, z.number().int().min(MEMBERS_LIMIT_MIN).max(MEMBERS_LIMIT_MAX))
    .openapi({ type: 'integer' })
export const entryFeeField = () =>
  z
    .preprocess(
      numeric,
      z
        .number()
        .int('must be whole rupees')
        .min(0)
        .max(ENTRY_FEE_MAX_PAISE / 100),
    )
    .openapi({ type: 'integer', description: 'Rupees, whole' })
export const rakeField = () =>
  z
    .preprocess(numeric, z.number().min(0).max(50))
    .optional()
    .openapi({ type: 'number', description: 'Percent of the fees the house keeps (default 15)' })

/** Renames the domain's `prize_ranges…` field keys for a body whose list is called `field`. */
function renamed(errors: FieldErrors, field: string): FieldErrors {
  if (field === 'prize_ranges') return errors
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^prize_ranges/, field), v]))
}

/** Percent input → basis points, checked for `membersLimit`; 422 with field messages. */
export function percentTable(
  input: readonly { from: number; to: number; percent: number }[],
  membersLimit: number,
  field = 'prize_ranges',
): PercentRange[] {
  const decimals: FieldErrors = {}
  const ranges = input.map((r, i) => {
    const bps = percentToBps(r.percent)
    if (bps === null) decimals[`${field}.${i}.percent`] = ['must have at most 2 decimals']
    return { from: r.from, to: r.to, percent_bps: bps ?? 0 }
  })
  if (Object.keys(decimals).length > 0) throw invalid(decimals)
  const errors = percentRangeErrors(ranges, membersLimit)
  if (errors) throw invalid(renamed(errors, field))
  return ranges
}

export interface PrizeTable {
  percents: PercentRange[]
  amounts: PrizeRange[]
}

/**
 * Either kind of custom table for a draft: percents are checked and turned into amounts of the
 * pool; amounts (rupees) must pay the pool exactly and are kept as they are, their percents
 * (what the contest stores to rescale later) derived from them.
 */
export function prizeTableFromInput(
  input: PrizeRangesValue,
  membersLimit: number,
  poolPaise: number,
): PrizeTable {
  const percents = input.filter((r): r is z.infer<typeof PercentRangeInput> => 'percent' in r)
  if (percents.length === input.length) {
    const table = percentTable(percents, membersLimit)
    return { percents: table, amounts: amountsFromPercents(poolPaise, table) }
  }
  if (percents.length > 0)
    throw invalid({ prize_ranges: ['give every range a percent, or every range an amount, not both'] })
  const fields: FieldErrors = {}
  const amounts = input.map((r, i) => {
    const paise = 'amount' in r ? Math.round(r.amount * 100) : 0
    if ('amount' in r && Math.abs(paise - r.amount * 100) > 1e-6)
      fields[`prize_ranges.${i}.amount`] = ['must have at most 2 decimals']
    return { from: r.from, to: r.to, amount_paise: paise }
  })
  if (Object.keys(fields).length > 0) throw invalid(fields)
  const errors = amountRangeErrors(amounts, poolPaise, membersLimit)
  if (errors) throw invalid(errors)
  const table = percentsFromAmounts(poolPaise, amounts)
  const tiny = table.findIndex((r) => r.percent_bps <= 0)
  if (tiny >= 0) throw invalid({ [`prize_ranges.${tiny}.amount`]: ['is less than 0.01% of the pool'] })
  return { percents: table, amounts }
}

/** A free contest is private and small; the same rule creation applies. */
export function draftSizeErrors(entryFeePaise: number, membersLimit: number): FieldErrors | null {
  if (entryFeePaise === 0 && membersLimit > FREE_CONTEST_MEMBERS_MAX)
    return { members_limit: [`must be at most ${FREE_CONTEST_MEMBERS_MAX} for a free contest`] }
  return null
}

export const PrizeRowSchema = z
  .object({
    rank_text: z.string(),
    from: z.number().int(),
    to: z.number().int(),
    percent: z.number().openapi({ description: 'Percent of the pool per rank, 2 decimals' }),
    amount: z.number().openapi({ description: 'Rupees per rank' }),
  })
  .openapi('PrizeRow')

/** The rows a prize table shows: each amount range with the percent of its first rank. */
export function prizeRows(table: PrizeTable) {
  return table.amounts.map((a) => {
    const p = table.percents.find((r) => a.from >= r.from && a.from <= r.to)
    return {
      rank_text: rankText(a),
      from: a.from,
      to: a.to,
      percent: bpsToPercent(p?.percent_bps ?? 0),
      amount: a.amount_paise / 100,
    }
  })
}

export const BillSchema = z
  .object({
    entry_fee: z.number(),
    members_limit: z.number().int(),
    rake_percent: z.number(),
    prize_pool: z.number(),
    rake: z.number(),
    you_pay: z.number(),
  })
  .openapi('ContestBill')

export function billJson(bill: Bill) {
  return {
    entry_fee: bill.entry_fee_paise / 100,
    members_limit: bill.members_limit,
    rake_percent: bill.rake_bps / 100,
    prize_pool: bill.pool_paise / 100,
    rake: bill.rake_paise / 100,
    you_pay: bill.you_pay_paise / 100,
  }
}

/** The bill of a draft: rake given in percent (2 decimals at most), default the house's. */
export function draftBill(entryFeeRupees: number, membersLimit: number, rakePercent?: number): Bill {
  const rakeBps = rakePercent === undefined ? undefined : Math.round(rakePercent * 100)
  return contestBill(entryFeeRupees * 100, membersLimit, rakeBps)
}

export { winnersOf }
