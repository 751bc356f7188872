import type { Config } from '../../server/config'
import { lockDatabase } from '../../server/db/database-lock'
import { type DbHandle, openDatabase } from '../../server/db/dialect'
import { migrateToLatest } from '../../server/db/migrate'
import { migrations } from '../../server/db/migrations'

/**
 * `fanspole db migrate`: the migrations alone, without booting the server's modules (the
 * seeder, faker and the HTTP layer are not loaded for it).
 */
export function open(config: Config): DbHandle {
  return openDatabase({ file: config.dbFile, databaseUrl: config.databaseUrl })
}

export async function migrate(config: Config): Promise<{ applied: string[]; total: number }> {
  // Migrating is additive: beside running servers on PostgreSQL, alone on a SQLite file.
  const lock = await lockDatabase(config, {
    command: 'fanspole db migrate',
    mode: 'shared',
    nowMs: Date.now(),
  })
  try {
    const handle = open(config)
    try {
      const applied = await migrateToLatest(handle.db)
      return { applied, total: Object.keys(migrations).length }
    } finally {
      await handle.close()
    }
  } finally {
    await lock?.release()
  }
}
