import { toCsv } from './csv'

/**
 * `fanspole export auction|contest|class ID --csv` (docs/classroom.md, "Exports"): ONE CSV with
 * a `kind` column rather than a file per kind — a spreadsheet filters on it, and a class's
 * bids, picks and contest money land in one sheet in time order.
 *
 * kinds: `bid` (an auction bid), `pick` (a player sold or assigned to a franchise, at its price),
 * `transfer` (a player released, its price back in the purse), `entry` (a contest joined, the
 * entry fee), `payout` (a contest's prize), `refund` (an entry fee given back).
 */
export const EXPORT_KINDS = ['bid', 'pick', 'transfer', 'entry', 'payout', 'refund'] as const
export type ExportKind = (typeof EXPORT_KINDS)[number]

export interface ExportRow {
  kind: ExportKind
  at_ms: number
  /** ISO 8601, UTC: what a spreadsheet reads as a date. */
  at: string
  auction_id: number | null
  contest_id: number | null
  user_id: number
  username: string
  franchise: string | null
  player_id: number | null
  player: string | null
  amount: number
  /** `coins` (an auction's purse) or `paise` (contest money). */
  unit: 'coins' | 'paise'
}

const COLUMNS: ReadonlyArray<keyof ExportRow> = [
  'kind',
  'at',
  'at_ms',
  'auction_id',
  'contest_id',
  'user_id',
  'username',
  'franchise',
  'player_id',
  'player',
  'amount',
  'unit',
]

/** The rows in time order (then as given); no rows: the header alone. */
export function exportCsv(rows: readonly ExportRow[]): string {
  return toCsv(
    COLUMNS.map((key) => ({ header: key, value: (r: ExportRow) => r[key] })),
    rows,
  )
}

/** Rows of several sources in one time line (stable: a bid before the pick it led to, at the same ms). */
export function inTimeOrder(rows: ExportRow[]): ExportRow[] {
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.at_ms - b.r.at_ms || a.i - b.i)
    .map((x) => x.r)
}
