import type { Deps } from '../../core/deps'
import { DatabaseInUseError, describeHolders } from '../../db/database-lock'
import { migrateToLatest } from '../../db/migrate'
import { AppError } from '../../http/errors'
import { underMaintenance } from '../../http/maintenance'
import type { ClockAnchor, ClockState } from '../../lib/clock'
import { resumeAuctions } from '../auctions'
import { type NetworkPasswords, noPasswords, secureNetworkAccounts } from '../auth'
import { resumeChampionshipContests } from '../championship-contests'
import { CLOCK_STREAM, loadClockAnchor } from '../clock'
import { resumeEsportsReveals } from '../esports'
import { resumeMatches } from '../match-day'
import { forgetLiveMatches, forgetPlans } from '../scoring'
import { KEPT_SETTINGS, restoreSqliteInPlace } from './restore-sqlite'
import { existingSnapshot, pgRestore, readMeta } from './store'

/** What a restore needs of the running server besides the deps: its live connections. */
export interface LiveConnections {
  disconnectAll(reason: 'maintenance', reconnect: boolean): void
}

export interface RestoreOptions {
  cable?: LiveConnections
  /** Requests of the caller's own that are inside the gate (the restore request itself: 1). */
  ownRequests: number
}

/**
 * Brings the running server back to the snapshot `name` (docs/snapshots.md): the gate closes
 * (new requests answer 503), everyone on /cable is disconnected with reason `maintenance` and
 * told to reconnect, the scheduler stops after its running job, the data is replaced, the
 * clock goes back to the game time the snapshot was saved at, and the catching-up a boot does
 * (auction timers, match jobs, settlement) runs before the gate opens again.
 */
export async function restoreSnapshot(deps: Deps, name: string, options: RestoreOptions): Promise<Replaced> {
  const file = existingSnapshot(deps, name)
  const meta = readMeta(file)
  return alone(deps, `restoring snapshot ${name}`, () =>
    replaceDatabase(deps, `restoring snapshot ${name}`, options, async () => {
      const sqlite = deps.dbHandle.sqlite
      if (sqlite) await restoreSqliteInPlace(sqlite, file)
      else await restorePostgres(deps, file)
      // Every table was rewritten behind the change versions' back (pg_restore's rows arrive
      // before its triggers; SQLite's raw statements are noticed, but say it anyway): the
      // answer and token caches of this process, alone on the database, start afresh.
      deps.dbHandle.changes.changedAll()
      return meta?.clock ?? null
    }),
  )
}

/** What a replacement left: the clock it runs on, and passwords made up for a network (else none). */
export interface Replaced {
  clock: ClockState
  passwords: NetworkPasswords
}

/**
 * Runs a whole-database replacement holding the database lock alone. On PostgreSQL other
 * server processes may share this database, and replacing it under them is refused: 409
 * naming them (docs/snapshots.md, "Limits"). On SQLite this process is the only one already.
 */
export async function alone<T>(deps: Deps, label: string, fn: () => Promise<T>): Promise<T> {
  const lock = deps.dbHandle.lock
  if (!lock) return fn()
  try {
    return await lock.exclusive(label, fn)
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error
    throw new AppError(
      'DATABASE_IN_USE',
      `The database is in use by ${describeHolders(error.holders)} as well: ${label} would replace it under them. Stop the other server processes first`,
    )
  }
}

/** pg_restore in one transaction, then today's migrations, with the server secrets kept. */
export async function restorePostgres(deps: Deps, file: string): Promise<void> {
  const kept = await deps.db
    .selectFrom('app_settings')
    .selectAll()
    .where('key', 'in', KEPT_SETTINGS)
    .execute()
  const versions = await deps.db.selectFrom('data_versions').selectAll().execute()
  await pgRestore(deps, file)
  await migrateToLatest(deps.db)
  // As on SQLite (restore-sqlite.ts): past both the number before and the restored one.
  for (const v of versions)
    await deps.db
      .updateTable('data_versions')
      .set((eb) => ({
        version: eb(
          eb.case().when('version', '>', v.version).then(eb.ref('version')).else(v.version).end(),
          '+',
          1,
        ),
      }))
      .where('name', '=', v.name)
      .execute()
  for (const row of kept)
    await deps.db
      .insertInto('app_settings')
      .values(row)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: row.value, updated_at_ms: row.updated_at_ms }),
      )
      .execute()
}

/**
 * The frame every whole-database replacement runs in (restore, league reset): `replace`
 * swaps the data and answers the game clock to run on (null: the one stored in the data).
 */
export async function replaceDatabase(
  deps: Deps,
  reason: string,
  options: RestoreOptions,
  replace: () => Promise<ClockState | null>,
): Promise<Replaced> {
  let passwords: NetworkPasswords | null = null
  return underMaintenance(deps, reason, { ownRequests: options.ownRequests }, async () => {
    options.cable?.disconnectAll('maintenance', true)
    const wasRunning = deps.scheduler.isStarted()
    await deps.scheduler.stop()
    try {
      const clock = await replace()
      // Whatever was kept in memory about the old data is about data that is gone.
      forgetLiveMatches(deps)
      forgetPlans(deps)
      await restartClock(deps, clock)
      // The data brought its accounts back: on a network none may keep a README password.
      passwords = await secureNetworkAccounts(deps)
      // What a boot does after a stop: nobody holds a job now, timers and jobs are re-armed.
      await deps.scheduler.releaseClaims()
      await resumeAuctions(deps, null)
      await resumeMatches(deps)
      await resumeChampionshipContests(deps)
      await resumeEsportsReveals(deps)
    } finally {
      if (wasRunning) deps.scheduler.start()
    }
    return { clock: deps.clock.state(), passwords: passwords ?? noPasswords() }
  })
}

/**
 * Runs the clock from `at` (the game time of the snapshot) at its speed, as a change newer
 * than both the running clock and the stored one, so that every process and the next boot
 * take it. Without `at`, from the anchor the restored data holds, as it was stored.
 */
async function restartClock(deps: Deps, at: ClockState | null): Promise<void> {
  const stored = await loadClockAnchor(deps.db)
  const version = Math.max(stored?.version ?? 0, deps.clock.anchor().version ?? 0) + 1
  const wall = deps.clock.wallNow()
  const base: ClockState = at ?? {
    now_in_millis: stored?.anchorGameMs ?? deps.clock.now(),
    speed: stored?.speed ?? 1,
    paused: stored?.paused ?? false,
  }
  const anchor: ClockAnchor = {
    anchorRealMs: wall,
    anchorGameMs: base.now_in_millis,
    speed: base.speed,
    paused: base.paused,
    version,
  }
  const value = JSON.stringify(anchor)
  await deps.db
    .insertInto('app_settings')
    .values({ key: 'clock', value, updated_at_ms: wall })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at_ms: wall }))
    .execute()
  deps.clock.apply(anchor)
  deps.bus.publish(CLOCK_STREAM, { type: 'clock', ...deps.clock.state() })
}
