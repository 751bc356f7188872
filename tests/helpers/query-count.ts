import { DefaultQueryExecutor } from 'kysely'

/**
 * Counts the queries run while `fn` runs, through any Kysely executor (a database, a
 * transaction, a compiled-once query), on SQLite and PostgreSQL alike: every one passes
 * through the executors' common `executeQuery`, wrapped here for the call's duration. Other
 * work running at the same time in this process would be counted too: call it alone.
 */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const base = Object.getPrototypeOf(DefaultQueryExecutor.prototype) as {
    executeQuery: (...args: unknown[]) => Promise<unknown>
  }
  const original = base.executeQuery
  let queries = 0
  base.executeQuery = function (this: unknown, ...args: unknown[]) {
    queries++
    return original.apply(this, args)
  }
  try {
    return { result: await fn(), queries }
  } finally {
    base.executeQuery = original
  }
}
