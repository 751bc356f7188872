import type { Answer, Schema } from './api-types'
import { UsageError } from './errors'

/** Player-made contests as the API answers them (docs/contest-creation.md). */

/** A saved prize table (`GET /api/prize_structures`). */
export type PrizeStructure = Schema<'SavedPrize'>
/** One rank range of a prize table in percent of the pool: `1:50` or `2-3:25`. */
export type PercentRange = PrizeStructure['ranges'][number]
export type DraftPrize = Schema<'PrizeRow'>
export type Verified = Answer<'/api/contests/verify', 'post'>
export type Bill = Verified['bill']

/** The generated prize options (`--prize`). */
export const PRIZE_OPTION_KEYS = [
  'winner_takes_all',
  'top_3',
  'top_10_percent',
  'top_25_percent',
  'top_50_percent',
] as const

/** Game kinds a player can create through `contest create` (auctions: `fanspole auction create`). */
export const CREATABLE_GAMES = [
  'single-match',
  'football-single-match',
  'f1-single-match',
  'championship',
] as const

/**
 * `"1:50,2-3:25"` → `[{from:1,to:1,percent:50},{from:2,to:3,percent:25}]`. Only the syntax is
 * checked here: sums, gaps and overlaps are the server's (422 with the range that is wrong),
 * so the command line and the web form get the same messages.
 */
export function parsePercentRanges(flag: string, text: string): PercentRange[] {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
  if (parts.length === 0) throw new UsageError(`${flag}: expected ranks and percents such as "1:50,2-3:25"`)
  return parts.map((part) => {
    const m = /^(\d+)(?:\s*-\s*(\d+))?\s*:\s*(\d+(?:\.\d{1,2})?)\s*%?$/.exec(part)
    if (!m)
      throw new UsageError(
        `${flag}: ${JSON.stringify(part)} is not rank:percent or from-to:percent (e.g. 1:50 or 2-3:25)`,
      )
    const from = Number(m[1])
    const to = m[2] === undefined ? from : Number(m[2])
    return { from, to, percent: Number(m[3]) }
  })
}

/** `1:50, 2-3:25` — the way `--prizes` takes them, so a saved table can be pasted back. */
export function formatPercentRanges(ranges: readonly PercentRange[]): string {
  return ranges.map((r) => `${r.from === r.to ? r.from : `${r.from}-${r.to}`}:${r.percent}`).join(', ')
}

/** The prize choice of a draft: exactly one of the three flags (none = the server's default). */
export function prizeChoice(opts: {
  prize?: string
  savedPrize?: number
  prizes?: string
}): Record<string, unknown> {
  const given = [opts.prize, opts.savedPrize, opts.prizes].filter((v) => v !== undefined)
  if (given.length > 1)
    throw new UsageError('give one of --prize <option>, --saved-prize <id> or --prizes "1:50,2-3:25"')
  if (opts.prize !== undefined) return { prize_option: opts.prize }
  if (opts.savedPrize !== undefined) return { prize_structure_id: opts.savedPrize }
  if (opts.prizes !== undefined) return { prize_ranges: parsePercentRanges('--prizes', opts.prizes) }
  return {}
}

/** `--multiple` alone allows the most entries per player; `--multiple 3` allows three. */
export function multipleChoice(flag: boolean | string | undefined): Record<string, unknown> {
  if (flag === undefined || flag === false) return {}
  if (flag === true) return { multiple_entries: true }
  if (!/^\d+$/.test(flag) || Number(flag) < 2 || Number(flag) > 11)
    throw new UsageError(`--multiple: expected entries per player from 2 to 11, got ${JSON.stringify(flag)}`)
  return { multiple_entries: true, max_entries_per_user: Number(flag) }
}
