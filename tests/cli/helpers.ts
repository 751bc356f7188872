import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable, Writable } from 'node:stream'
import { afterAll, beforeAll, expect } from 'vitest'
import { createIo } from '../../cli/lib/io'
import { main } from '../../cli/main'
import { type Config, ephemeralDatabase, loadConfig } from '../../server/core/config'
import { createScratchDatabase, type DbHandle, dropDatabase, openDatabase } from '../../server/db/dialect'
import { type RunningServer, startServer } from '../../server/main'
import { makeUser } from '../helpers/deps'
import { client } from '../helpers/http'

class Sink extends Writable {
  text = ''
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString()
    done()
  }
}

export interface CliResult {
  code: number
  stdout: string
  stderr: string
  /** stdout parsed: a `--json` command prints exactly one JSON document. */
  json<T = any>(): T
}

/** Where the traces of scenarios that fail on purpose go (not scenario-traces/ in the checkout). */
const TEST_TRACES = path.join(os.tmpdir(), 'fanspole-test-traces')

/** Runs one command line in-process through main() → loadProgram(), output captured. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const stdout = new Sink()
  const stderr = new Sink()
  const io = createIo({
    stdout,
    stderr,
    stdin: Readable.from([]),
    env: { FANSPOLE_TRACE_DIR: TEST_TRACES, ...env },
  })
  const code = await main(args, io)
  return {
    code,
    stdout: stdout.text,
    stderr: stderr.text,
    json: () => JSON.parse(stdout.text),
  }
}

/** A temporary directory removed by the returned function. */
export function tempDir(prefix = 'fanspole-cli-'): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

export type Cli = (...args: string[]) => Promise<CliResult>

/** The words of `fanspole contest create --match <match> --name <name>`, then `more`. */
export const contestCreate = (match: number | string, name: string, ...more: string[]) => [
  'contest',
  'create',
  '--match',
  String(match),
  '--name',
  name,
  ...more,
]

/** The CLI's exit 0, with what it printed as the message when it is not. */
export function ok(r: CliResult): CliResult {
  expect(r.code, `stdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(0)
  return r
}

/** The CLI's failure: exit `code` (1: refused, 2: a usage error) with `message` in what it printed on stderr. */
export function exits(r: { code: number; stderr: string }, code: number, message: string): void {
  expect(r.code).toBe(code)
  expect(r.stderr).toContain(message)
}

/** A player signed in with `fanspole login` from a FANSPOLE_HOME of their own, and the CLI run from there. */
export interface HomePlayer {
  env: NodeJS.ProcessEnv
  cli: Cli
}

/**
 * Homes of their own for the players of a file, each signed in beside the world's admin; the
 * homes are removed after the file. Call at the top of the file.
 */
export function playerHomes(): (
  worldEnv: NodeJS.ProcessEnv,
  p: { email: string; password: string },
) => Promise<HomePlayer> {
  const homes: Array<{ remove(): void }> = []
  afterAll(() => {
    for (const h of homes) h.remove()
  })
  return async (worldEnv, p) => {
    const home = tempDir('fanspole-home-')
    homes.push(home)
    const env = { ...worldEnv, FANSPOLE_HOME: home.dir }
    ok(await runCli(['login', '--email', p.email, '--password', p.password], env))
    return { env, cli: (...args) => runCli(args, env) }
  }
}

export interface CommandDatabase {
  /** Arguments that point a command at it (`--db <file>`), or none when `env` does. */
  args: string[]
  /** Environment for runCli (`DATABASE_URL` on PostgreSQL). */
  env: NodeJS.ProcessEnv
  /** How the CLI names it in its output. */
  location: string
  /** Server configuration for it (to boot deps on it in the test itself). */
  config: Partial<Config>
  /** A connection for the test's own reads; close it after. */
  open(): DbHandle
  drop(): Promise<void>
}

/**
 * A new, empty database for commands that open one themselves (`db migrate`, `db reset`,
 * `seed`): a SQLite file given with `--db`, or in the Postgres leg a scratch database named by
 * DATABASE_URL, the way a user points the CLI at PostgreSQL.
 */
export async function commandDatabase(name = 'fanspole'): Promise<CommandDatabase> {
  const server = process.env.DATABASE_URL
  if (server) {
    const url = await createScratchDatabase(server, { prefix: process.env.FANSPOLE_PG_SCRATCH_PREFIX })
    return {
      args: [],
      env: { DATABASE_URL: url },
      location: url.replace(/:[^:@/]+@/, ':***@'),
      config: { databaseUrl: url },
      open: () => openDatabase({ databaseUrl: url }),
      drop: () => dropDatabase(url),
    }
  }
  const dir = tempDir()
  const file = path.join(dir.dir, `${name}.sqlite`)
  return {
    args: ['--db', file],
    env: {},
    location: file,
    config: { dbFile: file, databaseUrl: undefined },
    open: () => openDatabase({ file }),
    drop: async () => dir.remove(),
  }
}

export interface CliWorld {
  server: RunningServer
  /** Env for runCli: this server, a private FANSPOLE_HOME and the admin made for this world. */
  env: NodeJS.ProcessEnv
  home: string
  admin: { email: string; password: string }
  close(): Promise<void>
}

/**
 * A real server listening on a free port with a fresh database (not seeded: SQLite in memory,
 * or a scratch PostgreSQL database in the Postgres leg), an admin account that the CLI's
 * configured-admin login uses, and an empty FANSPOLE_HOME.
 */
export async function cliWorld(): Promise<CliWorld> {
  const server = await startServer(
    loadConfig({ ...ephemeralDatabase(process.env), port: 0, logLevel: 'silent' }, {}),
    { seedIfEmpty: false },
  )
  const admin = await makeUser(server.deps, { role: 'admin' })
  const home = tempDir('fanspole-home-')
  return {
    server,
    home: home.dir,
    admin: { email: admin.email, password: admin.password },
    env: {
      FANSPOLE_SERVER: server.url,
      FANSPOLE_HOME: home.dir,
      FANSPOLE_ADMIN_EMAIL: admin.email,
      FANSPOLE_ADMIN_PASSWORD: admin.password,
    },
    close: async () => {
      await server.close()
      home.remove()
    },
  }
}

export interface CliApiWorld {
  world: CliWorld
  /** An in-process client of the world's server, for what a test sets up or checks around the CLI. */
  api: ReturnType<typeof client>
  /** The CLI against the world's server, as its admin home. */
  cli: Cli
}

/**
 * One cliWorld for a test file: started before its tests, closed after them (after the file's
 * own afterAll hooks, which run first). Its fields are there once the tests run.
 */
export function cliApiWorld(): CliApiWorld {
  const ctx = { cli: (...args: string[]) => runCli(args, ctx.world.env) } as CliApiWorld
  beforeAll(async () => {
    ctx.world = await cliWorld()
    ctx.api = client(ctx.world.server.deps)
  })
  afterAll(() => ctx.world.close())
  return ctx
}

export function readCredentials(home: string): { servers: Record<string, any> } {
  return JSON.parse(fs.readFileSync(path.join(home, 'credentials.json'), 'utf8'))
}

/**
 * A temporary directory for one test file's scenario files: made before its tests, removed
 * after them. `write(name, text)` writes a file in it (making its folders) and returns its path.
 */
export function scenarioFiles(prefix: string): {
  readonly dir: string
  write(name: string, text: string): string
} {
  let tmp: ReturnType<typeof tempDir> | undefined
  beforeAll(() => {
    tmp = tempDir(prefix)
  })
  afterAll(() => tmp?.remove())
  const dir = () => (tmp as ReturnType<typeof tempDir>).dir
  return {
    get dir() {
      return dir()
    },
    write(name: string, text: string): string {
      const file = path.join(dir(), name)
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, text)
      return file
    },
  }
}
