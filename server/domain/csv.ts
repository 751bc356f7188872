/**
 * CSV as RFC 4180 writes it, shared by the CLI's exports and the web's downloads: fields joined
 * by commas, lines by CRLF; a field with a comma, a double quote, a CR or LF (or spaces at its
 * ends) is quoted, its quotes doubled. A text that a spreadsheet would run as a formula (it
 * starts with =, +, -, @, a tab or a CR) gets a leading ' — a student's name is data, never a
 * formula. Numbers are written as they are (a negative score stays -10).
 */

export type CsvValue = string | number | boolean | null | undefined

const FORMULA = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'string') return String(value)
  const text = FORMULA.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A header row and one row a record, each line ended by CRLF (an empty list: the header alone). */
export function toCsv<T>(
  columns: ReadonlyArray<{ header: string; value: (row: T) => CsvValue }>,
  rows: readonly T[],
) {
  const line = (fields: CsvValue[]) => `${fields.map(csvField).join(',')}\r\n`
  return line(columns.map((c) => c.header)) + rows.map((r) => line(columns.map((c) => c.value(r)))).join('')
}
