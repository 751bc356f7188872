import type { Kysely, Transaction } from 'kysely'
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
 * Runs `fn` in one write transaction (BEGIN IMMEDIATE on SQLite). Broadcasts and other side
 * effects queued on `after` go out only after the commit, in the order they were queued;
 * if the transaction rolls back they are dropped, so no client ever sees an undone change.
 */
export async function withTx<T>(
  deps: { db: Db; bus: Bus },
  fn: (tx: Tx, after: AfterCommit) => Promise<T>,
): Promise<T> {
  const queued: Array<() => void> = []
  const after: AfterCommit = {
    publish: (stream, message) => queued.push(() => deps.bus.publish(stream, message)),
    run: (f) => queued.push(f),
  }
  const result = await deps.db.transaction().execute((tx) => fn(tx, after))
  for (const job of queued) job()
  return result
}
