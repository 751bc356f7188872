import { PostgresAdapter, type SelectQueryBuilder, sql } from 'kysely'
import type { Database } from './schema'
import type { Executor } from './tx'

/**
 * Locking for check-then-insert writes (docs/architecture.md, "Writes that check, then write").
 *
 * A write that reads a row, checks a rule against it (seats left, entries per player, balance,
 * status) and then writes must hold a lock on that row from the read to the commit, or two
 * requests at once both pass the check. SQLite opens every write transaction with BEGIN
 * IMMEDIATE, so writers already run one at a time and these helpers do nothing there. On
 * PostgreSQL (READ COMMITTED) they take a row lock with SELECT … FOR NO KEY UPDATE: a second
 * transaction waits at the same statement until the first commits, and then reads the row as
 * the first left it. (NO KEY UPDATE rather than UPDATE: it is the lock an UPDATE takes, and it
 * lets the foreign-key checks of other inserts — a notification for a locked user — through,
 * where FOR UPDATE would block them and could deadlock two writers.)
 *
 * Lock a parent row, not the children being counted (a contest for its members, the user for
 * their teams or withdrawals): a row that does not exist yet cannot be locked. Take the locks
 * at the start of the transaction, parent before child, the same order everywhere, so two
 * writers never wait on each other in a cycle.
 */

/** True when `db` (a Kysely instance or an open transaction) talks to PostgreSQL. */
export function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/**
 * `qb` with FOR NO KEY UPDATE on PostgreSQL, unchanged on SQLite: `query.$call(forUpdate(tx))`.
 * Only for a select of the rows being checked inside a write transaction.
 */
export function forUpdate(db: Executor) {
  const postgres = isPostgres(db)
  // biome-ignore lint/suspicious/noExplicitAny: works for a select of any shape
  return <QB extends SelectQueryBuilder<Database, any, any>>(qb: QB): QB =>
    postgres ? (qb.forUpdate() as QB) : qb
}

/** Tables whose rows writers lock by id before they check a rule that the row guards. */
export type LockableTable =
  | 'users'
  | 'contests'
  | 'matches'
  | 'auctions'
  | 'auction_managers'
  | 'user_credits'
  | 'redemptions'
  | 'claim_refunds'
  | 'scratch_cards'
  | 'pan_cards'
  | 'ledger_accounts'
  | 'series_phases'
  | 'championship_contests'
  | 'game_accounts'
  | 'esports_contests'
  | 'esports_squads'
  | 'esports_tournaments'
  | 'esports_tournament_squads'

/**
 * A shared lock on rows (FOR SHARE on PostgreSQL): many writers that only need the row to stay
 * as it is (teams of a match that must not start meanwhile) hold it together, while a writer
 * that changes the row (the match starting) waits for them all, and they for it.
 */
export async function shareRows(tx: Executor, table: LockableTable, ids: number | number[]): Promise<void> {
  const list = [...new Set(Array.isArray(ids) ? ids : [ids])].sort((a, b) => a - b)
  if (list.length === 0 || !isPostgres(tx)) return
  await sql`select id from ${sql.table(table)} where id in (${sql.join(list)}) order by id for share`.execute(
    tx,
  )
}

/**
 * Locks rows by id until the transaction ends (PostgreSQL; on SQLite BEGIN IMMEDIATE already
 * has). Several ids are locked in ascending order, the one order every writer uses. A missing
 * id locks nothing: the caller's own read finds it missing.
 */
export async function lockRows(tx: Executor, table: LockableTable, ids: number | number[]): Promise<void> {
  const list = [...new Set(Array.isArray(ids) ? ids : [ids])].sort((a, b) => a - b)
  if (list.length === 0 || !isPostgres(tx)) return
  // In ascending chunks (a settlement locks every winner's account), so the order holds across them.
  for (let i = 0; i < list.length; i += 10_000)
    await sql`select id from ${sql.table(table)} where id in (${sql.join(
      list.slice(i, i + 10_000),
    )}) order by id for no key update`.execute(tx)
}
