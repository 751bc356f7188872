import { USERNAME_PATTERN, USERNAME_RULE, usernameKey } from '../../server/domain/user-rules'
import { CliError } from './errors'

/**
 * A class roster from a CSV file (docs/classroom.md, "The CSV"): a header line naming the
 * columns — `username` (required), `full_name` (or `name`), `email` — then one student a line.
 * Every problem is reported at once, each naming its line, and nothing is sent to the server
 * while any remains; the server checks again (names taken meanwhile) and its answers are told
 * by line too (`lineOfRosterField`).
 */
export interface RosterRow {
  username: string
  full_name?: string
  email?: string
}

export interface Roster {
  rows: RosterRow[]
  /** The file line of each row (1-based; the header is line 1). */
  lines: number[]
}

const COLUMNS = new Map([
  ['username', 'username'],
  ['full_name', 'full_name'],
  ['name', 'full_name'],
  ['email', 'email'],
])

/** As the server's e-mail check, loosely: something@something.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function parseRoster(text: string, file: string): Roster {
  const records = csvRecords(text.replace(/^\uFEFF/, ''))
  const header = records.find((r) => r.cells.some((c) => c.trim() !== ''))
  if (!header)
    throw new CliError(`${file}: the file is empty; expected a header line such as username,full_name,email`)
  const names = header.cells.map((c) => c.trim().toLowerCase())
  const unknown = names.filter((n) => !COLUMNS.has(n))
  if (unknown.length > 0)
    throw new CliError(
      `${file} line ${header.line}: unknown column ${unknown.map((n) => JSON.stringify(n)).join(', ')} (columns: username, full_name or name, email)`,
    )
  if (!names.includes('username'))
    throw new CliError(
      `${file} line ${header.line}: no username column (columns: username, full_name or name, email)`,
    )
  const problems: string[] = []
  const rows: RosterRow[] = []
  const lines: number[] = []
  const seenNames = new Map<string, number>()
  const seenEmails = new Map<string, number>()
  for (const record of records.slice(records.indexOf(header) + 1)) {
    if (record.cells.every((c) => c.trim() === '')) continue
    const at = `line ${record.line}`
    if (record.cells.length !== names.length) {
      problems.push(`${at}: ${record.cells.length} fields; the header has ${names.length}`)
      continue
    }
    const row: RosterRow = { username: '' }
    names.forEach((name, i) => {
      const value = (record.cells[i] ?? '').trim()
      const key = COLUMNS.get(name) as keyof RosterRow
      if (value !== '') row[key] = value
    })
    if (!USERNAME_PATTERN.test(row.username))
      problems.push(`${at}: username ${JSON.stringify(row.username)} ${USERNAME_RULE}`)
    else {
      const first = seenNames.get(usernameKey(row.username))
      if (first !== undefined)
        problems.push(`${at}: username ${row.username} is a duplicate of line ${first}`)
      else seenNames.set(usernameKey(row.username), record.line)
    }
    if (row.full_name !== undefined && row.full_name.length > 60)
      problems.push(`${at}: full_name is longer than 60 characters`)
    if (row.email !== undefined) {
      if (!EMAIL.test(row.email))
        problems.push(`${at}: email ${JSON.stringify(row.email)} is not an e-mail address`)
      else {
        const email = row.email.toLowerCase()
        const first = seenEmails.get(email)
        if (first !== undefined) problems.push(`${at}: email ${row.email} is a duplicate of line ${first}`)
        else seenEmails.set(email, record.line)
      }
    }
    rows.push(row)
    lines.push(record.line)
  }
  if (problems.length > 0)
    throw new CliError(
      `${file}: ${problems.length === 1 ? 'a bad row' : `${problems.length} bad rows`}, nothing was created\n  ${problems.join('\n  ')}`,
      {
        code: 'BAD_ROSTER',
      },
    )
  if (rows.length === 0)
    throw new CliError(`${file}: no students below the header line`, { code: 'BAD_ROSTER' })
  return { rows, lines }
}

/** `roster.3.username` of a server answer → "line 5 (username)". */
export function lineOfRosterField(field: string, roster: Roster): string | null {
  const match = /^roster\.(\d+)\.(\w+)$/.exec(field)
  if (!match) return null
  const line = roster.lines[Number(match[1])]
  return line === undefined ? null : `line ${line} (${match[2]})`
}

interface CsvRecord {
  cells: string[]
  /** The line the record starts on (1-based). */
  line: number
}

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
function csvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let start = 1
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else {
        if (ch === '\n') line++
        cell += ch
      }
    } else if (ch === '"' && cell === '') quoted = true
    else if (ch === ',') {
      cells.push(cell)
      cell = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      cells.push(cell)
      records.push({ cells, line: start })
      cells = []
      cell = ''
      line++
      start = line
    } else cell += ch
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell)
    records.push({ cells, line: start })
  }
  return records
}
