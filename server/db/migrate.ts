import { type Kysely, type MigrationResultSet, Migrator } from 'kysely'
import { migrations } from './migrations'

function migrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } })
}

/** Applies every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return report(await migrator(db).migrateToLatest())
}

/** Rolls every migration back (used by `fanspole db reset` before migrating again). */
export async function migrateDownAll(db: Kysely<any>): Promise<string[]> {
  const m = migrator(db)
  const applied: string[] = []
  for (;;) {
    const result = await m.migrateDown()
    const names = report(result)
    if (names.length === 0) return applied
    applied.push(...names)
  }
}

export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await migrator(db).getMigrations()
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name)
}

function report({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown'
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
