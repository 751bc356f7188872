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
 * Only scalar values can be placeholders: a list (`in (…)`) changes the SQL's shape, so such
 * queries stay ordinary Kysely queries.
 */
export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, param: Param<P>) => Compilable<R>,
): (executor: Executor, params: P) => Promise<R[]> {
  const compiled = new Map<unknown, Template>()
  return async (executor, params) => {
    const adapter = executor.getExecutor().adapter
    let template = compiled.get(adapter.constructor)
    if (!template) {
      template = compileTemplate(executor, build as Build)
      compiled.set(adapter.constructor, template)
    }
    const parameters = template.slots.map((slot) =>
      slot.name === undefined ? slot.value : params[slot.name],
    )
    const query: CompiledQuery<R> = { ...template.compiled, parameters }
    return (await executor.executeQuery(query)).rows
  }
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

/** Names a placeholder: `(db, $: Param<{ userId: number }>) => db…where('id', '=', $('userId'))`. */
export type Param<P> = <K extends keyof P & string>(name: K) => P[K]

type Build = (db: Kysely<Database>, param: (name: string) => unknown) => Compilable<unknown>

interface Template {
  compiled: CompiledQuery
  /** Each compiled parameter: a named placeholder, or a constant the query itself holds. */
  slots: Array<{ name?: string; value?: unknown }>
}

/** A placeholder is a value nobody passes: a string that carries its name. */
const MARK = '\u0000fanspole-param:'

function compileTemplate(executor: Executor, build: Build): Template {
  const names = new Set<string>()
  const param = (name: string) => {
    names.add(name)
    return `${MARK}${name}`
  }
  const query = build(executor as Kysely<Database>, param).compile()
  const seen = new Set<string>()
  const slots = query.parameters.map((value) => {
    if (typeof value === 'string' && value.startsWith(MARK)) {
      const name = value.slice(MARK.length)
      seen.add(name)
      return { name }
    }
    return { value }
  })
  // A placeholder swallowed by the builder (e.g. inside a list) would silently run with a
  // marker string as its value: refuse the query instead.
  for (const name of names)
    if (!seen.has(name)) throw new Error(`prepared query: placeholder "${name}" is not a plain parameter`)
  return { compiled: query, slots }
}
