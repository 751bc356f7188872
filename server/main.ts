import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { isSeeded, type SeedSummary, seedDemoLeague } from '../seeds/demo-league'
import { type App, createApp } from './app'
import { resumeAuctions } from './areas/auctions/outage'
import { roomsAbandoned } from './areas/auctions/takeover'
import { hashPassword } from './areas/auth/passwords'
import { resumeChampionshipContests } from './areas/championship-contests/jobs'
import { claimOutage, startHeartbeat } from './areas/clock/heartbeat'
import { saveClockAnchor } from './areas/clock/service'
import { othersAlive, startNodeBeat } from './areas/cluster/presence'
import { resumeEsportsReveals } from './areas/esports/rooms.service'
import { resumeMatches } from './areas/matches/jobs'
import { releaseAttachments } from './areas/wallet/attachments'
import { type BootOptions, bootDeps } from './boot'
import { CHANNELS } from './cable/channels'
import { createCableServer } from './cable/server'
import type { CableServer } from './cable/types'
import type { Config } from './config'
import { withBootLock } from './db/boot-lock'
import type { Deps } from './deps'
import { serverWithFastReads } from './http/fast-reads'

export interface RunningServer {
  url: string
  port: number
  deps: Deps
  app: App
  cable: CableServer
  /** What was seeded at this start (null when the database already held a league). */
  seeded: SeedSummary | null
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
  const deps = await bootDeps(config, options)
  // Under the boot lock: of two servers starting at once on an empty database one seeds.
  const seeded = await withBootLock(deps.dbHandle, async (): Promise<SeedSummary | null> => {
    if (!(options.seedIfEmpty ?? true) || (await isSeeded(deps.db))) return null
    return seedDemoLeague(deps.db, {
      seed: config.seed,
      nowMs: deps.clock.now(),
      users: options.seedUsers,
      admin: config.admin,
      demo: config.demo,
      hashPassword,
      onProgress: options.onSeedProgress,
    })
  })
  // Cheap catching-up before anyone can connect: auctions get back the time the server was
  // down, jobs are re-armed. Slow work (settlement) is left to the scheduler, after listen.
  // Under the boot lock: of servers starting at once, one claims the outage and the others
  // re-arm jobs after it, not interleaved with it (they write the same job keys).
  await withBootLock(deps.dbHandle, async () => {
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
  const cable = createCableServer(deps, CHANNELS)
  const app = createApp(deps, { cable })
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: config.port,
        hostname: config.host,
        websocket: { server: cable.wss },
        // Cached reads are answered before Hono (http/fast-reads.ts).
        createServer: serverWithFastReads(deps),
      },
      () => resolve(s),
    )
    s.once('error', reject)
  })
  const port = (server.address() as AddressInfo).port
  // With --port 0 the real port is known only now; mail links must carry it.
  if (deps.config.publicUrl.endsWith(':0'))
    deps.config.publicUrl = deps.config.publicUrl.replace(/:0$/, `:${port}`)
  deps.log.debug('listening', { port, pid: process.pid })
  const heartbeat = startHeartbeat(deps)
  const nodeBeat = startNodeBeat(deps, (rooms) => roomsAbandoned(deps, rooms))
  // A server that has started is one the others see: one stopping right after this start must
  // know it is not the last one out (it would otherwise write the clean-stop beat).
  await nodeBeat.ready
  deps.scheduler.start()
  let closing: Promise<void> | undefined
  return {
    url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
    port,
    deps,
    app,
    cable,
    seeded,
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
