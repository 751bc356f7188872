import {
  createScratchDatabase,
  databaseUrlFor,
  dropDatabase,
  listDatabases,
  openDatabase,
} from '../server/db/dialect'
import { migrateToLatest } from '../server/db/migrate'

/**
 * Global setup of the Postgres leg (tests/vitest.config.ts): builds the migrated template
 * that every scratch database of this run is copied from, and drops what runs that died
 * left behind. Names carry the run's process id, so runs in parallel never touch each
 * other's databases.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const server = process.env.FANSPOLE_TEST_POSTGRES
  const template = process.env.FANSPOLE_TEST_PG_TEMPLATE
  const prefix = process.env.FANSPOLE_TEST_PG_PREFIX
  if (!server || !template || !prefix) return undefined

  await dropLeftovers(server)
  await dropDatabase(databaseUrlFor(server, template))
  const handle = openDatabase({ databaseUrl: await createScratchDatabase(server, { name: template }) })
  try {
    await migrateToLatest(handle.db)
  } finally {
    await handle.close()
  }

  return async () => {
    for (const name of await listDatabases(server, prefix)) await dropDatabase(databaseUrlFor(server, name))
    await dropDatabase(databaseUrlFor(server, template))
  }
}

/** Databases of test runs whose process is gone (`fanspole_t<pid>_…`, `fanspole_tpl<pid>…`). */
async function dropLeftovers(server: string): Promise<void> {
  for (const name of await listDatabases(server, 'fanspole_t')) {
    const pid = Number(/^fanspole_t(?:pl)?(\d+)/.exec(name)?.[1])
    if (!Number.isInteger(pid) || isAlive(pid)) continue
    await dropDatabase(databaseUrlFor(server, name))
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
