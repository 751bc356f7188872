import fs from 'node:fs'
import path from 'node:path'
import { assertPortFree, type Config, loadHost, projectRoot, type RunningServer } from '../../../server/index'
import { type AccountsView, accountsView, type NewPasswordsAnswer } from '../accounts'
import { adminSignInRefused } from '../api'
import type { Answer } from '../api-types'
import { localConfig } from '../config'
import { ApiError, CliError } from '../errors'
import type { Io } from '../io'
import { isExposed, lanUrls } from '../lan'
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
  /** The accounts to show (a local server on a network made up their passwords: shown once). */
  accounts: AccountsView
  /** The seeded demo users' password, when known here (null: the demo acts as them through the admin). */
  usersPassword: string | null
  /** A local server on a network: the addresses other machines open. */
  lan: string[] | null
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
 * and its WAL companions: a demo never touches data/fanspole.sqlite) and seeded at start. The
 * file's lock is taken and the port checked before it is deleted: a second demo on the same
 * folder refuses, naming the first, and leaves its league alone.
 */
export async function startLocal(
  io: Io,
  options: {
    dir: string
    seed: number
    port: number
    host: string
    generateAdminPassword: boolean
    onSeedProgress?: (step: string, done: number, total: number) => void
  },
): Promise<DemoTarget> {
  fs.mkdirSync(options.dir, { recursive: true })
  const file = path.resolve(options.dir, DEMO_DB_NAME)
  const config = localConfig(io, {
    db: file,
    seed: options.seed,
    port: options.port,
    host: options.host,
    logLevel: 'warn',
  })
  // The demo plays matches on purpose: whatever FANSPOLE_AUTO_SIMULATE says, locked matches play.
  config.autoSimulate = true
  config.generateAdminPassword = options.generateAdminPassword
  config.snapshotDir ??= path.join(options.dir, 'snapshots')
  const { startServer, DatabaseInUseError, lockDatabase } = await loadHost()
  const lock = await lockDatabase(config, {
    command: 'fanspole demo',
    mode: 'shared',
    nowMs: Date.now(),
  }).catch((error: unknown) => {
    // The demo has --data, not --db: the way out is another folder.
    if (!(error instanceof DatabaseInUseError)) throw error
    throw new CliError(error.message, {
      code: error.code,
      hint: 'Stop it first (Ctrl-C where it runs), or use --data with another folder',
    })
  })
  let running: RunningServer
  try {
    await assertPortFree(config.host, config.port)
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true })
    running = await startServer(config, {
      lock,
      seedIfEmpty: true,
      onSeedProgress: options.onSeedProgress,
    })
  } catch (error) {
    await lock?.release()
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new CliError(`Port ${options.port} is already in use; nothing was changed`, {
        hint: 'Stop the other server, or pick another port with --port (0 picks a free one)',
      })
    throw error
  }
  // What the server settled on (made up, on a network) is what the demo signs in with.
  const settled = running.deps.config
  return {
    server: running.url,
    kind: 'local',
    database: file,
    admin: new DemoClient(running.url, settled.admin.email, settled.admin.password),
    config: settled,
    speedBefore: null,
    accounts: accountsView(settled, running.network),
    usersPassword: settled.demoUsersPassword,
    lan: isExposed(config.host) ? lanUrls(config.host, running.port) : null,
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
  let before: { speed: number }
  try {
    before = await admin.get<Answer<'/api/admin/clock'>>('/api/admin/clock')
  } catch (error) {
    // The reset signs everyone out, this demo too: a stored session would not outlive it, so
    // the admin's password is what it needs (a server on a network has its own).
    if (error instanceof ApiError && error.status === 401)
      throw adminSignInRefused(server, config.admin.email, io.env)
    throw error
  }
  const reset = await admin.post<{ new_passwords?: NewPasswordsAnswer }>('/api/admin/league/reset', { seed })
  return {
    server,
    kind: 'remote',
    database: null,
    admin,
    config,
    speedBefore: before.speed,
    accounts: remoteAccounts(config, reset.new_passwords),
    // A server on a network keeps passwords of its own for them: act as them instead.
    usersPassword: null,
    lan: null,
    close: async () => {},
  }
}

/** A remote server's accounts after the reset: the configured ones, or what it made up now. */
function remoteAccounts(config: Config, made: NewPasswordsAnswer | undefined): AccountsView {
  const view = accountsView(config, null)
  if (made?.admin) view.admin = { ...view.admin, shown: made.admin, password: made.admin, made: true }
  if (made?.demo) view.demo = { ...view.demo, shown: made.demo, password: made.demo, made: true }
  view.demoUsers = made?.demo_users ?? null
  return view
}
