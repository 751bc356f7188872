import { isSeeded, type SeedSummary, seedDemoLeague } from '../../seeds/demo-league'
import { ensureReferenceData } from '../../seeds/reference-data'
import {
  type Config,
  createClock,
  createLogger,
  type Db,
  type Deps,
  type LockMode,
  loadHost,
} from '../../server/index'
import { accountsLines, accountsView } from '../lib/accounts'
import type { Io } from '../lib/io'
import type { Style } from '../lib/style'
import { formatFields } from '../lib/table'
import { formatInstant } from '../lib/time'
import { createProgress } from '../ui/progress'

// `seed` and `db reset`: the same modules the server boots with, on the --db file.

/**
 * Drops everything by rolling every migration back, migrates again and restores the
 * reference data. The game clock starts afresh at `nowMs`, as on a brand-new database.
 */
export async function reset(db: Db, nowMs: number): Promise<{ rolledBack: string[]; applied: string[] }> {
  const { migrateDownAll, migrateToLatest, saveClockAnchor } = await loadHost()
  const rolledBack = await migrateDownAll(db)
  const applied = await migrateToLatest(db)
  await ensureReferenceData(db, nowMs)
  await saveClockAnchor(db, createClock({ anchor: { anchorGameMs: nowMs } }).anchor())
  return { rolledBack, applied }
}

/**
 * bootDeps with warnings only (the command prints its own story), holding the database lock
 * as `command`: alone when it replaces the data (refused while a server runs, on PostgreSQL
 * too), shared otherwise (on PostgreSQL beside running servers; SQLite has one process a file).
 */
export async function boot(
  config: Config,
  lock: { command: string; mode: LockMode },
  startAtMs?: number,
): Promise<Deps> {
  const { bootDeps } = await loadHost()
  return bootDeps(config, { log: createLogger('warn'), startAtMs, lock })
}

export { isSeeded, type SeedSummary }

/** Seeds the demo league with a progress bar (or lines, or nothing with --json). */
export async function seed(
  io: Io,
  deps: Deps,
  options: { nowMs: number; users?: number; json: boolean; title: string },
): Promise<SeedSummary> {
  const { hashPassword } = await loadHost()
  const progress = createProgress(io, options.title, { quiet: options.json })
  const started = performance.now()
  let outcome = 'failed'
  try {
    const summary = await seedDemoLeague(deps.db, {
      seed: deps.config.seed,
      nowMs: options.nowMs,
      users: options.users,
      admin: deps.config.admin,
      demo: deps.config.demo,
      usersPassword: deps.config.demoUsersPassword,
      hashPassword,
      onProgress: progress.update,
    })
    outcome = `done in ${((performance.now() - started) / 1000).toFixed(1)} s`
    return summary
  } finally {
    await progress.finish(outcome)
  }
}

/** What `seed` and `db reset --seed` print: where and around when, the counts, the two accounts. */
export function seedReport(summary: SeedSummary, where: string, config: Config, s: Style): string {
  return [
    `${s.green('Seeded')} the demo league around ${formatInstant(summary.now_in_millis)} into ${where}\n`,
    formatFields(Object.entries(summary), s, '  '),
    `${accountsLines(accountsView(config, null), s).join('\n')}\n`,
  ].join('')
}
