import { z } from 'zod'
import { RESERVED_VARS, type Where } from './scenario-parts'

/**
 * Outlines: `examples:`, a table (a list of mappings) at the top level of a scenario. The
 * scenario runs once per row, each row's values set as variables (`${fee}`), and each run
 * is a scenario of its own, named with its row: `Entry fees [fee=50, spots=4]`.
 */
export type Row = Record<string, unknown>

const COLUMN = /^[A-Za-z_][A-Za-z0-9_]*$/

export const ExamplesSchema = z
  .array(
    z
      .record(
        z.string().regex(COLUMN, 'a column is a variable name: letters, digits and _'),
        z.unknown(),
        'each row of examples: is a mapping (column: value)',
      )
      .refine((row) => Object.keys(row).length > 0, 'a row needs at least one column'),
  )
  .min(1, 'examples: needs at least one row')

/** Every row has the same columns, and no column is named like a user or a reserved variable. */
export function rowProblems(rows: Row[], users: Record<string, unknown>, where: Where): string[] {
  const problems: string[] = []
  const columns = Object.keys(rows[0] ?? {})
  rows.forEach((row, i) => {
    const keys = Object.keys(row)
    const missing = columns.filter((c) => !keys.includes(c))
    const extra = keys.filter((c) => !columns.includes(c))
    if (missing.length || extra.length)
      problems.push(
        `${where(['examples', i])}: examples[${i}]: every row has the columns of the first (${columns.join(', ')})${missing.length ? `; missing ${missing.join(', ')}` : ''}${extra.length ? `; extra ${extra.join(', ')}` : ''}`,
      )
  })
  for (const column of columns)
    if (Object.hasOwn(users, column) || RESERVED_VARS.includes(column))
      problems.push(
        `${where(['examples', 0, column])}: examples[0].${column}: is the name of a user or a reserved variable`,
      )
  return problems
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** `[fee=50, spots=4]`: how a row's run is named. */
export const rowLabel = (row: Row) =>
  `[${Object.entries(row)
    .map(([k, v]) => `${k}=${shown(v)}`)
    .join(', ')}]`

/** One scenario per row of an outline (a scenario without `examples:` is itself). */
export function expandOutline<
  S extends { name: string; vars: Row; examples?: Row[]; row?: { index: number; values: Row } },
>(scenario: S): S[] {
  const { examples, ...rest } = scenario
  if (!examples) return [scenario]
  return examples.map((values, i) => ({
    ...rest,
    name: `${scenario.name} ${rowLabel(values)}`,
    vars: { ...scenario.vars, ...values },
    row: { index: i + 1, values },
  })) as S[]
}
