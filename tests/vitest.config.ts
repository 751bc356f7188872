import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * One run, one project per kind of test: unit (pure rules, ledger, properties), api (the real
 * app in-process on a fresh database), fuzz (every operation of /api/openapi.json under
 * hostile input, bounded and seeded), cable (a real listening server and the official
 * @rails/actioncable client), restarts (servers in child processes killed with SIGKILL and
 * started again on the same database), cli (commands in-process and Ink frames), scenarios
 * (every YAML file in scenarios/), e2e (headless Chromium against a real server).
 *
 * The Postgres leg: with FANSPOLE_TEST_POSTGRES=postgres://user:pass@host:port/db (any database
 * the user can connect to; the user needs CREATEDB), the api, fuzz, cable, cli, restarts and
 * scenarios projects run a second time as `api-pg`, `fuzz-pg`, `cable-pg`, `cli-pg`,
 * `restarts-pg`, `scenarios-pg`, every test world on a scratch PostgreSQL database copied from
 * a template migrated once per run (tests/postgres-setup.ts; the CLI's own database commands
 * get an empty one).
 * Without it they run on SQLite only. `.ci/run` starts a cluster and sets it. The same variable
 * adds `cluster-pg` (tests/cluster: two server processes on one database).
 *
 * A JSON report is always written so CI can print its one-line summary.
 */
const postgres = process.env.FANSPOLE_TEST_POSTGRES
// Per-run names, so that runs side by side never drop each other's databases.
const template = `fanspole_tpl${process.pid}`
const prefix = `fanspole_t${process.pid}_`
if (postgres) {
  process.env.FANSPOLE_TEST_PG_TEMPLATE = template
  process.env.FANSPOLE_TEST_PG_PREFIX = prefix
}

/**
 * Workers: every project but e2e and cluster uses every core. The in-process projects (unit,
 * api, cable: the app and its database inside the worker) come first; the projects that start
 * servers, spawn processes or walk the whole API (fuzz, cli, restarts, scenarios) in a later
 * group (`sequence.groupOrder`); e2e and cluster run one file at a time after everything else.
 * On a 2-core machine Vitest's default is one worker, which left a core idle through the
 * longest part of the run (the later group ran one file at a time: 18 of a 40-minute run).
 *
 * The in-process projects also share one module graph per worker (`isolate: false`): each of
 * their files imported the whole server afresh, half of their time. That is safe because
 * nothing the server keeps outlives its `deps` (per-process state lives in WeakMaps keyed by
 * deps or the database handle), and every test world builds its own. The cli project stays
 * isolated: its commands read zod's global error map, which importing the server changes.
 */
const cores = os.availableParallelism()
const IN_PROCESS = { maxWorkers: cores, isolate: false, sequence: { groupOrder: 0 } }
const SERVERS = { maxWorkers: cores, sequence: { groupOrder: 1 } }

/** The SQLite leg never sees a DATABASE_URL from the surrounding shell. */
const SQLITE_ENV = { DATABASE_URL: '' }

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    // Property tests take 2–3 s alone; beside the api and cable projects on every core, over 5 s.
    test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], testTimeout: 15_000, ...IN_PROCESS },
  },
  {
    extends: true,
    test: { name: 'api', include: ['tests/api/**/*.test.ts'], testTimeout: 20_000, ...IN_PROCESS },
  },
  {
    extends: true,
    test: {
      name: 'fuzz',
      include: ['tests/fuzz/**/*.test.ts'],
      // The walk is bounded by the operations (the esports ones added some fifty); the timeout only
      // catches a hang, and a busy machine took the SQLite walk past two minutes.
      testTimeout: 300_000,
      hookTimeout: 60_000,
      ...SERVERS,
    },
  },
  {
    extends: true,
    test: { name: 'cable', include: ['tests/cable/**/*.test.ts'], testTimeout: 30_000, ...IN_PROCESS },
  },
  {
    extends: true,
    test: {
      name: 'cli',
      include: ['tests/cli/**/*.test.{ts,tsx}'],
      testTimeout: 60_000,
      // A league server started in beforeAll took over 10 s on a loaded 2-core machine.
      hookTimeout: 60_000,
      ...SERVERS,
    },
  },
  {
    extends: true,
    test: {
      name: 'restarts',
      include: ['tests/restarts/**/*.test.ts'],
      testTimeout: 180_000,
      hookTimeout: 60_000,
      ...SERVERS,
    },
  },
  {
    extends: true,
    test: {
      name: 'scenarios',
      include: ['tests/scenarios/**/*.test.ts'],
      testTimeout: 120_000,
      ...SERVERS,
    },
  },
  {
    extends: true,
    test: {
      name: 'e2e',
      include: ['tests/e2e/**/*.test.ts'],
      testTimeout: 120_000,
      hookTimeout: 180_000,
      fileParallelism: false,
    },
  },
]

/** The projects that run on both databases. */
const BOTH_DIALECTS = new Set(['api', 'fuzz', 'cable', 'cli', 'restarts', 'scenarios'])

const postgresLeg: TestProjectInlineConfiguration[] = postgres
  ? projects
      .filter((p) => BOTH_DIALECTS.has(p.test?.name as string))
      .map((p) => ({
        ...p,
        test: {
          ...p.test,
          name: `${p.test?.name}-pg`,
          // Worlds seeded in a beforeAll take longer on PostgreSQL (a few seconds, more on a busy machine).
          hookTimeout: Math.max(p.test?.hookTimeout ?? 0, 60_000),
          // The fuzzer's budget is the SQLite walk's; the same walk on PostgreSQL (every
          // request a network round trip or more) gets half as long again.
          ...(p.test?.name === 'fuzz' ? { testTimeout: 450_000 } : {}),
          env: {
            DATABASE_URL: postgres,
            FANSPOLE_PG_TEMPLATE: template,
            FANSPOLE_PG_SCRATCH_PREFIX: prefix,
          },
        },
      }))
  : []

/**
 * Two real server processes on one PostgreSQL database (tests/cluster). PostgreSQL
 * only (SQLite is one process by design), so the project exists only on the Postgres leg.
 * Files one at a time: each starts two nodes, and two files at once on a 2-core machine would
 * measure the machine, not the cluster.
 */
const clusterLeg: TestProjectInlineConfiguration[] = postgres
  ? [
      {
        extends: true,
        test: {
          name: 'cluster-pg',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 90_000,
          fileParallelism: false,
          env: {
            DATABASE_URL: postgres,
            FANSPOLE_PG_TEMPLATE: template,
            FANSPOLE_PG_SCRATCH_PREFIX: prefix,
          },
        },
      },
    ]
  : []

export default defineConfig({
  root,
  test: {
    reporters: ['default', ['json', { outputFile: path.join(root, '.vitest', 'report.json') }]],
    globalSetup: [path.join(root, 'tests', 'postgres-setup.ts')],
    env: SQLITE_ENV,
    // A live wait (a frame over /cable, a page catching up) gets ten seconds before it fails,
    // not Vitest's one: on a loaded 2-core machine a second is not a bug.
    expect: { poll: { timeout: 10_000 } },
    projects: [...projects, ...postgresLeg, ...clusterLeg],
  },
})
