import { type Kysely, sql, type Transaction } from 'kysely'
import type { Bus } from '../lib/bus'
import type { Database } from './schema'

export type Db = Kysely<Database>
export type Tx = Transaction<Database>
/** Query functions take either the database or an open transaction as their first argument. */
export type Executor = Db | Tx

/** Work queued inside a transaction that may only happen once it has committed. */
export interface AfterCommit {
  publish(stream: string, message: { type: string; [key: string]: unknown }): void
  run(fn: () => void): void
}

/**
 * A transaction opened around a whole request (the idempotent routes: the change and the
 * stored answer commit together, `server/http/idempotency.ts`). Services called inside it run
 * their `withTx` as a savepoint of it, and their `after` work waits for its commit.
 */
export interface TxScope {
  tx: Tx
  after: AfterCommit
  /** Savepoints opened so far (their names). */
  savepoints: number
}

/**
 * Runs `fn` in one write transaction (BEGIN IMMEDIATE on SQLite). Broadcasts and other side
 * effects queued on `after` go out only after the commit, in the order they were queued;
 * if the transaction rolls back they are dropped, so no client ever sees an undone change.
 *
 * Inside a request's own transaction (`deps.txScope`) it is a savepoint instead: a failure
 * undoes only this part, as a transaction of its own would, and the side effects go out when
 * the request's transaction commits.
 */
export async function withTx<T>(
  deps: { db: Db; bus: Bus; txScope?: TxScope },
  fn: (tx: Tx, after: AfterCommit) => Promise<T>,
): Promise<T> {
  const queued: Array<() => void> = []
  const after: AfterCommit = {
    publish: (stream, message) => queued.push(() => deps.bus.publish(stream, message)),
    run: (f) => queued.push(f),
  }
  const scope = deps.txScope
  if (scope) {
    const name = sql.id(`sp${++scope.savepoints}`)
    await sql`savepoint ${name}`.execute(scope.tx)
    let result: T
    try {
      result = await fn(scope.tx, after)
    } catch (error) {
      await sql`rollback to savepoint ${name}`.execute(scope.tx)
      await sql`release savepoint ${name}`.execute(scope.tx)
      throw error
    }
    await sql`release savepoint ${name}`.execute(scope.tx)
    for (const job of queued) scope.after.run(job)
    return result
  }
  const result = await deps.db.transaction().execute((tx) => fn(tx, after))
  for (const job of queued) job()
  return result
}

/**
 * Runs `fn` in a transaction that the code it calls joins through `deps.txScope` (see
 * `withTx`); the side effects queued in it go out once it commits. Throw to roll back.
 */
export async function withTxScope<T>(
  deps: { db: Db; bus: Bus },
  fn: (scope: TxScope) => Promise<T>,
): Promise<T> {
  const queued: Array<() => void> = []
  const after: AfterCommit = {
    publish: (stream, message) => queued.push(() => deps.bus.publish(stream, message)),
    run: (f) => queued.push(f),
  }
  const result = await deps.db.transaction().execute((tx) => fn({ tx, after, savepoints: 0 }))
  for (const job of queued) job()
  return result
}
