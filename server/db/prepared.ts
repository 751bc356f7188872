import type BetterSqlite3 from 'better-sqlite3'
import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import type { Database } from './schema'
import type { Executor } from './tx'

/**
 * A query for the hot reads, built and compiled once per dialect and then run with new values.
 *
 * Building a Kysely query and compiling it costs more than running it on SQLite (parsing
 * references, freezing nodes, visiting the tree: 10–40 µs a query under load, against a few µs
 * for the statement itself), and a read like GET /api/me runs several. Here the query is
 * built with named placeholders (`param('userId')`), compiled once for each dialect it meets,
 * and each call only swaps the values into the compiled parameter list. The SQL text is the
 * same string every time, so the SQLite driver's statement cache finds it at once; PostgreSQL
 * gets the same text with its `$n` placeholders. Works on a database or inside a transaction.
 *
 * A list (`in (…)`) changes the SQL's shape with its length, so a list placeholder
 * (`param.list('ids')`) is compiled once per size class: the list's length rounded up to a
 * power of two, the spare places filled with its last value (a value repeated in `in (…)`
 * changes nothing). A page of 20 ids runs the statement made for 32; at most a handful of
 * statements per query, each cached like any other. Only for `in`: an empty list becomes
 * `in (null)`, which matches nothing (`not in (null)` would match nothing too, so never use a
 * list placeholder with `not in`).
 */
export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, param: Param<P>) => Compilable<R>,
): (executor: Executor, params: P) => Promise<R[]> {
  const compiled = new Map<unknown, Map<string, Template>>()
  return async (executor, params) => {
    const adapter = executor.getExecutor().adapter
    let byShape = compiled.get(adapter.constructor)
    if (!byShape) {
      byShape = new Map()
      compiled.set(adapter.constructor, byShape)
    }
    const sizes = listSizes(params)
    const shape = sizes.size === 0 ? '' : [...sizes].join(',')
    let template = byShape.get(shape)
    if (!template) {
      template = compileTemplate(executor, build as Build, sizes)
      byShape.set(shape, template)
    }
    const parameters = template.slots.map((slot) => slotValue(slot, params))
    const query: CompiledQuery<R> = { ...template.compiled, parameters }
    return (await executor.executeQuery(query)).rows
  }
}

/** The size class of each list parameter: its length rounded up to a power of two (at least 1). */
function listSizes(params: Record<string, unknown>): Map<string, number> {
  const sizes = new Map<string, number>()
  for (const name in params) {
    const value = params[name]
    if (!Array.isArray(value)) continue
    let size = 1
    while (size < value.length) size *= 2
    sizes.set(name, size)
  }
  return sizes
}

function slotValue(slot: Slot, params: Record<string, unknown>): unknown {
  if (slot.name === undefined) return slot.value
  const value = params[slot.name]
  if (slot.index === undefined) return value
  const list = value as unknown[]
  // Spare places repeat the last value; an empty list is `in (null)`.
  return list.length === 0 ? null : list[Math.min(slot.index, list.length - 1)]
}

/**
 * Raw statements on a SQLite connection, prepared on the connection's first use and kept with it
 * (a connection that goes away takes its statements along).
 */
export function perConnection<S>(
  prepare: (sqlite: BetterSqlite3.Database) => S,
): (sqlite: BetterSqlite3.Database) => S {
  const cache = new WeakMap<BetterSqlite3.Database, S>()
  return (sqlite) => {
    let statements = cache.get(sqlite)
    if (!statements) {
      statements = prepare(sqlite)
      cache.set(sqlite, statements)
    }
    return statements
  }
}

/** The first row of a prepared query, or undefined. */
export function preparedFirst<P extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, param: Param<P>) => Compilable<R>,
): (executor: Executor, params: P) => Promise<R | undefined> {
  const run = prepared(build)
  return async (executor, params) => (await run(executor, params))[0]
}

/**
 * Names a placeholder: `(db, $: Param<{ userId: number }>) => db…where('id', '=', $('userId'))`,
 * or a list: `where('id', 'in', $.list('ids'))` with `ids: number[]`.
 */
export type Param<P> = (<K extends keyof P & string>(name: K) => P[K]) & {
  list: <K extends ListKeys<P>>(name: K) => P[K]
}

type ListKeys<P> = { [K in keyof P & string]: P[K] extends readonly unknown[] ? K : never }[keyof P & string]

type Build = (db: Kysely<Database>, param: Param<Record<string, unknown>>) => Compilable<unknown>

/** Each compiled parameter: a named placeholder (`index`: its place in a list), or a constant the query itself holds. */
type Slot = { name?: string; index?: number; value?: unknown }

interface Template {
  compiled: CompiledQuery
  slots: Slot[]
}

/** A placeholder is a value nobody passes: a string that carries its name (and place in a list). */
const MARK = '\u0000fanspole-param:'
const AT = '\u0000@'

function compileTemplate(executor: Executor, build: Build, sizes: Map<string, number>): Template {
  const names = new Set<string>()
  const param = ((name: string) => {
    names.add(name)
    return `${MARK}${name}`
  }) as Param<Record<string, unknown>>
  param.list = (name: string) => {
    names.add(name)
    return Array.from({ length: sizes.get(name) ?? 1 }, (_, i) => `${MARK}${name}${AT}${i}`)
  }
  const query = build(executor as Kysely<Database>, param).compile()
  const seen = new Set<string>()
  const slots = query.parameters.map((value): Slot => {
    if (typeof value === 'string' && value.startsWith(MARK)) {
      const [name = '', index] = value.slice(MARK.length).split(AT)
      seen.add(name)
      return index === undefined ? { name } : { name, index: Number(index) }
    }
    return { value }
  })
  // A placeholder swallowed by the builder (e.g. inside a list) would silently run with a
  // marker string as its value: refuse the query instead.
  for (const name of names)
    if (!seen.has(name)) throw new Error(`prepared query: placeholder "${name}" is not a plain parameter`)
  return { compiled: query, slots }
}
