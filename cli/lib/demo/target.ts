import fs from 'node:fs'
import path from 'node:path'
import { type Config, projectRoot } from '../../../server/config'
import type { RunningServer } from '../../../server/main'
import { localConfig } from '../config'
import { CliError } from '../errors'
import type { Io } from '../io'
import { DemoClient } from './client'

/** Where the demo runs: a server it started in this process, or one it was pointed at. */
export interface DemoTarget {
  server: string
  kind: 'local' | 'remote'
  /** The SQLite file of a local demo (kept after Ctrl-C, so `fanspole serve --db` carries on). */
  database: string | null
  admin: DemoClient
  config: Config
  /** The clock's speed before the demo reset the league (a reset restarts it at 1×): Ctrl-C puts it back. */
  speedBefore: number | null
  /** Stops a local server (a remote one keeps running). */
  close(): Promise<void>
}

export const DEMO_DB_NAME = 'demo.sqlite'

/** The default home of the demo's database: beside, never on, the product's data/fanspole.sqlite. */
export function defaultDemoDir(): string {
  return path.join(projectRoot(), 'data', 'demo')
}

/**
 * A fresh league on a server of our own: `<dir>/demo.sqlite` is deleted first (only that file
 * and its WAL companions: a demo never touches data/fanspole.sqlite) and seeded at start.
 */
export async function startLocal(
  io: Io,
  options: {
    dir: string
    seed: number
    port: number
    onSeedProgress?: (step: string, done: number, total: number) => void
  },
): Promise<DemoTarget> {
  fs.mkdirSync(options.dir, { recursive: true })
  const file = path.resolve(options.dir, DEMO_DB_NAME)
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true })
  const config = localConfig(io, { db: file, seed: options.seed, port: options.port, logLevel: 'warn' })
  // The demo plays matches on purpose: whatever FANSPOLE_AUTO_SIMULATE says, locked matches play.
  config.autoSimulate = true
  config.snapshotDir ??= path.join(options.dir, 'snapshots')
  const { startServer } = await import('../../../server/main')
  let running: RunningServer
  try {
    running = await startServer(config, { seedIfEmpty: true, onSeedProgress: options.onSeedProgress })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new CliError(`Port ${options.port} is already in use`, {
        hint: 'Stop the other server, or pick another port with --port (0 picks a free one)',
      })
    throw error
  }
  return {
    server: running.url,
    kind: 'local',
    database: file,
    admin: new DemoClient(running.url, config.admin.email, config.admin.password),
    config,
    speedBefore: null,
    close: () => running.close(),
  }
}

/**
 * A fresh league on a running server: `POST /api/admin/league/reset` (what `fanspole league
 * reset` does) with the demo's seed. Everyone on that server is disconnected and the old
 * league is gone — the command's help says so, and a snapshot brings it back.
 */
export async function resetRemote(io: Io, server: string, seed: number): Promise<DemoTarget> {
  const config = localConfig(io, { seed })
  const admin = new DemoClient(server, config.admin.email, config.admin.password)
  const before = await admin.get<{ speed: number }>('/api/admin/clock')
  await admin.post('/api/admin/league/reset', { seed })
  return {
    server,
    kind: 'remote',
    database: null,
    admin,
    config,
    speedBefore: before.speed,
    close: async () => {},
  }
}
