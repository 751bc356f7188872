import { type Style, visibleWidth } from './style'

type Cell = string | number | boolean | null | undefined

export interface Column<T> {
  header: string
  value: (row: T) => Cell
  /** Numbers are right-aligned unless told otherwise. */
  align?: 'left' | 'right'
  /** Applied after padding, so colour escapes never upset the alignment. */
  paint?: (text: string, row: T) => string
}

const text = (cell: Cell) => (cell === null || cell === undefined ? '-' : String(cell))

/** A plain-text table: a bold header row and columns padded to their widest cell. */
export function formatTable<T>(rows: readonly T[], columns: readonly Column<T>[], s: Style): string {
  const cells = rows.map((row) => columns.map((c) => text(c.value(row))))
  const widths = columns.map((c, i) =>
    Math.max(visibleWidth(c.header), ...cells.map((r) => visibleWidth(r[i] ?? ''))),
  )
  const right = columns.map(
    (c) =>
      c.align === 'right' ||
      (c.align === undefined && rows.length > 0 && typeof c.value(rows[0] as T) === 'number'),
  )
  const pad = (value: string, i: number) => {
    const gap = ' '.repeat((widths[i] ?? 0) - visibleWidth(value))
    return right[i] ? gap + value : value + gap
  }
  const lines = [columns.map((c, i) => s.bold(pad(c.header, i))).join('  ')]
  rows.forEach((row, r) => {
    const line = columns.map((c, i) => {
      const padded = pad(cells[r]?.[i] ?? '', i)
      return c.paint ? c.paint(padded, row) : padded
    })
    lines.push(line.join('  '))
  })
  return `${lines.map((l) => l.trimEnd()).join('\n')}\n`
}

/** `label  value` lines with the labels padded to one width, for single records. */
export function formatFields(fields: ReadonlyArray<readonly [string, Cell]>, s: Style, indent = ''): string {
  const width = Math.max(0, ...fields.map(([label]) => visibleWidth(label)))
  return fields.map(([label, value]) => `${indent}${s.dim(label.padEnd(width))}  ${text(value)}\n`).join('')
}

const RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** `₹1,00,000.00`: Indian digit grouping, as the web client shows money. */
export function rupees(amount: number): string {
  return `₹${RUPEES.format(amount)}`
}
