/**
 * A real server in a process of its own, for tests that kill it (SIGKILL, as a crash or
 * `kill -9` would) and start another on the same database: `node --import tsx
 * tests/helpers/server-process.ts '<options JSON>'`. Prints one JSON line `{port, url, pid}`
 * on stdout once it listens (its log lines, if asked for, go to stdout too, in order); SIGINT/SIGTERM close it cleanly (as Ctrl-C on `fanspole serve`).
 * Driven by `tests/helpers/child-server.ts`.
 */
import { hashPassword } from '../../server/areas/auth/passwords'
import { insertUser } from '../../server/areas/users/service'
import { type Config, loadConfig } from '../../server/core/config'
import { createLogger, type LogLevel } from '../../server/lib/log'
import { startServer } from '../../server/main'
import { rowWhere } from './db'

export interface ServerProcessOptions {
  dbFile?: string
  databaseUrl?: string
  seed?: number
  /** Seed the demo league (no demo users) when the database has none. */
  seedLeague?: boolean
  /** Without a league: create the configured admin account if there is none (as seeding would). */
  admin?: boolean
  autoSimulate?: boolean
  port?: number
  cable?: Partial<Config['cable']>
  heartbeatIntervalMs?: number
  /** `config.crashPoint`: the process kills itself with SIGKILL there (server/lib/crash-point.ts). */
  crashPoint?: string
  /** Server logs go to stdout, one line each, after the start line (default: none). */
  logLevel?: LogLevel
}

const options = JSON.parse(process.argv[2] ?? '{}') as ServerProcessOptions
const defaults = loadConfig({}, {})
const config = loadConfig(
  {
    port: options.port ?? 0,
    dbFile: options.dbFile ?? ':memory:',
    databaseUrl: options.databaseUrl,
    seed: options.seed ?? 42,
    logLevel: options.logLevel ?? 'silent',
    autoSimulate: options.autoSimulate ?? false,
    cable: { ...defaults.cable, ...options.cable },
    ...(options.heartbeatIntervalMs ? { heartbeatIntervalMs: options.heartbeatIntervalMs } : {}),
    crashPoint: options.crashPoint,
  },
  {},
)
const log = createLogger(config.logLevel, (line) => process.stdout.write(`${line}\n`))
const server = await startServer(config, { seedIfEmpty: options.seedLeague ?? false, seedUsers: 0, log })
if (options.admin) await ensureAdmin()
process.stdout.write(`${JSON.stringify({ port: server.port, url: server.url, pid: process.pid })}\n`)

async function ensureAdmin() {
  const { deps } = server
  const found = await rowWhere(deps.db, 'users', { email: config.admin.email }, 'id')
  if (found) return
  await insertUser(deps.db, {
    email: config.admin.email,
    username: config.admin.username,
    passwordHash: await hashPassword(config.admin.password),
    role: 'admin',
    emailVerified: true,
    nowMs: deps.clock.now(),
  })
}

const stop = async () => {
  await server.close()
  process.exit(0)
}
process.once('SIGINT', () => void stop())
process.once('SIGTERM', () => void stop())
