import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { LogLevel } from '../lib/log'

export interface Config {
  port: number
  host: string
  /**
   * Connections the kernel queues for the server before it accepts them
   * (`FANSPOLE_LISTEN_BACKLOG`, default 4096; node's own is 511). Linux caps it at
   * `net.core.somaxconn` (docs/performance.md, "Connections").
   */
  listenBacklog: number
  /** SQLite file (ignored when databaseUrl is set). */
  dbFile: string
  databaseUrl?: string
  /**
   * Where `fanspole snapshot save` keeps its copies (FANSPOLE_SNAPSHOTS). Default: a
   * `snapshots` folder next to the SQLite file, or beside the default one (docs/snapshots.md).
   */
  snapshotDir?: string
  /**
   * Postgres only: run on a new, empty database created on the server of `databaseUrl` and
   * dropped on close — what `:memory:` is to SQLite (ephemeral servers, scenarios, tests).
   */
  scratchDatabase?: boolean
  /**
   * Set on the running server's config when it made a scratch database: like `:memory:`, its
   * files (uploads) live in a temporary folder that goes when the server stops.
   */
  onScratchDatabase?: boolean
  /** A migrated database that scratch databases are copied from (FANSPOLE_PG_TEMPLATE). */
  scratchTemplate?: string
  /** Name prefix of scratch databases (FANSPOLE_PG_SCRATCH_PREFIX, default fanspole_eph_). */
  scratchPrefix?: string
  /** Root seed for every random stream of the run. */
  seed: number
  /**
   * Base of the links the server writes (mails, invites, share links), `FANSPOLE_PUBLIC_URL`.
   * Unset: each link carries the address its caller used (`server/http/public-url.ts`).
   */
  publicUrl?: string
  /** Host names besides this machine's own addresses that a request's Host may put in links (`FANSPOLE_ALLOWED_HOSTS`, comma-separated). */
  allowedHosts: string[]
  logLevel: LogLevel
  /** Matches start simulating live by themselves when they lock (the demo league plays itself). */
  autoSimulate: boolean
  admin: { email: string; password: string; username: string }
  demo: { email: string; password: string; username: string }
  /**
   * The password of the generated demo users (besides the demo player) when a league is
   * seeded: the README's unless a server on a network made one up (auth/network-passwords.ts).
   */
  demoUsersPassword: string
  /**
   * `--admin-password generate`: on a network, give the admin a new password at start, printed
   * once (docs/classroom.md, "On a LAN"). FANSPOLE_ADMIN_PASSWORD sets one instead.
   */
  generateAdminPassword: boolean
  /** Directory of the built web client, served at / with an SPA fallback. */
  webDist: string
  bodyLimitBytes: number
  accessTokenTtlMs: number
  refreshTokenTtlMs: number
  /**
   * Wall time after a refresh token is rotated during which presenting it again answers the
   * same successor pair (two tabs refreshing at once); reuse after it revokes the family.
   */
  refreshGraceMs: number
  resetTokenTtlMs: number
  activationTokenTtlMs: number
  rateLimits: {
    /** Failed sign-ins per account from every address (e-mail and username count as one). */
    loginPerAccount: RateLimit
    /** Failed sign-ins per account from one address. */
    loginPerAccountAddress: RateLimit
    /**
     * Failed sign-ins from one address, whatever the account. Over it, failures wait and so do
     * accounts that failed from there; an account with no failures still signs in.
     */
    loginPerAddress: RateLimit
    /** Refreshes per token family (one sign-in's chain of refresh tokens). */
    refresh: RateLimit
    /** Refreshes with a token that names no family (never issued), per address. */
    refreshUnknown: RateLimit
    /** Password-reset mails per e-mail address asked for. */
    forgotPassword: RateLimit
    /** Password-reset requests per address, whatever the e-mail. */
    forgotPasswordPerAddress: RateLimit
    /**
     * Wrong codes (invite, join, squad, gang, referral …) per player; full → their lookups wait
     * (server/http/code-lookup.ts).
     */
    codeLookupPerUser: RateLimit
    /** Wrong codes from one address; over it, wrong codes wait, and players who missed there. */
    codeLookupPerAddress: RateLimit
    /** Anonymous forms (waitlist, feedback, traffic sources) per address. */
    publicForm: RateLimit
    /** Posts and comments per player (docs/social.md, "Limits"). */
    posting: RateLimit
    /** Group messages per player, over every conversation (docs/groups.md, "Limits"). */
    chat: RateLimit
  }
  /**
   * How often (wall time) a running server records that it is alive; after a crash the next
   * start learns from it how long the server was down (docs/restarts.md).
   */
  heartbeatIntervalMs: number
  /**
   * Wall milliseconds a claimed scheduler job is held without renewal; its claimer renews it
   * every third of that while the handler runs. A claimer that dies frees its job after this.
   */
  jobLeaseMs: number
  /**
   * Keep whole answers of the busiest reads and resolved tokens per process, checked against the
   * per-table change versions on every request (`server/http/answer-cache.ts`). On by default;
   * `FANSPOLE_ANSWER_CACHE=off` turns it off (the HTTP benchmark measures both).
   */
  answerCache: boolean
  /**
   * Behind a reverse proxy (several server processes, README): the caller's address for the
   * per-address rate limits is the last `X-Forwarded-For` entry, the one the proxy appended.
   * `FANSPOLE_TRUST_PROXY=1`; off by default, where the header is the caller's to forge.
   */
  trustProxy: boolean
  /**
   * Fault injection for restart tests (`FANSPOLE_CRASH_POINT`): the server kills itself with
   * SIGKILL when it reaches the named point (`server/lib/crash-point.ts`). Unset in normal use.
   */
  crashPoint?: string
  cable: {
    pingIntervalMs: number
    maxPayloadBytes: number
    slowClientBytes: number
    allowedOrigins: string[] | null
    /** Subscriptions one connection may hold; the rest are answered `reject_subscription`. */
    maxSubscriptions: number
  }
}

export interface RateLimit {
  windowMs: number
  limit: number
}

/** The project root (where package.json lives), from the source tree or the bundled dist/. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 6; i++) {
    const pkg = path.join(dir, 'package.json')
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'fanspole-local') return dir
    dir = path.dirname(dir)
  }
  return process.cwd()
}

export const DEFAULT_PORT = 3000
export const DEFAULT_LISTEN_BACKLOG = 4096
export const DEFAULT_SEED = 42
/** The seeded accounts' passwords unless FANSPOLE_ADMIN_PASSWORD / FANSPOLE_DEMO_PASSWORD say otherwise (printed, documented). */
export const DEFAULT_ADMIN_PASSWORD = 'admin-pass-2026'
export const DEFAULT_DEMO_PASSWORD = 'demo-pass-2026'
/**
 * Every password the README prints (the demo users share the demo player's). On an address
 * other machines can reach, no account may keep one of them (auth/network-passwords.ts).
 */
export const README_PASSWORDS: readonly string[] = [DEFAULT_ADMIN_PASSWORD, DEFAULT_DEMO_PASSWORD]

export function isReadmePassword(password: string): boolean {
  return README_PASSWORDS.includes(password)
}

export function defaultDbFile(): string {
  return path.join(projectRoot(), 'data', 'fanspole.sqlite')
}

/** Configuration from the environment, with overrides from command-line flags. */
export function loadConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const port = overrides.port ?? intEnv(env.PORT, DEFAULT_PORT)
  const host = overrides.host ?? env.HOST ?? '127.0.0.1'
  const base: Config = {
    port,
    host,
    listenBacklog: intEnv(env.FANSPOLE_LISTEN_BACKLOG, DEFAULT_LISTEN_BACKLOG),
    dbFile: env.FANSPOLE_DB ?? defaultDbFile(),
    databaseUrl: env.DATABASE_URL || undefined,
    snapshotDir: env.FANSPOLE_SNAPSHOTS || undefined,
    scratchTemplate: env.FANSPOLE_PG_TEMPLATE || undefined,
    scratchPrefix: env.FANSPOLE_PG_SCRATCH_PREFIX || undefined,
    seed: intEnv(env.FANSPOLE_SEED, DEFAULT_SEED),
    publicUrl: env.FANSPOLE_PUBLIC_URL || undefined,
    allowedHosts: (env.FANSPOLE_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    logLevel: (env.FANSPOLE_LOG_LEVEL as LogLevel | undefined) ?? 'info',
    autoSimulate: !['0', 'false', 'no'].includes((env.FANSPOLE_AUTO_SIMULATE ?? '').toLowerCase()),
    admin: {
      email: (env.FANSPOLE_ADMIN_EMAIL ?? 'admin@fanspole.local').toLowerCase(),
      password: env.FANSPOLE_ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
      username: 'admin',
    },
    demo: {
      email: (env.FANSPOLE_DEMO_EMAIL ?? 'demo@fanspole.local').toLowerCase(),
      password: env.FANSPOLE_DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
      username: 'demo',
    },
    demoUsersPassword: DEFAULT_DEMO_PASSWORD,
    generateAdminPassword: false,
    webDist: path.join(projectRoot(), 'web', 'dist'),
    bodyLimitBytes: 1024 * 1024,
    accessTokenTtlMs: 2 * 60 * 60 * 1000,
    refreshTokenTtlMs: 365 * 24 * 60 * 60 * 1000,
    refreshGraceMs: 5_000,
    resetTokenTtlMs: 60 * 60 * 1000,
    activationTokenTtlMs: 7 * 24 * 60 * 60 * 1000,
    rateLimits: {
      loginPerAccount: { windowMs: 15 * 60_000, limit: 30 },
      loginPerAccountAddress: { windowMs: 15 * 60_000, limit: 10 },
      loginPerAddress: { windowMs: 15 * 60_000, limit: 30 },
      refresh: { windowMs: 60_000, limit: 30 },
      refreshUnknown: { windowMs: 60_000, limit: 30 },
      forgotPassword: { windowMs: 10 * 60_000, limit: 5 },
      forgotPasswordPerAddress: { windowMs: 10 * 60_000, limit: 50 },
      codeLookupPerUser: { windowMs: 15 * 60_000, limit: 20 },
      codeLookupPerAddress: { windowMs: 15 * 60_000, limit: 60 },
      publicForm: { windowMs: 60_000, limit: 30 },
      posting: { windowMs: 60_000, limit: 10 },
      chat: { windowMs: 10_000, limit: 20 },
    },
    heartbeatIntervalMs: 1000,
    jobLeaseMs: 30_000,
    answerCache: !['0', 'off', 'false', 'no'].includes((env.FANSPOLE_ANSWER_CACHE ?? '').toLowerCase()),
    trustProxy: ['1', 'on', 'true', 'yes'].includes((env.FANSPOLE_TRUST_PROXY ?? '').toLowerCase()),
    crashPoint: env.FANSPOLE_CRASH_POINT || undefined,
    cable: {
      pingIntervalMs: 3000,
      maxPayloadBytes: 64 * 1024,
      slowClientBytes: 1024 * 1024,
      allowedOrigins: null,
      maxSubscriptions: 100,
    },
  }
  return { ...base, ...overrides }
}

function intEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n)) throw new Error(`expected an integer, got ${JSON.stringify(value)}`)
  return n
}

/**
 * Where an ephemeral server (a scenario, `auction run`, a test world) keeps its data: SQLite
 * in memory, or — when DATABASE_URL names a PostgreSQL server — a scratch database created
 * on that server for the run and dropped at its end.
 */
export function ephemeralDatabase(env: NodeJS.ProcessEnv = process.env): Partial<Config> {
  if (!env.DATABASE_URL) return { dbFile: ':memory:', databaseUrl: undefined }
  return {
    databaseUrl: env.DATABASE_URL,
    scratchDatabase: true,
    scratchTemplate: env.FANSPOLE_PG_TEMPLATE || undefined,
    scratchPrefix: env.FANSPOLE_PG_SCRATCH_PREFIX || undefined,
  }
}
