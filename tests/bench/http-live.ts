/**
 * The HTTP bench's "during a live match" mode and its PostgreSQL variant, apart from http.ts:
 *
 * - `benchDatabases`: where the bench's databases live: SQLite files in a scratch directory,
 *   or scratch databases on the PostgreSQL server of `--database URL` (copies by template).
 * - `startLive`: on a server of its own (a copy of the league), one cricket match started and
 *   its simulated balls posted through the admin API at `ballsPerSecond` while told to
 *   (http-cable.ts with no subscribers), so each read can be measured while another match of
 *   the league is being played (issue 29).
 * - `postgresCpu`: the CPU time (µs) of the PostgreSQL server processes serving one database,
 *   from /proc/<pid>/stat, for the PostgreSQL CPU per read.
 */
import { type ChildProcess, execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { createScratchDatabase, databaseUrlFor, dropDatabase } from '../../server/db/dialect'
import type { CablePlan } from './http-cable'
import { type BenchLeague, copyDatabase } from './http-seed'

export interface BenchDatabases {
  kind: 'sqlite' | 'postgres'
  /** A new, empty database for `label`: a file path or a URL. */
  fresh(label: string): Promise<string>
  /** A copy of `from` (closed: no server on it) for `label`. */
  copy(from: string, label: string): Promise<string>
  cleanup(): Promise<void>
}

const PREFIX = 'fanspole_bench_http_'

export function benchDatabases(dir: string, serverUrl?: string): BenchDatabases {
  if (!serverUrl)
    return {
      kind: 'sqlite',
      fresh: async (label) => join(dir, `${label}.sqlite`),
      copy: async (from, label) => {
        const to = join(dir, `${label}.sqlite`)
        copyDatabase(from, to)
        return to
      },
      cleanup: async () => {},
    }
  const made: string[] = []
  return {
    kind: 'postgres',
    fresh: async (label) => {
      const url = await createScratchDatabase(serverUrl, { prefix: `${PREFIX}${label}_` })
      made.push(url)
      return url
    },
    copy: async (from, label) => {
      const template = new URL(from).pathname.slice(1)
      const url = await createScratchDatabase(serverUrl, { prefix: `${PREFIX}${label}_`, template })
      made.push(url)
      return url
    },
    cleanup: async () => {
      for (const url of made.reverse()) await dropDatabase(url, databaseUrlFor(serverUrl, 'postgres'))
    },
  }
}

/** What a started live match needs from http.ts (passed in, so this file imports nothing of it). */
export interface LiveDriver {
  /** Posts balls while busy. */
  busy(): Promise<void>
  quiet(): Promise<void>
  /** Stops posting; what was posted. */
  stop(): Promise<Record<string, number>>
}

/** A child process and its stdout as lines (http.ts `Lines`), handed in by the caller. */
export interface LineChild {
  child: ChildProcess
  next<T>(accept: (line: string) => T | undefined): Promise<T>
}

export async function startLive(
  serverUrl: string,
  league: BenchLeague,
  dir: string,
  ballsPerSecond: number,
  spawn: (args: string[]) => LineChild,
): Promise<LiveDriver> {
  const started = await fetch(`${serverUrl}/api/admin/matches/${league.cableMatchId}/start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${league.adminToken}`, 'content-type': 'application/json' },
    body: '{}',
  })
  if (!started.ok)
    throw new Error(`starting the live match answered ${started.status}: ${await started.text()}`)
  const planFile = join(dir, 'live-plan.json')
  const plan: CablePlan = {
    url: serverUrl,
    token: league.token,
    adminToken: league.adminToken,
    matchId: league.cableMatchId,
    subscribers: 0,
    eventsPerSecond: ballsPerSecond,
    events: league.cableEvents,
  }
  writeFileSync(planFile, JSON.stringify(plan))
  const { child, next } = spawn([new URL('./http-cable.ts', import.meta.url).pathname, planFile])
  await next((line) => (line === 'ready' ? true : undefined))
  const tell = async (mode: string) => {
    const acked = next((line) => (line === `ack ${mode}` ? true : undefined))
    child.stdin?.write(`${mode}\n`)
    await acked
  }
  let stopped: Promise<Record<string, number>> | undefined
  return {
    busy: () => tell('busy'),
    quiet: () => tell('quiet'),
    stop: () => {
      if (!stopped) {
        stopped = next((line) =>
          line.startsWith('{') ? (JSON.parse(line) as Record<string, number>) : undefined,
        )
        child.stdin?.end()
      }
      return stopped
    },
  }
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
  } catch {
    return 100
  }
})()

/**
 * CPU time (user + system, µs) so far of the PostgreSQL processes connected to the database of
 * `url` (the server's pool and its LISTEN connection; not this meter's own): sampled at the
 * start and end of a measured window, the difference over the requests is PostgreSQL's CPU
 * per read. A connection opened inside the window counts from its start; one closed inside it
 * is lost (the pool keeps its connections, so neither happens in a steady window).
 */
export function postgresCpu(url: string) {
  const client = new pg.Client({ connectionString: databaseUrlFor(url, 'postgres') })
  const database = new URL(url).pathname.slice(1)
  let connected: Promise<void> | undefined
  const seen = new Map<number, number>()
  return {
    async sample(): Promise<number> {
      connected ??= client.connect().then(() => undefined)
      await connected
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      )
      for (const { pid } of rows) {
        try {
          const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
          // After the command: state is field 3, utime 14 and stime 15 (1-based).
          const ticks = Number(fields[11]) + Number(fields[12])
          seen.set(pid, (ticks * 1_000_000) / ticksPerSecond)
        } catch {
          // Ended since the query: its last reading stays.
        }
      }
      let total = 0
      for (const us of seen.values()) total += us
      return total
    },
    close: () => client.end().catch(() => {}),
  }
}

interface Figures {
  rps: number
  p99_ms: number
  cpu_us_per_request: number
  pg_cpu_us_per_request?: number
  miss_share?: number
}

/** One round of one read (http.ts `Sample`): as it runs, uncached, during the live match. */
interface LiveSample {
  c: Figures
  u: Figures
  l?: Figures
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

/** The `live_*` figures (the read while another match is played) and PostgreSQL's CPU per read. */
export function liveFigures(s: LiveSample[]) {
  const during = s.flatMap((x) => (x.l ? [x.l] : []))
  const pg = (pick: (x: LiveSample) => Figures | undefined) => {
    const values = s.flatMap((x) => {
      const v = pick(x)?.pg_cpu_us_per_request
      return v === undefined ? [] : [v]
    })
    return values.length ? median(values) : undefined
  }
  return {
    ...(during.length
      ? {
          live_rps: median(during.map((m) => m.rps)),
          live_p99_ms: median(during.map((m) => m.p99_ms)),
          live_cpu_us_per_request: median(during.map((m) => m.cpu_us_per_request)),
          // Reads that missed the cache while balls were posted (answers made ÷ requests).
          live_miss_share: median(during.map((m) => m.miss_share ?? 0)),
        }
      : {}),
    pg_cpu_us_per_request: pg((x) => x.c),
    uncached_pg_cpu_us_per_request: pg((x) => x.u),
    live_pg_cpu_us_per_request: pg((x) => x.l),
  }
}
