import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely'
import pg from 'pg'
import type { Database } from './schema'
import { CachedSqliteDriver } from './sqlite-driver'

/** The one module that knows which database engine is underneath. */
export type DialectKind = 'sqlite' | 'postgres'

export interface DbHandle {
  db: Kysely<Database>
  kind: DialectKind
  /** Where the data lives: a file path, ':memory:' or the Postgres URL without its password. */
  location: string
  /** The raw better-sqlite3 handle for hot paths (prepared statements); undefined on Postgres. */
  sqlite?: BetterSqlite3.Database
  close(): Promise<void>
}

export interface OpenDbOptions {
  /** SQLite file path or ':memory:'. Ignored when databaseUrl is given. */
  file?: string
  /** postgres://… connection string (DATABASE_URL). */
  databaseUrl?: string
}

export function openDatabase(options: OpenDbOptions): DbHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  return openSqlite(options.file ?? ':memory:')
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
  const driver = new CachedSqliteDriver(sqlite)
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
    close: async () => {
      await db.destroy()
    },
  }
}

function openPostgres(url: string): DbHandle {
  // int8 (bigint) comes back as a string by default; money is integer paise, safe to 2^53.
  pg.types.setTypeParser(20, (value) => Number(value))
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  const redacted = url.replace(/:[^:@/]+@/, ':***@')
  return {
    db,
    kind: 'postgres',
    location: redacted,
    close: async () => {
      await db.destroy()
    },
  }
}
