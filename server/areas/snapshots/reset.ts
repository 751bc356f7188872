import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type SeedSummary, seedDemoLeague } from '../../../seeds/demo-league'
import { ensureReferenceData } from '../../../seeds/reference-data'
import { createScratchDatabase, dropDatabase, openDatabase } from '../../db/dialect'
import { migrateToLatest } from '../../db/migrate'
import type { Deps } from '../../deps'
import type { ClockState } from '../../lib/clock'
import { hashPassword } from '../auth'
import { removeSqliteFile, swapInSqlite } from './restore-sqlite'
import { alone, type Replaced, type RestoreOptions, replaceDatabase, restorePostgres } from './service'
import { pgDump } from './store'

export interface ResetOptions extends RestoreOptions {
  /** Seed of the new league (default: the server's --seed). */
  seed?: number
  /** Generated demo users besides the demo player and the admin. */
  users?: number
}

export interface ResetResult extends Replaced {
  seed: number
  league: SeedSummary
}

/**
 * A freshly seeded demo league in place of the running one (`fanspole league reset`). The new
 * league is built first, in a database of its own, while the server keeps serving (seeding
 * takes seconds); only the swap happens behind the maintenance gate, as a restore does. The
 * clock restarts at the instant the league was built around, at real speed.
 */
export function resetLeague(deps: Deps, options: ResetOptions): Promise<ResetResult> {
  // Alone from the start: no point building a league that cannot be swapped in.
  return alone(deps, 'resetting the league', () => buildAndSwap(deps, options))
}

async function buildAndSwap(deps: Deps, options: ResetOptions): Promise<ResetResult> {
  const seed = options.seed ?? deps.config.seed
  const nowMs = deps.clock.now()
  const clock: ClockState = { now_in_millis: nowMs, speed: 1, paused: false }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-reset-'))
  try {
    if (deps.dbHandle.sqlite) {
      const sqlite = deps.dbHandle.sqlite
      const file = path.join(work, 'league.sqlite')
      const league = await buildLeague(deps, { file }, seed, nowMs, options.users)
      try {
        const replaced = await replaceDatabase(deps, 'resetting the league', options, async () => {
          await swapInSqlite(sqlite, file)
          return clock
        })
        return { seed, ...replaced, league }
      } finally {
        removeSqliteFile(file)
      }
    }
    const url = deps.config.databaseUrl
    if (!url) throw new Error('PostgreSQL without a database URL')
    const scratch = await createScratchDatabase(url, { prefix: 'fanspole_reset_' })
    const dump = path.join(work, 'league.pgdump')
    let league: SeedSummary
    try {
      league = await buildLeague(deps, { databaseUrl: scratch }, seed, nowMs, options.users)
      await pgDump(scratch, dump)
    } finally {
      await dropDatabase(scratch)
    }
    const replaced = await replaceDatabase(deps, 'resetting the league', options, async () => {
      await restorePostgres(deps, dump)
      return clock
    })
    return { seed, ...replaced, league }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

async function buildLeague(
  deps: Deps,
  where: { file?: string; databaseUrl?: string },
  seed: number,
  nowMs: number,
  users: number | undefined,
): Promise<SeedSummary> {
  const fresh = openDatabase(where)
  try {
    await migrateToLatest(fresh.db)
    await ensureReferenceData(fresh.db, nowMs)
    return await seedDemoLeague(fresh.db, {
      seed,
      nowMs,
      users,
      admin: deps.config.admin,
      demo: deps.config.demo,
      usersPassword: deps.config.demoUsersPassword,
      hashPassword,
    })
  } finally {
    await fresh.close()
  }
}
