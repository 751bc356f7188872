import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type Dialect,
  DummyDriver,
  Kysely,
  type Migration,
  Migrator,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely'
import { describe, expect, it } from 'vitest'
import { createScratchDatabase, openDatabase } from '../../../server/db/dialect'
import { migrations } from '../../../server/db/migrations'

// Migrations are history: a database that already ran one must never see it differ. These
// snapshots hold what every migration up to FROZEN_THROUGH sends to each engine and the schema
// it leaves behind, so a refactoring of the migrations (shared helpers) shows it changed nothing.
// A newer migration is recorded by moving FROZEN_THROUGH forward and running once with
// FANSPOLE_RECORD_MIGRATIONS=1 (then `npx biome check --write` the files); their diff must only add.
const FROZEN_THROUGH = '2026-12-02-001-esports'
const frozen = Object.keys(migrations).slice(0, Object.keys(migrations).indexOf(FROZEN_THROUGH) + 1)

/** A Kysely that compiles for the engine but runs nothing (every query answers no rows). */
function recorder(kind: 'sqlite' | 'postgres', log: string[]): Kysely<any> {
  const dialect: Dialect =
    kind === 'postgres'
      ? {
          createAdapter: () => new PostgresAdapter(),
          createDriver: () => new DummyDriver(),
          createIntrospector: (db) => new PostgresIntrospector(db),
          createQueryCompiler: () => new PostgresQueryCompiler(),
        }
      : {
          createAdapter: () => new SqliteAdapter(),
          createDriver: () => new DummyDriver(),
          createIntrospector: (db) => new SqliteIntrospector(db),
          createQueryCompiler: () => new SqliteQueryCompiler(),
        }
  return new Kysely<any>({
    dialect,
    log: (event) => {
      const params = event.query.parameters.length ? ` -- ${JSON.stringify(event.query.parameters)}` : ''
      log.push(`${event.query.sql}${params}`)
    },
  })
}

async function statementsOf(
  kind: 'sqlite' | 'postgres',
): Promise<Record<string, { up: string[]; down: string[] }>> {
  const out: Record<string, { up: string[]; down: string[] }> = {}
  for (const name of frozen) {
    const migration = migrations[name] as Migration
    const up: string[] = []
    const down: string[] = []
    await migration.up(recorder(kind, up))
    await migration.down?.(recorder(kind, down))
    out[name] = { up, down }
  }
  return out
}

async function migrateThroughFrozen(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error } = await migrator.migrateTo(FROZEN_THROUGH)
  if (error) throw error
}

describe('frozen migrations', () => {
  it('send SQLite the very statements they always sent', async () => {
    expectRecorded('migrations.sqlite-statements.json', await statementsOf('sqlite'))
  })

  it('send PostgreSQL the very statements they always sent', async () => {
    expectRecorded('migrations.postgres-statements.json', await statementsOf('postgres'))
  })

  it('leave a fresh SQLite database with the same schema', async () => {
    const handle = openDatabase({ file: ':memory:' })
    try {
      await migrateThroughFrozen(handle.db)
      const { rows } = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
        select type, name, tbl_name, sql from sqlite_master
        where name not like 'kysely_%' order by name`.execute(handle.db)
      expectRecorded('migrations.sqlite-schema.json', rows)
    } finally {
      await handle.close()
    }
  })

  it.runIf(process.env.FANSPOLE_TEST_POSTGRES)(
    'leave a fresh PostgreSQL database with the same schema',
    async () => {
      const url = await createScratchDatabase(process.env.FANSPOLE_TEST_POSTGRES as string, {
        prefix: 'fanspole_t',
      })
      const handle = openDatabase({ databaseUrl: url, dropOnClose: true })
      try {
        await migrateThroughFrozen(handle.db)
        const schema = {
          columns: await rowsOf(
            handle.db,
            sql`select table_name, column_name, ordinal_position, data_type, is_nullable, column_default
            from information_schema.columns where table_schema = 'public' and table_name not like 'kysely_%'
            order by table_name, ordinal_position`,
          ),
          indexes: await rowsOf(
            handle.db,
            sql`select tablename, indexname, indexdef from pg_indexes
            where schemaname = 'public' and tablename not like 'kysely_%' order by tablename, indexname`,
          ),
          constraints: await rowsOf(
            handle.db,
            sql`select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as def
            from pg_constraint where connamespace = 'public'::regnamespace
            and conrelid::regclass::text not like 'kysely_%' order by 1, 2`,
          ),
          sequences: await rowsOf(
            handle.db,
            sql`select sequencename, start_value, last_value from pg_sequences
            where schemaname = 'public' order by sequencename`,
          ),
        }
        expectRecorded('migrations.postgres-schema.json', schema)
      } finally {
        await handle.close()
      }
    },
  )
})

/** Compares with the recorded file (parsed, so its formatting is free), or records it when asked. */
function expectRecorded(file: string, actual: unknown): void {
  const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '__snapshots__', file)
  if (process.env.FANSPOLE_RECORD_MIGRATIONS === '1') {
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.writeFileSync(target, `${JSON.stringify(actual, null, 2)}\n`)
  }
  expect(actual).toEqual(JSON.parse(fs.readFileSync(target, 'utf8')))
}

async function rowsOf(db: Kysely<any>, query: ReturnType<typeof sql>): Promise<unknown[]> {
  return (await query.execute(db)).rows
}
