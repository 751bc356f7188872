import { hashPassword } from '../../server/areas/auth/passwords'
import { insertUser } from '../../server/areas/users/service'
import { bootDeps } from '../../server/boot'
import { type Config, ephemeralDatabase, loadConfig } from '../../server/core/config'
import type { Deps } from '../../server/core/deps'
import { manualWallClock } from '../../server/lib/clock'
import { createLogger } from '../../server/lib/log'

/** The instant every test world starts at: 2026-11-22 06:00 UTC. */
export const TEST_START_MS = Date.UTC(2026, 10, 22, 6, 0, 0)

export interface TestWorld {
  deps: Deps
  wall: ReturnType<typeof manualWallClock>
  close(): Promise<void>
}

/**
 * A fresh database, migrated, with a wall clock that moves only when told: SQLite in memory,
 * or a scratch PostgreSQL database in the Postgres leg (DATABASE_URL set, see tests/db.ts).
 * Without the database lock (db/database-lock.ts): tests stand two "processes" on one file
 * in this one process (twoNodes), which the lock exists to refuse; tests/cli/db/database-lock.test.ts
 * tests the lock itself.
 */
export async function testWorld(overrides: Partial<Config> = {}): Promise<TestWorld> {
  const wall = manualWallClock(TEST_START_MS)
  const config = loadConfig(
    {
      ...ephemeralDatabase(process.env),
      logLevel: 'silent',
      publicUrl: 'http://fanspole.test',
      ...overrides,
    },
    {},
  )
  const deps = await bootDeps(config, {
    wallNow: wall.now,
    log: createLogger('silent'),
    startAtMs: TEST_START_MS,
    lock: null,
  })
  return { deps, wall, close: () => deps.dbHandle.close() }
}

let counter = 0

/** Inserts a ready-to-use account directly (no HTTP), returning its credentials. */
export async function makeUser(
  deps: Deps,
  options: { role?: 'player' | 'admin'; username?: string; password?: string } = {},
) {
  counter++
  const username = options.username ?? `${options.role ?? 'player'}${counter}x`
  const password = options.password ?? 'correct-horse-battery'
  const email = `${username}@example.test`.toLowerCase()
  const user = await insertUser(deps.db, {
    email,
    username,
    passwordHash: await hashPassword(password),
    role: options.role ?? 'player',
    emailVerified: true,
    nowMs: deps.clock.now(),
  })
  return { id: user.id, slug: user.slug, username, email, password }
}

/** Disables an account straight in the database, as an admin's ban leaves it. */
export async function disableUser(deps: Deps, userId: number) {
  await deps.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', userId).execute()
}
