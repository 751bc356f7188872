import fs from 'node:fs'
import path from 'node:path'
import { ephemeralDatabase } from '../../server/core/config'
import { createScratchDatabase, dropDatabase } from '../../server/db/dialect'
import { durableDatabase } from './db'

/**
 * A database for a restart test that outlives the server processes using it: a SQLite file in
 * a temporary folder, or on the Postgres leg (DATABASE_URL set, tests/vitest.config.ts) a
 * scratch PostgreSQL database of this run (dropped with the run's leftovers if the test dies).
 */
export interface RestartDb {
  /** What a server process takes: `{dbFile}` or `{databaseUrl}`. */
  target: { dbFile: string } | { databaseUrl: string }
  kind: 'sqlite' | 'postgres'
  drop(): Promise<void>
}

export async function freshDatabase(name: string): Promise<RestartDb> {
  const db = await durableDatabase(name)
  const target = db.config.databaseUrl
    ? { databaseUrl: db.config.databaseUrl }
    : { dbFile: db.config.dbFile as string }
  return { target, kind: 'databaseUrl' in target ? 'postgres' : 'sqlite', drop: db.drop }
}

/** A copy of a database no server has open (a seeded league, set up once for several runs). */
export async function cloneDatabase(source: RestartDb, name: string): Promise<RestartDb> {
  if ('dbFile' in source.target) {
    const copy = await freshDatabase(name)
    const to = (copy.target as { dbFile: string }).dbFile
    fs.mkdirSync(path.dirname(to), { recursive: true })
    for (const suffix of ['', '-wal', '-shm'])
      if (fs.existsSync(source.target.dbFile + suffix))
        fs.copyFileSync(source.target.dbFile + suffix, to + suffix)
    return copy
  }
  const scratch = ephemeralDatabase(process.env)
  const url = await createScratchDatabase(scratch.databaseUrl as string, {
    template: new URL(source.target.databaseUrl).pathname.slice(1),
    prefix: scratch.scratchPrefix,
  })
  return { target: { databaseUrl: url }, kind: 'postgres', drop: () => dropDatabase(url) }
}
