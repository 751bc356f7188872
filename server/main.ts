import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { isSeeded, type SeedSummary, seedDemoLeague } from '../seeds/demo-league'
import { type App, createApp } from './app'
import { resumeAuctions, roomsAbandoned } from './areas/auctions'
import {
  hashPassword,
  type NetworkPasswords,
  secureNetworkAccounts,
  servesNetwork,
  settleNetworkPasswords,
} from './areas/auth'
import { resumeChampionshipContests } from './areas/championship-contests'
import { claimOutage, saveClockAnchor, startHeartbeat } from './areas/clock'
import { othersAlive, startNodeBeat } from './areas/cluster'
import { resumeEsportsReveals } from './areas/esports'
import { resumeMatches } from './areas/match-day'
import { releaseAttachments } from './areas/wallet'
import { type BootOptions, bootDeps, takeDatabaseLock } from './boot'
import { CHANNELS } from './cable/channels'
import { createCableServer } from './cable/server'
import type { CableServer } from './cable/types'
import type { Config } from './core/config'
import type { Deps } from './core/deps'
import { withBootLock } from './db/boot-lock'
import { serverWithFastReads } from './http/fast-reads'
import { recordServedUrl } from './http/served-url'
import { assertPortFree } from './lib/port'

export interface RunningServer {
  url: string
  port: number
  deps: Deps
  app: App
  cable: CableServer
  /** What was seeded at this start (null when the database already held a league). */
  seeded: SeedSummary | null
  /**
   * On an address other machines reach (null on loopback): the passwords made up at this
   * start, for whoever started the server to show once (auth/network-passwords.ts).
   */
  network: NetworkPasswords | null
  close(): Promise<void>
}

export interface StartOptions extends BootOptions {
  /** Seed the demo league when the database has none (default true). */
  seedIfEmpty?: boolean
  /** Demo users to create when seeding. */
  seedUsers?: number
  onSeedProgress?: (step: string, done: number, total: number) => void
}

/** Boots everything and listens: web + /api + /cable on one port. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  // Who else has the database first, then the port: both before anything is written.
  const lock = await takeDatabaseLock(config, {
    ...options,
    lock: options.lock === undefined ? { command: 'fanspole serve' } : options.lock,
  })
  try {
    await assertPortFree(config.host, config.port)
  } catch (error) {
    await lock?.release()
    throw error
  }
  // Its own copy: the port found on listening (--port 0) is this server's, not the caller's
  // config's, which may start another server.
  const deps = await bootDeps({ ...config }, { ...options, lock })
  try {
    return await serveBooted(deps, config, options)
  } catch (error) {
    // Nothing listens yet and the scheduler has not started: close what boot opened (and its lock).
    await deps.dbHandle.close().catch(() => {})
    throw error
  }
}

/**
 * Seeds the demo league into an empty database, and on a network makes sure no account keeps
 * a README password (auth/network-passwords.ts) — refusing to start, before seeding, when the
 * admin would. Under the boot lock: of two servers starting at once on an empty database one
 * seeds, and the other finds the accounts secured.
 */
async function seedAndSecure(
  deps: Deps,
  options: StartOptions,
): Promise<{ seeded: SeedSummary | null; network: NetworkPasswords | null }> {
  return withBootLock(deps.dbHandle, async () => {
    const willSeed = (options.seedIfEmpty ?? true) && !(await isSeeded(deps.db))
    const made = await settleNetworkPasswords(deps, willSeed)
    const config = deps.config
    const seeded = willSeed
      ? await seedDemoLeague(deps.db, {
          seed: config.seed,
          nowMs: deps.clock.now(),
          users: options.seedUsers,
          admin: config.admin,
          demo: config.demo,
          usersPassword: config.demoUsersPassword,
          hashPassword,
          onProgress: options.onSeedProgress,
        })
      : null
    if (!servesNetwork(config)) return { seeded, network: null }
    // A league seeded just now has the admin's new password already.
    const forceAdmin = config.generateAdminPassword && !willSeed
    return { seeded, network: await secureNetworkAccounts(deps, { forceAdmin, made }) }
  })
}

/**
 * Cheap catching-up before anyone can connect: auctions get back the time the server was
 * down, jobs are re-armed. Slow work (settlement) is left to the scheduler, after listen.
 * Under the boot lock: of servers starting at once, one claims the outage and the others
 * re-arm jobs after it, not interleaved with it (they write the same job keys).
 */
function catchUpAfterOutage(deps: Deps): Promise<void> {
  return withBootLock(deps.dbHandle, async () => {
    const outage = await claimOutage(deps)
    // Nobody else is alive (SQLite has one process; on PostgreSQL the last beat is old): jobs
    // left running were claimed by a server that died in them, so they are due again now rather
    // than when their lease runs out.
    if (outage || deps.dbHandle.kind === 'sqlite') await deps.scheduler.releaseClaims()
    await resumeAuctions(deps, outage)
    await resumeMatches(deps)
    await resumeChampionshipContests(deps)
    await resumeEsportsReveals(deps)
  })
}

async function serveBooted(deps: Deps, config: Config, options: StartOptions): Promise<RunningServer> {
  const { seeded, network } = await seedAndSecure(deps, options)
  await catchUpAfterOutage(deps)
  const cable = createCableServer(deps, CHANNELS)
  const app = createApp(deps, { cable })
  const server = createAdaptorServer({
    fetch: app.fetch,
    hostname: config.host,
    // Cached reads are answered before Hono (http/fast-reads.ts).
    createServer: serverWithFastReads(deps),
  })
  // WebSocket upgrades go straight to /cable, past Hono (cable/server.ts).
  server.on('upgrade', cable.upgrade)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // A burst of connects (a classroom opening the app at once) queues in the kernel rather
    // than being dropped and retried a second later; Linux caps it at net.core.somaxconn.
    server.listen({ port: config.port, host: config.host, backlog: config.listenBacklog }, resolve)
  })
  const port = (server.address() as AddressInfo).port
  // With --port 0 the real port is known only now; links must carry it.
  if (deps.config.publicUrl?.endsWith(':0'))
    deps.config.publicUrl = deps.config.publicUrl.replace(/:0$/, `:${port}`)
  if (deps.config.port === 0) deps.config.port = port
  deps.log.debug('listening', { port, pid: process.pid })
  const heartbeat = startHeartbeat(deps)
  const nodeBeat = startNodeBeat(deps, (rooms) => roomsAbandoned(deps, rooms))
  // A server that has started is one the others see: one stopping right after this start must
  // know it is not the last one out (it would otherwise write the clean-stop beat).
  await nodeBeat.ready
  // The LAN address links carry (class cards, invites), stored for every process: http/served-url.ts.
  await recordServedUrl(deps, config.host, port, await othersAlive(deps))
  deps.scheduler.start()
  let closing: Promise<void> | undefined
  return {
    url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
    port,
    deps,
    app,
    cable,
    seeded,
    network,
    close: () => {
      closing ??= (async () => {
        await cable.shutdown()
        await deps.scheduler.stop()
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          // Keep-alive sockets would hold close() open; they have nothing left to say.
          ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
        })
        await saveClockAnchor(deps.db, deps.clock.anchor())
        await heartbeat.stop(await othersAlive(deps))
        await nodeBeat.stop()
        await deps.dbHandle.close()
        releaseAttachments(deps.config)
      })()
      return closing
    },
  }
}
