import type { Kysely, Transaction } from 'kysely'
import type { Database } from './schema'

export type Db = Kysely<Database>
export type Tx = Transaction<Database>
/** Query functions take either the database or an open transaction as their first argument. */
export type Executor = Db | Tx

/** A message on its way out, before the bus has given it a seq. */
export interface Outgoing {
  stream: string
  message: { type: string; [key: string]: unknown }
}

/**
 * What a transaction needs of the bus (server/lib/bus.ts implements it): publishing after the
 * commit, or — a shared bus — staging the messages inside the transaction itself. Declared
 * here, below the bus, so the database layer never imports the layer above it.
 */
export interface Publisher {
  publish(stream: string, message: Outgoing['message']): void
  /**
   * Shared buses only: writes `messages` into `tx`, the transaction whose change they describe,
   * so the database numbers them in commit order and announces them only if it commits.
   * Returns what to call after the commit (local delivery without waiting for the round trip).
   */
  stage?(tx: Tx, messages: Outgoing[]): Promise<() => void>
}
