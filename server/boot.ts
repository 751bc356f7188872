import { ensureReferenceData } from '../seeds/reference-data'
import { registerAuctionBotJobs } from './areas/auctions/bots'
import { registerAuctionJobs } from './areas/auctions/service'
import { registerAuctionTakeoverJobs } from './areas/auctions/takeover'
import { registerChampionshipContestJobs } from './areas/championship-contests/jobs'
import { createScheduler } from './areas/clock/scheduler'
import { ensureClockAnchor, followClock, loadClockAnchor } from './areas/clock/service'
import { registerEsportsJobs } from './areas/esports/rooms.service'
import { registerTournamentJobs } from './areas/esports/tournament-progress'
import { registerMatchJobs } from './areas/matches/jobs'
import { registerReplayJobs } from './areas/scoring/replay'
import type { Config } from './config'
import { withBootLock } from './db/boot-lock'
import { createScratchDatabase, openDatabase } from './db/dialect'
import { migrateToLatest } from './db/migrate'
import type { Deps } from './deps'
import { createBus } from './lib/bus'
import { createClock } from './lib/clock'
import { createLogger, type Logger } from './lib/log'
import { createPostgresBus } from './lib/pg-bus'
import { createRng } from './lib/rng'

export interface BootOptions {
  /** Real time source (tests pass a manual one). */
  wallNow?: () => number
  log?: Logger
  /** Game time to start at on a database that has no saved clock yet. */
  startAtMs?: number
}

/** config → database → migrations → reference data → clock → scheduler (not started). */
export async function bootDeps(config: Config, options: BootOptions = {}): Promise<Deps> {
  const log = options.log ?? createLogger(config.logLevel)
  const scratch = Boolean(config.databaseUrl && config.scratchDatabase)
  const databaseUrl =
    scratch && config.databaseUrl
      ? await createScratchDatabase(config.databaseUrl, {
          template: config.scratchTemplate,
          prefix: config.scratchPrefix,
        })
      : config.databaseUrl
  const dbHandle = openDatabase({ file: config.dbFile, databaseUrl, dropOnClose: scratch })
  const db = dbHandle.db
  // Several processes may start at once on one PostgreSQL database: one migrates, the rest wait.
  const clock = await withBootLock(dbHandle, async () => {
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
  const onHandlerError = (error: unknown) => log.error('bus handler failed', { error: String(error) })
  // One process on SQLite: the bus stays in memory. On PostgreSQL every process shares it.
  const bus =
    dbHandle.kind === 'postgres' && databaseUrl
      ? createPostgresBus({ db, url: databaseUrl, log, wallNow: clock.wallNow, onHandlerError })
      : createBus(onHandlerError)
  if ('ready' in bus) await bus.ready
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
  registerEsportsJobs(deps)
  return deps
}
