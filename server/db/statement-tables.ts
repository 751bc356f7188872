/**
 * Which tables a SQL statement reads and writes, read off its text: for the per-table change
 * versions (table-changes.ts) and the test that checks what each cached read declares.
 *
 * Every statement the product sends through Kysely has its identifiers quoted (`"contests"`);
 * raw `sql` text may not. A statement that writes something this cannot name (DDL, `truncate`,
 * a write keyword it cannot place) writes `'all'`: the caller then treats every table as
 * changed, which only costs misses. Row locks (`for update`) and upserts' `do update` are not
 * writes of their own.
 */
/**
 * Columns of a table versioned apart from the rest: an update that sets only columns of one
 * group changes `table.group`, not `table`, so answers that never read them stay cached. A
 * ball of a live match rewrites its match's score and nothing else of `matches`; contest lists
 * read matches (title, start, status) but not the score. An answer that reads a group's
 * columns names `table.group` as well as `table` (inserts and deletes change `table` only).
 * PostgreSQL's notify triggers make the same split (migration 2026-12-03-001-change-notify).
 */
export const COLUMN_GROUPS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  matches: { score: ['score_summary', 'player_of_the_match_id'] },
}

export interface StatementTables {
  reads: readonly string[]
  /** Tables written, or 'all' when the statement may write anything. */
  writes: readonly string[] | 'all'
  /** A transaction or savepoint command (begin, commit, rollback, savepoint, release). */
  control: boolean
}

const IDENT = String.raw`(?:"((?:[^"]|"")+)"|([a-zA-Z_][\w$]*))`
const QUALIFIED = String.raw`(?:${IDENT}\s*\.\s*)?${IDENT}`
const WRITE_TARGETS = [
  new RegExp(String.raw`\binsert\s+(?:or\s+\w+\s+)?into\s+${QUALIFIED}`, 'gi'),
  new RegExp(String.raw`\breplace\s+into\s+${QUALIFIED}`, 'gi'),
  new RegExp(String.raw`\bdelete\s+from\s+${QUALIFIED}`, 'gi'),
  // `update "t" [as "x"] set`; an upsert's `do update set` names no table and is skipped.
  new RegExp(String.raw`\bupdate\s+${QUALIFIED}(?:\s+(?:as\s+)?${IDENT})?\s+set\b`, 'gi'),
]
const READ_TARGETS = new RegExp(String.raw`\b(?:from|join)\s+${QUALIFIED}(?:\s+as\s+${IDENT})?`, 'gi')
const NOT_WRITES = /\b(?:for\s+(?:no\s+key\s+)?update|for\s+share|do\s+update)\b/gi
const WRITE_WORDS =
  /\b(?:insert|update|delete|replace|merge|truncate|create|drop|alter|copy|vacuum|reindex|attach|detach)\b/i
const CONTROL = /^\s*(?:begin|commit|end|rollback|savepoint|release|start\s+transaction)\b/i
const CONTROL_ONLY =
  /^\s*(?:begin(?:\s+(?:immediate|deferred|exclusive|transaction))?|commit|end|rollback|start\s+transaction(?:\s+isolation\s+level\s+[\w ]+)?|savepoint\s+\S+|release(?:\s+savepoint)?\s+\S+|rollback\s+to(?:\s+savepoint)?\s+\S+)\s*;?\s*$/i

/** Statements seen, by text (the product's SQL is a bounded set of shapes). */
const known = new Map<string, StatementTables>()
const MAX_KNOWN = 5_000

export function statementTables(text: string): StatementTables {
  let found = known.get(text)
  if (!found) {
    found = classify(text)
    if (known.size >= MAX_KNOWN) known.clear()
    known.set(text, found)
  }
  return found
}

function classify(text: string): StatementTables {
  // String literals can hold anything, keywords included: blank them out first.
  const bare = text.replace(/'(?:[^']|'')*'/g, "''")
  if (CONTROL.test(bare)) return { reads: [], writes: CONTROL_ONLY.test(bare) ? [] : 'all', control: true }
  const writes = new Set<string>()
  let rest = bare
  for (const pattern of WRITE_TARGETS)
    rest = rest.replace(pattern, (...groups: unknown[]) => {
      const table = tableName(groups)
      const offset = groups.at(-2) as number
      const isUpdate = /^update\b/i.test(groups[0] as string)
      if (isUpdate && COLUMN_GROUPS[table])
        for (const name of updatedNames(table, bare.slice(offset + (groups[0] as string).length)))
          writes.add(name)
      else writes.add(table)
      return ' '
    })
  const reads = new Set<string>()
  for (const m of bare.matchAll(READ_TARGETS)) {
    const table = tableName(m as unknown as unknown[])
    reads.add(table)
    const alias = m[5] ?? m[6] ?? table
    for (const [group, columns] of Object.entries(COLUMN_GROUPS[table] ?? {}))
      if (readsColumns(bare, alias, columns)) reads.add(`${table}.${group}`)
  }
  // Anything still looking like a write that names no table we could read: assume the worst.
  const words = rest.replace(/"(?:[^"]|"")*"/g, '""').replace(NOT_WRITES, ' ')
  const unplaced = WRITE_WORDS.test(words)
  return { reads: [...reads], writes: unplaced ? 'all' : [...writes], control: false }
}

/** Whether a statement may read `columns` of the table it calls `alias`: named, or `alias.*`, or `select *`. */
function readsColumns(text: string, alias: string, columns: readonly string[]): boolean {
  if (/\bselect\s+(?:distinct\s+)?\*/i.test(text)) return true
  if (text.includes(`"${alias}".*`) || new RegExp(String.raw`\b${alias}\.\*`).test(text)) return true
  return columns.some((c) => new RegExp(String.raw`\b${c}\b`).test(text))
}

/**
 * What an update of a table with column groups changes, from the text after its `set`: one
 * group's name when every column it sets is of that group, else the table and each group it
 * touches. Columns it cannot read off (row-value syntax) count as the whole table.
 */
function updatedNames(table: string, afterSet: string): string[] {
  const groups = COLUMN_GROUPS[table] ?? {}
  const first = new RegExp(String.raw`^\s*${IDENT}\s*=`).exec(afterSet)
  if (!first) return [table, ...Object.keys(groups).map((g) => `${table}.${g}`)]
  const set = new Set<string>()
  for (const m of afterSet.matchAll(new RegExp(String.raw`(?:^|,)\s*${IDENT}\s*=`, 'g')))
    set.add((m[1] ?? m[2] ?? '').replace(/""/g, '"'))
  const touched = Object.entries(groups).filter(([, cols]) => cols.some((c) => set.has(c)))
  const onlyGroups = [...set].every((c) => touched.some(([, cols]) => cols.includes(c)))
  const names = touched.map(([g]) => `${table}.${g}`)
  return onlyGroups && names.length > 0 ? names : [table, ...names]
}

/** The table of a QUALIFIED match: the last identifier (quoted or bare), schema dropped. */
function tableName(groups: unknown[]): string {
  const [, , , quoted, plain] = groups as Array<string | undefined>
  return (quoted ?? plain ?? '').replace(/""/g, '"')
}
