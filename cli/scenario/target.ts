import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Config, ephemeralDatabase, loadConfig, loadHost } from '../../server/index'

/**
 * The server a scenario runs against: a fresh in-process one (the default) or a running one
 * (`--server URL`). Either way it knows how to produce admin credentials.
 */
export interface Target {
  url: string
  /** `ephemeral` or the URL. */
  label: string
  adminCredentials(runId: string): Promise<{ email: string; password: string }>
  /**
   * The admin's tokens once signed in, reused by later scenarios on the same target: sign-in
   * is rate limited per account, and a directory of scenarios would otherwise sign the
   * configured admin in once per file.
   */
  adminSession?: { token: string; refresh_token?: string }
  /**
   * Stops the server and starts it again on the same port and database (ephemeral servers
   * whose database is a file); every /cable client is told to reconnect as it stops.
   */
  restart?(): Promise<void>
  close(): Promise<void>
}

export interface EphemeralOptions {
  seed?: number
  seedDemoLeague?: boolean
  /** The database is a temporary file instead of memory, so that the server can be restarted. */
  restartable?: boolean
}

/**
 * A fresh database and a listening server on a free port, closed after the scenario. The
 * database is in memory, or a temporary file (removed at the end) when the scenario restarts
 * the server. With DATABASE_URL naming a PostgreSQL server, it is a scratch database on that
 * server instead, dropped at the end (kept across restarts when the scenario restarts).
 */
export async function ephemeralTarget(options: EphemeralOptions = {}): Promise<Target> {
  // Loaded here so that runs against --server never load the server code.
  const { startServer, hashPassword, insertUser, withTx, createScratchDatabase, dropDatabase } =
    await loadHost()
  const database = ephemeralDatabase(process.env)
  let dir: string | null = null
  let durableUrl: string | null = null
  if (options.restartable && database.databaseUrl) {
    durableUrl = await createScratchDatabase(database.databaseUrl, {
      template: database.scratchTemplate,
      prefix: database.scratchPrefix,
    })
  } else if (options.restartable) dir = mkdtempSync(path.join(tmpdir(), 'fanspole-scenario-'))
  const overrides: Partial<Config> = {
    ...database,
    ...(dir ? { dbFile: path.join(dir, 'scenario.sqlite') } : {}),
    ...(durableUrl ? { databaseUrl: durableUrl, scratchDatabase: false } : {}),
    port: 0,
    logLevel: 'silent' as const,
  }
  const config = loadConfig(options.seed === undefined ? overrides : { ...overrides, seed: options.seed }, {})
  let server = await startServer(config, { seedIfEmpty: options.seedDemoLeague ?? false })
  let admin: { email: string; password: string } | undefined
  return {
    url: server.url,
    label: 'ephemeral',
    // An admin made directly in the database: the fresh server has no accounts at all.
    async adminCredentials(runId) {
      if (admin) return admin
      const created = { email: `admin-${runId}@scenario.fanspole.test`, password: `admin-pass-${runId}` }
      const passwordHash = await hashPassword(created.password)
      await withTx(server.deps, (tx) =>
        insertUser(tx, {
          email: created.email,
          username: `admin_${runId}`,
          passwordHash,
          role: 'admin',
          emailVerified: true,
          nowMs: server.deps.clock.now(),
        }),
      )
      admin = created
      return created
    },
    ...(dir || durableUrl
      ? {
          async restart() {
            const port = server.port
            await server.close()
            server = await startServer({ ...config, port }, { seedIfEmpty: false })
          },
        }
      : {}),
    async close() {
      await server.close()
      if (dir) rmSync(dir, { recursive: true, force: true })
      if (durableUrl) await dropDatabase(durableUrl)
    },
  }
}

/** A server that is already running: admins sign in with FANSPOLE_ADMIN_EMAIL / FANSPOLE_ADMIN_PASSWORD. */
export function remoteTarget(url: string, env: NodeJS.ProcessEnv = process.env): Target {
  const { email, password } = loadConfig({}, env).admin
  return {
    url,
    label: url,
    adminCredentials: async () => ({ email, password }),
    close: async () => {},
  }
}
