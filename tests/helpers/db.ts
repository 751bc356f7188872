import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Kysely, Selectable } from 'kysely'
import type { Config } from '../../server/core/config'
import { ephemeralDatabase } from '../../server/core/config'
import { createScratchDatabase, dropDatabase } from '../../server/db/dialect'
import type { Database } from '../../server/db/schema'
import type { Db, Executor } from '../../server/db/tx'

/**
 * Which database this test process runs on. The Postgres leg of `npm test` (projects named
 * `*-pg` in tests/vitest.config.ts) sets DATABASE_URL to a PostgreSQL server; every test world
 * and ephemeral server then gets a scratch database of its own, copied from a migrated template.
 */
export const TEST_DIALECT: 'sqlite' | 'postgres' = process.env.DATABASE_URL ? 'postgres' : 'sqlite'

/**
 * A database that survives a server restart within one test: a SQLite file in a temporary
 * directory, or a scratch Postgres database (not dropped when a server closes). `drop()`
 * removes it at the end.
 */
export async function durableDatabase(
  name = 'test',
): Promise<{ config: Partial<Config>; drop(): Promise<void> }> {
  const scratch = ephemeralDatabase(process.env)
  if (scratch.databaseUrl) {
    const url = await createScratchDatabase(scratch.databaseUrl, {
      template: scratch.scratchTemplate,
      prefix: scratch.scratchPrefix,
    })
    return { config: { databaseUrl: url, scratchDatabase: false }, drop: () => dropDatabase(url) }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-durable-'))
  return {
    config: { dbFile: path.join(dir, `${name}.sqlite`), databaseUrl: undefined },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  }
}

/** The scheduled jobs that failed, with their errors: a healthy run has none. */
export const failedJobs = (db: Db) =>
  db.selectFrom('scheduled_jobs').select(['kind', 'last_error']).where('status', '=', 'failed').execute()

/** How many rows `table` holds. */
export async function rowCount(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** One column of the row of `table` with this id (the row must exist), as Kysely selects it. */
export function rowById<T extends keyof Database, C extends keyof Selectable<Database[T]> & string>(
  db: Executor,
  table: T,
  id: number,
  column: C,
): Promise<Pick<Selectable<Database[T]>, C>> {
  // A table named by a type parameter is past what Kysely's builder can type; the signature says what comes back.
  return (db as unknown as Kysely<Record<string, { id: number }>>)
    .selectFrom(table as string)
    .select(column as 'id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow() as never
}

/** The rows of `table` whose columns equal `where`'s values, with one column. */
function selectWhere<T extends keyof Database>(
  db: Executor,
  table: T,
  where: { [K in keyof Selectable<Database[T]>]?: Selectable<Database[T]>[K] },
  column: string,
) {
  let query = (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .selectFrom(table as string)
    .select(column)
  for (const [name, value] of Object.entries(where)) query = query.where(name, '=', value)
  return query
}

/** One column of the rows of `table` whose columns equal `where`'s values, as Kysely selects it. */
export function rowsWhere<T extends keyof Database, C extends keyof Selectable<Database[T]> & string>(
  db: Executor,
  table: T,
  where: { [K in keyof Selectable<Database[T]>]?: Selectable<Database[T]>[K] },
  column: C,
): Promise<Array<Pick<Selectable<Database[T]>, C>>> {
  return selectWhere(db, table, where, column).execute() as never
}

/** One column of the first row of `table` whose columns equal `where`'s values, if there is one. */
export function rowWhere<T extends keyof Database, C extends keyof Selectable<Database[T]> & string>(
  db: Executor,
  table: T,
  where: { [K in keyof Selectable<Database[T]>]?: Selectable<Database[T]>[K] },
  column: C,
): Promise<Pick<Selectable<Database[T]>, C> | undefined> {
  return selectWhere(db, table, where, column).executeTakeFirst() as never
}
