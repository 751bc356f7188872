import path from 'node:path'
import { type Config, loadConfig } from '../../server/index'
import { CliError } from './errors'
import type { Io } from './io'

export interface LocalFlags {
  db?: string
  seed?: number
  port?: number
  host?: string
  /** What the server logs on stderr unless FANSPOLE_LOG_LEVEL says otherwise. */
  logLevel?: Config['logLevel']
}

/** The server configuration from the environment, with the command's flags on top. */
export function localConfig(io: Io, flags: LocalFlags = {}): Config {
  const overrides: Partial<Config> = { logLevel: flags.logLevel ?? 'warn' }
  // `--db` names the database outright, so it wins over DATABASE_URL: a SQLite file, or a
  // postgres:// URL. (`db reset --db x.sqlite` must never reset the Postgres database that
  // DATABASE_URL happens to name.)
  if (flags.db !== undefined) {
    if (/^postgres(ql)?:\/\//.test(flags.db)) overrides.databaseUrl = flags.db
    else {
      overrides.dbFile = flags.db === ':memory:' ? flags.db : path.resolve(flags.db)
      overrides.databaseUrl = undefined
    }
  }
  if (flags.seed !== undefined) overrides.seed = flags.seed
  if (flags.port !== undefined) overrides.port = flags.port
  if (flags.host !== undefined) overrides.host = flags.host
  try {
    const config = loadConfig(overrides, io.env)
    if (io.env.FANSPOLE_LOG_LEVEL) config.logLevel = io.env.FANSPOLE_LOG_LEVEL as Config['logLevel']
    return config
  } catch (error) {
    throw new CliError(`The environment has a bad setting: ${(error as Error).message}`, {
      hint: 'Check PORT, FANSPOLE_SEED and the other FANSPOLE_* variables',
    })
  }
}

/** Where the data lives, for messages: an absolute file path, or the Postgres URL without its password. */
export function describeLocation(config: Config): string {
  if (config.databaseUrl) return config.databaseUrl.replace(/:[^:@/]+@/, ':***@')
  return config.dbFile === ':memory:' ? ':memory:' : path.resolve(config.dbFile)
}
