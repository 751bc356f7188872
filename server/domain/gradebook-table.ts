import { type CsvValue, toCsv } from './csv'

/**
 * The gradebook's columns (docs/classroom.md, "Gradebook"): one list for the CLI's table, CSV
 * and HTML and the web page's table and download, so they never disagree.
 */
export interface GradebookRow {
  username: string
  full_name: string | null
  sign_ins: number
  contests: number
  best_rank: number | null
  best_points: number | null
  last_rank: number | null
  last_points: number | null
  auction_spend: number | null
  squad_size: number | null
  squad_value: number | null
  balance: number | null
  bids: number
  transfers: number
  posts: number
  participation_grade: number
  result_grade: number | null
}

export interface GradebookColumn {
  key: keyof GradebookRow
  header: string
  /** Shown in the terminal's table (the rest are in the CSV, the HTML and the page). */
  short?: string
}

export const GRADEBOOK_COLUMNS: readonly GradebookColumn[] = [
  { key: 'username', header: 'username', short: 'USERNAME' },
  { key: 'full_name', header: 'full_name' },
  { key: 'sign_ins', header: 'sign_ins', short: 'SIGN-INS' },
  { key: 'contests', header: 'contests', short: 'CONTESTS' },
  { key: 'best_rank', header: 'best_rank', short: 'BEST' },
  { key: 'best_points', header: 'best_points' },
  { key: 'last_rank', header: 'last_rank', short: 'LAST' },
  { key: 'last_points', header: 'last_points', short: 'POINTS' },
  { key: 'auction_spend', header: 'auction_spend', short: 'SPEND' },
  { key: 'squad_size', header: 'squad_size' },
  { key: 'squad_value', header: 'squad_value', short: 'VALUE' },
  { key: 'balance', header: 'balance', short: 'BALANCE' },
  { key: 'bids', header: 'bids', short: 'BIDS' },
  { key: 'transfers', header: 'transfers', short: 'TRANSFERS' },
  { key: 'posts', header: 'posts', short: 'POSTS' },
  { key: 'participation_grade', header: 'participation_grade', short: 'PART.' },
  { key: 'result_grade', header: 'result_grade', short: 'RESULT' },
]

export function gradebookCsv(rows: readonly GradebookRow[]): string {
  return toCsv(
    GRADEBOOK_COLUMNS.map((c) => ({ header: c.header, value: (r: GradebookRow): CsvValue => r[c.key] })),
    rows,
  )
}
