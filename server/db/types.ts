import type { Kysely, Transaction } from 'kysely'
import type { Database } from './schema'

export type Db = Kysely<Database>
export type Tx = Transaction<Database>
/** Query functions take either the database or an open transaction as their first argument. */
export type Executor = Db | Tx

/** What travels on a bus stream: an object with its `type` (docs/channels.md). */
export type BusPayload = { type: string; [key: string]: unknown }

/**
 * A bus stream's name, typed by the messages it carries: at run time a plain string, at compile
 * time `after.publish(contestStream(id), message)` checks the message against the stream's kind,
 * and the web and CLI read the same message types (type-only imports).
 */
export type Stream<M extends BusPayload = BusPayload> = string & { readonly __messages?: M }

/** A message on its way out, before the bus has given it a seq. */
export interface Outgoing {
  stream: string
  message: BusPayload
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
