import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely'
import pg from 'pg'
import { changeListener } from './change-listener'
import type { DatabaseLock } from './database-lock'
import type { Database } from './schema'
import { CachedSqliteDriver } from './sqlite-driver'
import { sqliteWatch } from './sqlite-watch'
import { type TableChanges, tableChanges } from './table-changes'
import { TrackingDriver } from './tracking-driver'

/** The one module that knows which database engine is underneath. */
export type DialectKind = 'sqlite' | 'postgres'

export interface DbHandle {
  db: Kysely<Database>
  kind: DialectKind
  /** Where the data lives: a file path, ':memory:' or the Postgres URL without its password. */
  location: string
  /** The raw better-sqlite3 handle for hot paths (prepared statements); undefined on Postgres. */
  sqlite?: BetterSqlite3.Database
  /**
   * Which tables changed since when, by this process or any other (table-changes.ts): caches of
   * answers and tokens check what they read against it, in memory, without a query.
   */
  changes: TableChanges
  /** Starts hearing other processes' changes (PostgreSQL: LISTEN), once; the caches call it. */
  watchChanges(): void
  /** Held by whoever booted on this database (db/database-lock.ts); freed by close(). */
  lock?: DatabaseLock
  close(): Promise<void>
}

export interface OpenDbOptions {
  /** SQLite file path or ':memory:'. Ignored when databaseUrl is given. */
  file?: string
  /** postgres://… connection string (DATABASE_URL). */
  databaseUrl?: string
  /** Postgres: drop the database when the handle closes (a scratch database, see below). */
  dropOnClose?: boolean
}

export function openDatabase(options: OpenDbOptions): DbHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.dropOnClose ?? false)
  return openSqlite(options.file ?? ':memory:')
}

export interface ScratchOptions {
  /** A migrated database to copy (CREATE DATABASE … TEMPLATE), much faster than migrating. */
  template?: string
  /** Name prefix, so that leftovers of a crashed run can be found and dropped. */
  prefix?: string
  /** An exact name instead of prefix + process id + random suffix. */
  name?: string
}

/**
 * Postgres' answer to SQLite's ':memory:': a new, empty database on the server that `url`
 * points at, for one ephemeral run (a test world, a scenario, `--ephemeral`). Returns its URL.
 */
export async function createScratchDatabase(url: string, options: ScratchOptions = {}): Promise<string> {
  const name =
    options.name ?? `${options.prefix ?? 'fanspole_eph_'}${process.pid}_${randomBytes(5).toString('hex')}`
  const template = options.template ? ` template ${quoteIdent(options.template)}` : ''
  await withAdminClient(url, (client) => client.query(`create database ${quoteIdent(name)}${template}`))
  return databaseUrlFor(url, name)
}

/** Drops the database `url` names, closing whatever connections it still has. */
export async function dropDatabase(url: string, via: string = url): Promise<void> {
  const name = new URL(url).pathname.slice(1)
  // Connect to another database of the same server: one cannot drop the database one is in.
  const other = databaseUrlFor(via, name === 'postgres' ? 'template1' : 'postgres')
  await withAdminClient(other, async (client) => {
    // Connections of our own still in it (a pool left open, a run that died) are closed
    // first — a role may end its own sessions — and a plain DROP then waits for them and
    // stops an autovacuum worker by itself (WITH (FORCE) would need pg_signal_backend).
    await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = $1 and usename = current_user and pid <> pg_backend_pid()`,
      [name],
    )
    await client.query(`drop database if exists ${quoteIdent(name)}`)
  })
}

/** Names of the databases on the server of `url` that start with `prefix`. */
export async function listDatabases(url: string, prefix: string): Promise<string[]> {
  const { rows } = await withAdminClient(url, (client) =>
    client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
      prefix,
    ]),
  )
  return rows.map((r) => r.datname)
}

/** `url` with its database name replaced. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

function openSqlite(file: string): DbHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const sqlite = new BetterSqlite3(file, { timeout: 5000 })
  // WAL for concurrent readers; FULL so an acknowledged money movement survives power loss
  // (better-sqlite3 defaults WAL databases to NORMAL, which may lose the last commits).
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // 128 MB of page cache (the default is 16): settling a match with a million entries
  // rewrites pages of several big tables, and rereading them from disk dominated it.
  sqlite.pragma('cache_size = -131072')
  const changes = tableChanges()
  const driver = new TrackingDriver(new CachedSqliteDriver(sqlite), changes, sqliteWatch(sqlite, changes))
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  })
  return {
    db,
    kind: 'sqlite',
    location: file,
    sqlite,
    changes,
    watchChanges: () => {},
    close: async () => {
      await db.destroy()
    },
  }
}

function openPostgres(url: string, dropOnClose: boolean): DbHandle {
  // int8 (bigint: ids, epoch ms, paise, count(*)) and numeric (sum() of a bigint column) come
  // back as strings by default. Every quantity here is an integer well inside 2^53.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value))
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle connection that the server closes (a restart, an administrator, a dropped scratch
  // database) is an 'error' event on the pool: without a listener it would end the process.
  // The pool drops that connection and opens a new one when a query needs it.
  pool.on('error', () => {})
  const changes = tableChanges()
  const listener = changeListener(url, changes)
  const postgres = new PostgresDialect({ pool })
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => postgres.createAdapter(),
      createDriver: () => new TrackingDriver(postgres.createDriver(), changes),
      createIntrospector: (k) => postgres.createIntrospector(k),
      createQueryCompiler: () => postgres.createQueryCompiler(),
    },
  })
  const redacted = url.replace(/:[^:@/]+@/, ':***@')
  return {
    db,
    kind: 'postgres',
    location: redacted,
    changes,
    watchChanges: listener.start,
    close: async () => {
      await listener.close()
      await db.destroy()
      if (dropOnClose) await dropDatabase(url)
    },
  }
}
