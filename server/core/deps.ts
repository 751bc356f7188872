import type { DbHandle } from '../db/dialect'
import type { Db, TxScope } from '../db/tx'
import type { Rng } from '../domain/rng'
import type { Bus } from '../lib/bus'
import type { Clock } from '../lib/clock'
import type { Logger } from '../lib/log'
import type { Scheduler } from '../lib/scheduler'
import type { Tap } from '../lib/tap'
import type { Config } from './config'

/**
 * Everything a service needs, passed explicitly. No module reaches for a global clock,
 * random source or database: tests build a Deps with a manual clock and a fresh database.
 */
export interface Deps {
  db: Db
  dbHandle: DbHandle
  clock: Clock
  rng: Rng
  bus: Bus
  log: Logger
  config: Config
  scheduler: Scheduler
  /** The server's log of requests and broadcasts, recording only while an admin listens (lib/tap.ts). */
  tap?: Tap
  /**
   * Set only on the copy of the deps a request gets inside its own transaction (idempotent
   * routes): then `db` is that transaction and `withTx` nests in it as a savepoint.
   */
  txScope?: TxScope
}
