import { type Config, type DbHandle, loadDatabaseTools } from '../../server/index'

/**
 * `fanspole db migrate`: the migrations alone, without booting the server's modules (the
 * seeder, faker and the HTTP layer are not loaded for it).
 */
export async function open(config: Config): Promise<DbHandle> {
  const { openDatabase } = await loadDatabaseTools()
  return openDatabase({ file: config.dbFile, databaseUrl: config.databaseUrl })
}

export async function migrate(config: Config): Promise<{ applied: string[]; total: number }> {
  const { lockDatabase, migrateToLatest, migrations } = await loadDatabaseTools()
  // Migrating is additive: beside running servers on PostgreSQL, alone on a SQLite file.
  const lock = await lockDatabase(config, {
    command: 'fanspole db migrate',
    mode: 'shared',
    nowMs: Date.now(),
  })
  try {
    const handle = await open(config)
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
