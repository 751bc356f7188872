/**
 * The server's one entry point for whoever hosts it from outside: the CLI's `serve`, `demo`,
 * `seed`, `db` and scenario runs. Nothing in server/ imports this file.
 *
 * Light on purpose: every CLI start loads it, so it re-exports only small leaf modules (config,
 * clock, hosts, logs). The app, the database and the password hashing sit behind the
 * loaders below and are loaded on first use, as separate bundle chunks: `db migrate` never
 * loads the app, a command that talks to a server never loads either.
 */

export type { NetworkPasswords } from './areas/auth'
export { type Config, ephemeralDatabase, isReadmePassword, loadConfig, projectRoot } from './core/config'
export type { Deps } from './core/deps'
export type { DatabaseLock, LockMode } from './db/database-lock'
export type { DbHandle } from './db/dialect'
export type { Db } from './db/tx'
export { createClock, MAX_CLOCK_SPEED } from './lib/clock'
export { isLoopbackHost, isWildcard, lanUrls } from './lib/hosts'
export { createLogger } from './lib/log'
export { assertPortFree } from './lib/port'
export type { RunningServer, StartOptions } from './main'

/** The database alone (`db migrate`): its lock, its connection and the migrations, no app. */
export async function loadDatabaseTools() {
  const [lock, dialect, migrate, { migrations }] = await Promise.all([
    import('./db/database-lock'),
    import('./db/dialect'),
    import('./db/migrate'),
    import('./db/migrations'),
  ])
  return {
    lockDatabase: lock.lockDatabase,
    DatabaseInUseError: lock.DatabaseInUseError,
    openDatabase: dialect.openDatabase,
    createScratchDatabase: dialect.createScratchDatabase,
    dropDatabase: dialect.dropDatabase,
    migrateToLatest: migrate.migrateToLatest,
    migrateDownAll: migrate.migrateDownAll,
    migrations,
  }
}

/**
 * The whole server (`serve`, `demo`, `seed`, `db reset`, scenario runs): starting the app or
 * booting its modules on a database, and what those commands do to it beside the HTTP API.
 */
export async function loadHost() {
  const [database, main, boot, auth, users, clock, tx] = await Promise.all([
    loadDatabaseTools(),
    import('./main'),
    import('./boot'),
    import('./areas/auth'),
    import('./areas/users'),
    import('./areas/clock'),
    import('./db/tx'),
  ])
  return {
    ...database,
    startServer: main.startServer,
    bootDeps: boot.bootDeps,
    hashPassword: auth.hashPassword,
    configuredPasswordsHold: auth.configuredPasswordsHold,
    insertUser: users.insertUser,
    saveClockAnchor: clock.saveClockAnchor,
    withTx: tx.withTx,
  }
}

/**
 * The simulators and what measures them (`fanspole sim stats`, `sim export`): pure code, no
 * database and no app, loaded only by the commands that simulate in the CLI's own process.
 */
export async function loadSimTools() {
  const [sim, profiles, report, cricket, cricketTargets, race, football] = await Promise.all([
    import('./sim'),
    import('./sim/profiles'),
    import('./sim/stats/report'),
    import('./sim/stats/cricket'),
    import('./sim/stats/cricket-targets'),
    import('./sim/stats/race'),
    import('./sim/stats/football'),
  ])
  return {
    simulateMatch: sim.simulateMatch,
    CRICKET_ERAS: profiles.CRICKET_ERAS,
    FOOTBALL_LEAGUES: profiles.FOOTBALL_LEAGUES,
    figureReport: report.figureReport,
    cricketFigures: cricket.cricketFigures,
    CRICKET_TARGETS: cricketTargets.CRICKET_TARGETS,
    raceFigures: race.raceFigures,
    RACE_TARGETS: race.RACE_TARGETS,
    footballFigures: football.footballFigures,
    FOOTBALL_TARGETS: football.FOOTBALL_TARGETS,
  }
}

export type SimTools = Awaited<ReturnType<typeof loadSimTools>>
export type { SimTeam, TimedEvent } from './sim'
export type { FigureSample } from './sim/stats/figures'
export type { FigureRow } from './sim/stats/report'
