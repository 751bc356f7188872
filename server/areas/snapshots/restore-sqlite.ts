import fs from 'node:fs'
import type BetterSqlite3 from 'better-sqlite3'
import { openDatabase } from '../../db/dialect'
import { migrateToLatest } from '../../db/migrate'
import { AppError } from '../../http/errors'
import { maintenanceError } from '../../http/maintenance'

/**
 * Puts the rows of the snapshot `file` into the running SQLite database, in place.
 *
 * Why not close, swap the file and reopen: the open handle is held everywhere (Kysely, the
 * prepared statements of the hot paths, the change versions, the caches checked against them); a new one
 * would leave all of them on a closed database. Instead the snapshot is attached and every
 * table emptied and refilled from it in one `BEGIN IMMEDIATE` transaction, run synchronously
 * — no other JavaScript runs in between, so no request can see half of it, and a failure
 * rolls all of it back. The copy is migrated first, so a snapshot from an older version of
 * the product restores into today's schema; one from a newer version is refused.
 */
export async function restoreSqliteInPlace(sqlite: BetterSqlite3.Database, file: string): Promise<void> {
  const work = `${file}.restoring`
  fs.copyFileSync(file, work)
  try {
    const copy = openDatabase({ file: work })
    try {
      await migrateToLatest(copy.db)
    } catch (error) {
      throw new AppError('CONFLICT', `The snapshot cannot be brought to this version: ${String(error)}`)
    } finally {
      await copy.close()
    }
    await swapInSqlite(sqlite, work)
  } finally {
    removeSqliteFile(work)
  }
}

/** Replaces every row of the running database by those of `file` (same schema), atomically. */
export async function swapInSqlite(sqlite: BetterSqlite3.Database, file: string): Promise<void> {
  await outsideTransactions(sqlite)
  copyAll(sqlite, file)
}

export function removeSqliteFile(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true })
}

/**
 * The gate has drained the requests, but a job or a cable action that was already inside
 * may still hold a transaction open across an await: wait for it (a short while), since the
 * copy below would otherwise nest inside it.
 */
async function outsideTransactions(sqlite: BetterSqlite3.Database): Promise<void> {
  for (let i = 0; i < 250 && sqlite.inTransaction; i++) await new Promise((r) => setTimeout(r, 20))
  if (sqlite.inTransaction) throw maintenanceError('a transaction did not finish; nothing was changed')
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * `app_settings` rows that stay as they are: the server secrets (db/server-secrets.ts) never
 * change once written and this process keeps them cached, so tokens and gateway signatures
 * made before and after the swap must agree with them. `served_url` is where the running server
 * serves (http/served-url.ts), not a part of the league.
 */
export const KEPT_SETTINGS = ['token_derivation_key', 'gateway_secret', 'served_url']

function copyAll(sqlite: BetterSqlite3.Database, work: string): void {
  sqlite.prepare('attach database ? as snap').run(work)
  // Rows are refilled table by table, so references are checked at the end, not row by row;
  // foreign_keys can only be switched outside a transaction.
  sqlite.pragma('foreign_keys = OFF')
  try {
    sqlite
      .transaction(() => {
        const kept = sqlite
          .prepare(
            `select key, value, updated_at_ms from main.app_settings where key in (${KEPT_SETTINGS.map(() => '?').join(', ')})`,
          )
          .all(...KEPT_SETTINGS)
        // Triggers keep derived columns in step with other tables (contests.starts_at_ms from
        // matches): refilling table by table would compute them from rows not yet replaced.
        // The snapshot's rows already hold the right values, so they are dropped for the copy
        // and made again from their own SQL, in the same transaction.
        const triggers = sqlite
          .prepare("select name, sql from main.sqlite_master where type = 'trigger'")
          .all() as Array<{ name: string; sql: string }>
        const versions = sqlite.prepare('select name, version from main.data_versions').all() as DataVersion[]
        for (const t of triggers) sqlite.exec(`drop trigger main.${quote(t.name)}`)
        const tables = sqlite
          .prepare(
            "select name from main.sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
          )
          .pluck()
          .all() as string[]
        for (const table of tables) copyTable(sqlite, table)
        const keep = sqlite.prepare(
          'insert or replace into main.app_settings (key, value, updated_at_ms) values (@key, @value, @updated_at_ms)',
        )
        for (const row of kept) keep.run(row)
        copySequences(sqlite)
        for (const t of triggers) sqlite.exec(t.sql)
        moveVersionsPast(sqlite, versions)
        const broken = sqlite.pragma('main.foreign_key_check') as unknown[]
        if (broken.length > 0)
          throw new AppError('CONFLICT', 'The snapshot has rows that reference missing rows')
      })
      .immediate()
  } finally {
    sqlite.pragma('foreign_keys = ON')
    sqlite.exec('detach database snap')
  }
}

/** One table's rows replaced by the snapshot's; refused when the snapshot lacks a column of ours. */
function copyTable(sqlite: BetterSqlite3.Database, table: string): void {
  const columns = (sqlite.pragma(`main.table_info(${quote(table)})`) as Array<{ name: string }>).map((c) =>
    quote(c.name),
  )
  const theirs = new Set(
    (sqlite.pragma(`snap.table_info(${quote(table)})`) as Array<{ name: string }>).map((c) => quote(c.name)),
  )
  if (columns.some((c) => !theirs.has(c)))
    throw new AppError('CONFLICT', `The snapshot's table ${table} does not match this version`)
  const list = columns.join(', ')
  sqlite.exec(`delete from main.${quote(table)}`)
  sqlite.exec(`insert into main.${quote(table)} (${list}) select ${list} from snap.${quote(table)}`)
}

/** AUTOINCREMENT counters go back too, so ids are handed out as they were then. */
function copySequences(sqlite: BetterSqlite3.Database): void {
  const hasSequence = (schema: string) =>
    sqlite
      .prepare(`select 1 from ${schema}.sqlite_master where type = 'table' and name = 'sqlite_sequence'`)
      .get() !== undefined
  if (hasSequence('main')) {
    sqlite.exec('delete from main.sqlite_sequence')
    if (hasSequence('snap'))
      sqlite.exec('insert into main.sqlite_sequence select name, seq from snap.sqlite_sequence')
  }
}

export interface DataVersion {
  name: string
  version: number
}

/**
 * Caches of this process compare `data_versions` with the version they were filled under
 * (contests/list-total.ts). The restored numbers may equal ones seen before with other data
 * behind them, so each moves past both its number before and its restored one.
 */
function moveVersionsPast(sqlite: BetterSqlite3.Database, before: DataVersion[]): void {
  const move = sqlite.prepare('update main.data_versions set version = max(version, ?) + 1 where name = ?')
  for (const v of before) move.run(v.version, v.name)
}
