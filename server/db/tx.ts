import { sql } from 'kysely'
import type { BusPayload, Db, Outgoing, Publisher, Stream, Tx } from './types'

export type { BusPayload, Db, Executor, Stream, Tx } from './types'

/** Work queued inside a transaction that may only happen once it has committed. */
export interface AfterCommit {
  /** Queues `message` for `stream`; a typed stream (`Stream<M>`) takes only its own messages. */
  publish<M extends BusPayload>(stream: Stream<M>, message: NoInfer<M>): void
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
  deps: { db: Db; bus: Publisher; txScope?: TxScope },
  fn: (tx: Tx, after: AfterCommit) => Promise<T>,
): Promise<T> {
  const queued: Queued[] = []
  const after = afterCommit(queued)
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
    for (const item of queued)
      if (typeof item === 'function') scope.after.run(item)
      else scope.after.publish(item.stream, item.message)
    return result
  }
  return commitThenRun(deps, queued, (tx) => fn(tx, after))
}

/**
 * Runs `fn` in a transaction that the code it calls joins through `deps.txScope` (see
 * `withTx`); the side effects queued in it go out once it commits. Throw to roll back.
 * Inside a request's own transaction (`deps.txScope`: an idempotent request) it is a
 * savepoint of that one, as `withTx` is.
 */
export async function withTxScope<T>(
  deps: { db: Db; bus: Publisher; txScope?: TxScope },
  fn: (scope: TxScope) => Promise<T>,
): Promise<T> {
  const outer = deps.txScope
  if (outer)
    return withTx(deps, (tx, after) =>
      // The savepoint's own `after`: what the inner work queues is dropped if it rolls back.
      // Savepoint names keep counting in the outer transaction.
      fn({
        tx,
        after,
        get savepoints() {
          return outer.savepoints
        },
        set savepoints(n) {
          outer.savepoints = n
        },
      }),
    )
  const queued: Queued[] = []
  const after = afterCommit(queued)
  return commitThenRun(deps, queued, (tx) => fn({ tx, after, savepoints: 0 }))
}

/** Work queued on `after`: a function to run, or a message to publish. */
type Queued = (() => void) | Outgoing

function afterCommit(queued: Queued[]): AfterCommit {
  return {
    publish: (stream, message) => queued.push({ stream, message }),
    run: (f) => queued.push(f),
  }
}

/**
 * Commits `fn`'s transaction, then runs what was queued, in order. A shared bus (PostgreSQL)
 * has the messages written into the transaction itself, just before the commit: the database
 * numbers them in commit order and announces them only if the commit happens.
 */
async function commitThenRun<T>(
  deps: { db: Db; bus: Publisher },
  queued: Queued[],
  fn: (tx: Tx) => Promise<T>,
) {
  const stage = deps.bus.stage?.bind(deps.bus)
  if (!stage) {
    const result = await deps.db.transaction().execute(fn)
    for (const item of queued)
      if (typeof item === 'function') item()
      else deps.bus.publish(item.stream, item.message)
    return result
  }
  let deliver = () => {}
  const result = await deps.db.transaction().execute(async (tx) => {
    const value = await fn(tx)
    const messages = queued.filter((item): item is Outgoing => typeof item !== 'function')
    if (messages.length > 0) deliver = await stage(tx, messages)
    return value
  })
  for (const item of queued) if (typeof item === 'function') item()
  deliver()
  return result
}
