import { ensureReferenceData } from '../seeds/reference-data'
import {
  registerAuctionBotJobs,
  registerAuctionJobs,
  registerAuctionLotReminderJobs,
  registerAuctionQuietJobs,
  registerAuctionStandInJobs,
  registerAuctionTakeoverJobs,
} from './areas/auctions'
import { registerChampionshipContestJobs } from './areas/championship-contests'
import { ensureClockAnchor, followClock, loadClockAnchor } from './areas/clock'
import { registerDeadlineReminders } from './areas/contests'
import { registerEsportsJobs, registerTournamentJobs } from './areas/esports'
import { registerMatchJobs, registerReplayJobs } from './areas/match-day'
import type { Config } from './core/config'
import type { Deps } from './core/deps'
import { withBootLock } from './db/boot-lock'
import { type DatabaseLock, type LockMode, lockDatabase } from './db/database-lock'
import { createScratchDatabase, type DbHandle, openDatabase } from './db/dialect'
import { migrateToLatest } from './db/migrate'
import { createRng } from './domain/rng'
import { type Bus, createBus } from './lib/bus'
import { createClock } from './lib/clock'
import { createLogger, type Logger } from './lib/log'
import { createPostgresBus } from './lib/pg-bus'
import { createScheduler } from './lib/scheduler'
import { createTap, tappedBus } from './lib/tap'

export interface BootOptions {
  /** Real time source (tests pass a manual one). */
  wallNow?: () => number
  log?: Logger
  /** Game time to start at on a database that has no saved clock yet. */
  startAtMs?: number
  /**
   * The database lock (db/database-lock.ts): one the caller took already (`fanspole demo`
   * takes it before deleting its old file), or how boot takes it — as which command, shared
   * (servers, additive commands) or alone (commands that replace the data). Default: shared,
   * as `fanspole server`. Released when the database handle closes.
   */
  lock?: DatabaseLock | null | { command: string; mode?: LockMode }
}

/** A database nobody else can know of: in memory, or a scratch database made for this run. */
function isThrowaway(config: Config): boolean {
  if (config.databaseUrl) return Boolean(config.scratchDatabase || config.onScratchDatabase)
  return config.dbFile === ':memory:'
}

/** Takes the database lock as `options.lock` says (or uses the one given); null when there is nothing to lock. */
export async function takeDatabaseLock(
  config: Config,
  options: Pick<BootOptions, 'lock' | 'wallNow' | 'log'> = {},
): Promise<DatabaseLock | null> {
  const given = options.lock
  if (given === null || (given && 'release' in given)) return given
  if (isThrowaway(config)) return null
  const log = options.log
  return lockDatabase(config, {
    command: given?.command ?? 'fanspole server',
    mode: given?.mode ?? 'shared',
    nowMs: (options.wallNow ?? Date.now)(),
    onLost: (message) => log?.error('database lock', { message }),
  })
}

/** config → lock → database → migrations → reference data → clock → scheduler (not started). */
export async function bootDeps(config: Config, options: BootOptions = {}): Promise<Deps> {
  const log = options.log ?? createLogger(config.logLevel)
  // Before anything is written: another process on this database is told, not found out later.
  const lock = await takeDatabaseLock(config, { ...options, log })
  let opened: { dbHandle: DbHandle; databaseUrl?: string }
  try {
    opened = await openFor(config)
  } catch (error) {
    await lock?.release()
    throw error
  }
  const { dbHandle, databaseUrl } = opened
  if (lock) {
    dbHandle.lock = lock
    const closeUnlocked = dbHandle.close
    // Freed once nothing of this process can write any more.
    dbHandle.close = async () => {
      try {
        await closeUnlocked()
      } finally {
        await lock.release()
      }
    }
  }
  try {
    return await assemble(config, options, log, dbHandle, databaseUrl)
  } catch (error) {
    // A boot that failed half-way leaves no connection (nor lock) behind.
    await dbHandle.close().catch(() => {})
    throw error
  }
}

async function openFor(config: Config): Promise<{ dbHandle: DbHandle; databaseUrl?: string }> {
  const scratch = Boolean(config.databaseUrl && config.scratchDatabase)
  const databaseUrl =
    scratch && config.databaseUrl
      ? await createScratchDatabase(config.databaseUrl, {
          template: config.scratchTemplate,
          prefix: config.scratchPrefix,
        })
      : config.databaseUrl
  return { dbHandle: openDatabase({ file: config.dbFile, databaseUrl, dropOnClose: scratch }), databaseUrl }
}

/** Migrations, reference data and the clock, under the boot lock. */
async function migrateAndClock(dbHandle: DbHandle, options: BootOptions, log: Logger) {
  const db = dbHandle.db
  // Several processes may start at once on one PostgreSQL database: one migrates, the rest wait.
  return withBootLock(dbHandle, async () => {
    const applied = await migrateToLatest(db)
    if (applied.length > 0) log.info('migrated', { applied: applied.join(',') })
    const stored = await loadClockAnchor(db)
    // A new database's clock starts at `startAtMs` (or now); processes starting together on it
    // agree on whichever anchor was stored first.
    const anchor =
      stored ??
      (await ensureClockAnchor(
        db,
        createClock({
          wallNow: options.wallNow,
          anchor: options.startAtMs !== undefined ? { anchorGameMs: options.startAtMs } : undefined,
        }).anchor(),
      ))
    const clock = createClock({ wallNow: options.wallNow, anchor })
    // On a new database the reference rows are stamped with the instant its clock starts at,
    // not the running clock a few milliseconds later: the same --now gives the same rows.
    await ensureReferenceData(db, stored ? clock.now() : anchor.anchorGameMs)
    return clock
  })
}

async function assemble(
  config: Config,
  options: BootOptions,
  log: Logger,
  dbHandle: DbHandle,
  databaseUrl: string | undefined,
): Promise<Deps> {
  const db = dbHandle.db
  const clock = await migrateAndClock(dbHandle, options, log)
  const onHandlerError = (error: unknown) => log.error('bus handler failed', { error: String(error) })
  // One process on SQLite: the bus stays in memory. On PostgreSQL every process shares it.
  const rawBus =
    dbHandle.kind === 'postgres' && databaseUrl
      ? createPostgresBus({ db, url: databaseUrl, log, wallNow: clock.wallNow, onHandlerError })
      : createBus(onHandlerError)
  if ('ready' in rawBus) await rawBus.ready
  // Every broadcast is recorded on the tap while an admin listens to the server's log.
  const tap = createTap(rawBus, clock.wallNow)
  const bus = tappedBus<Bus>(rawBus, tap, clock.wallNow)
  // Whoever closes the database stops the bus first (its LISTEN connection, its last publishes).
  const closeDb = dbHandle.close
  dbHandle.close = async () => {
    await bus.close()
    await closeDb()
  }
  const scheduler = createScheduler({
    db,
    clock,
    log,
    bus,
    postgres: dbHandle.kind === 'postgres',
    leaseMs: config.jobLeaseMs,
  })
  // A scratch database's own URL, so that later connections (and restarts) find it.
  const effective =
    databaseUrl === config.databaseUrl
      ? config
      : { ...config, databaseUrl, scratchDatabase: false, onScratchDatabase: true }
  const deps: Deps = {
    db,
    dbHandle,
    clock,
    rng: createRng(config.seed),
    bus,
    log,
    config: effective,
    scheduler,
    tap,
  }
  // Several processes: each runs on the clock stored in the database, whoever changed it.
  if (bus.stage) followClock(deps)
  registerMatchJobs(deps)
  registerReplayJobs(deps)
  registerChampionshipContestJobs(deps)
  registerTournamentJobs(deps)
  registerAuctionJobs(deps)
  registerAuctionBotJobs(deps)
  registerAuctionTakeoverJobs(deps)
  registerAuctionQuietJobs(deps)
  registerAuctionLotReminderJobs(deps)
  registerAuctionStandInJobs(deps)
  registerEsportsJobs(deps)
  registerDeadlineReminders(deps)
  return deps
}
