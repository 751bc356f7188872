import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CablePlan } from './http-cable'
import { benchDatabases, type LiveDriver, liveFigures, postgresCpu, startLive } from './http-live'
import type { LoaderPlan, LoaderResult } from './http-loader'
import { type ReadPath, seedSocialReads } from './http-reads'
import { type BenchLeague, growContests, seedLeague } from './http-seed'
import type { BenchOptions } from './run'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** Pins a child to one CPU when taskset exists and the machine has two (server CPU0, load CPU1). */
const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

function spawnPinned(cpu: number, args: string[], nodeFlags: string[] = []): ChildProcess {
  const node = [...nodeFlags, '--import', 'tsx', ...args]
  return hasTaskset
    ? spawn('taskset', ['-c', String(cpu), process.execPath, ...node], { stdio: ['pipe', 'pipe', 'inherit'] })
    : spawn(process.execPath, node, { stdio: ['pipe', 'pipe', 'inherit'] })
}

/** A child's stdout as lines, each offered to whoever is waiting for one like it. */
class Lines {
  private waiters: Array<(line: string) => boolean> = []
  private exited = false
  constructor(child: ChildProcess) {
    let buffer = ''
    child.stdout?.on('data', (d: Buffer) => {
      buffer += String(d)
      let nl = buffer.indexOf('\n')
      while (nl !== -1) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        this.offer(line)
        nl = buffer.indexOf('\n')
      }
    })
    child.once('exit', () => {
      this.exited = true
      this.offer('\u0000exit')
    })
  }

  private offer(line: string): void {
    // A copy: a waiter may add waiters while it runs.
    for (const w of [...this.waiters]) if (w(line)) this.waiters.splice(this.waiters.indexOf(w), 1)
  }

  /** Calls `each` for every line until it returns true. */
  each(each: (line: string) => boolean): void {
    this.waiters.push(each)
  }

  /** Resolves with the first line that `accept` takes. */
  next<T>(accept: (line: string) => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      if (this.exited) return reject(new Error('child exited before answering'))
      this.waiters.push((line) => {
        if (line === '\u0000exit') {
          reject(new Error('child exited before answering'))
          return true
        }
        const value = accept(line)
        if (value === undefined) return false
        resolve(value)
        return true
      })
    })
  }
}

const jsonLine = <T>(line: string): T | undefined =>
  line.startsWith('{') ? (JSON.parse(line) as T) : undefined

interface Running {
  url: string
  child: ChildProcess
  lines: Lines
  /** Serialises CPU queries, so each answer goes to its own question. */
  cpuQueue: Promise<unknown>
  /** The server's answers made so far, at its last CPU reading. */
  fills?: number
  /** On PostgreSQL: the CPU meter of the database it serves (http-live.ts `postgresCpu`). */
  pg?: ReturnType<typeof postgresCpu>
}

/** The child's CPU time so far (µs), asked over stdin (child-cpu.ts); its answers made in `r.fills`. */
function cpuOf(r: Running): Promise<number> {
  const ask = r.cpuQueue.then(() => {
    const answer = r.lines.next((line) => {
      const parsed = jsonLine<{ cpu_us?: number; fills?: number }>(line)
      if (parsed?.fills !== undefined) r.fills = parsed.fills
      return parsed?.cpu_us
    })
    r.child.stdin?.write('cpu\n')
    return answer
  })
  r.cpuQueue = ask.catch(() => undefined)
  return ask
}

async function startChild(script: string, args: string[], nodeFlags: string[] = []): Promise<Running> {
  const child = spawnPinned(0, [here(script), ...args], nodeFlags)
  const lines = new Lines(child)
  const url = await lines.next((line) => jsonLine<{ url?: string }>(line)?.url)
  return { url, child, lines, cpuQueue: Promise.resolve() }
}

function stopChild(r: Running | ChildProcess): Promise<void> {
  const child = 'child' in r ? r.child : r
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.stdin?.end()
  })
}

interface Measured extends LoaderResult {
  /** Server CPU time (user + system, µs) per request answered in the measured window. */
  cpu_us_per_request: number
  /** PostgreSQL's CPU time per request (its processes serving the target's database), on PostgreSQL. */
  pg_cpu_us_per_request?: number
  /** Share of the window's requests that missed the answer cache (answers made ÷ requests). */
  miss_share?: number
}

/**
 * One round of one read: the server as it runs (c), the baseline (b), the server uncached (u),
 * and the server while another match of its league is played (l, http-live.ts).
 */
interface Sample {
  c: Measured
  b: Measured
  u: Measured
  l?: Measured
}

/** One loader run against `target`, with the target's CPU time (and PostgreSQL's) over the measured window. */
async function load(plan: LoaderPlan, target: Running): Promise<Measured> {
  const child = spawnPinned(1, [here('./http-loader.ts'), JSON.stringify(plan)])
  const lines = new Lines(child)
  const samples: Array<Promise<number>> = []
  const pgSamples: Array<Promise<number>> = []
  const fills: number[] = []
  lines.each((line) => {
    if (line === 'window start' || line === 'window end') {
      samples.push(
        cpuOf(target).then((cpu) => {
          fills.push(target.fills ?? 0)
          return cpu
        }),
      )
      if (target.pg) pgSamples.push(target.pg.sample())
    }
    return line === 'window end'
  })
  const result = await lines.next((line) => jsonLine<LoaderResult>(line))
  const [from = 0, to = 0] = await Promise.all(samples)
  const [pgFrom = 0, pgTo = 0] = await Promise.all(pgSamples)
  const per = (us: number) => Math.round((us * 10) / Math.max(1, result.requests)) / 10
  return {
    ...result,
    cpu_us_per_request: Math.round((to - from) / Math.max(1, result.requests)),
    ...(target.pg ? { pg_cpu_us_per_request: per(pgTo - pgFrom) } : {}),
    ...(target.fills !== undefined
      ? { miss_share: r3(((fills[1] ?? 0) - (fills[0] ?? 0)) / Math.max(1, result.requests)) }
      : {}),
  }
}

/** What the real server answers, to be served byte for byte by the baseline. */
async function record(url: string, paths: string[], headers: Record<string, string>) {
  const out = []
  for (const path of paths) {
    const res = await fetch(url + path, { headers })
    const body = Buffer.from(await res.arrayBuffer())
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.toString()}`)
    const kept = [...res.headers].filter(
      ([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k),
    )
    kept.push(['content-length', String(body.length)])
    out.push({ path, status: res.status, headers: dedupe(kept), body_base64: body.toString('base64') })
  }
  return out
}

const dedupe = (h: Array<[string, string]>) => [...new Map(h).entries()]
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const r2 = (x: number) => Math.round(x * 100) / 100
const r3 = (x: number) => Math.round(x * 1000) / 1000

type Read = ReadPath

/**
 * The busiest reads through the real server against a bare `node:http`
 * server sending the same bytes, in one run, the loader in its own process on the other CPU,
 * candidate and baseline alternating over rounds; the contest list on 500 and 50,000
 * contests; and a plain GET while 500 subscribers follow a live match on `/cable`.
 * Options: --duration s (per measurement, default 5), --rounds n (3), --contests n (50000),
 * --profile dir (write a `--cpu-prof` profile of the candidate there), --reads a,b (only these
 * parts: read names such as `me,match`, `contest_list_scale`, `match_while_cable_busy`),
 * --live-balls n (balls a second of the match played during the `live_*` figures, default 2;
 * 0 skips them), --database URL (PostgreSQL: every server on a scratch database there, and
 * PostgreSQL's CPU per read reported beside the server's).
 */
export async function httpBench(options: BenchOptions): Promise<Record<string, unknown>> {
  const durationMs = Number(options.duration ?? 5) * 1000
  const rounds = Number(options.rounds ?? 3)
  const largeTotal = Number(options.contests ?? 50_000)
  const connections = 10
  const dir = mkdtempSync(join(tmpdir(), 'fanspole-http-bench-'))
  const profileFlags =
    typeof options.profile === 'string' ? ['--cpu-prof', `--cpu-prof-dir=${options.profile}`] : []
  const children: Running[] = []
  const dbs = benchDatabases(dir, typeof options.database === 'string' ? options.database : undefined)
  const liveBalls = Number(options['live-balls'] ?? 2)
  let live: LiveDriver | undefined
  try {
    const small = await dbs.fresh('small')
    const league: BenchLeague = await seedLeague(small)
    const large = await dbs.copy(small, 'large')
    const cableDb = await dbs.copy(small, 'cable')
    const liveDb = liveBalls > 0 ? await dbs.copy(small, 'live') : undefined
    const only = typeof options.reads === 'string' ? options.reads.split(',') : null
    const wants = (part: string) => only === null || only.includes(part)
    const socialReads = await seedSocialReads(small, league.playerId)
    const largeCount = wants('contest_list_scale') ? await growContests(large, largeTotal) : 0
    console.log(
      `  seeded: small league, and ${largeCount} contests in the large one (taskset: ${hasTaskset})`,
    )

    const headers = { authorization: `Bearer ${league.token}`, 'x-fanspole-client': 'web' }
    const allReads: Read[] = [
      { name: 'contest_list', kind: 'list', path: '/api/contests' },
      { name: 'home', kind: 'list', path: '/api/contests/home' },
      {
        name: 'leaderboard_page',
        kind: 'list',
        path: `/api/contests/${league.boardContestId}/members?page=1`,
      },
      { name: 'match', kind: 'point', path: `/api/matches/${league.matchId}` },
      { name: 'me', kind: 'point', path: '/api/me' },
      ...socialReads,
    ]
    const reads = allReads.filter(
      (r) => wants(r.name) || (r.name === 'contest_list' && wants('contest_list_scale')),
    )
    const targets: Record<
      string,
      { candidate: Running; baseline: Running; uncached: Running; live?: Running; reads: Read[] }
    > = {}
    const sizes = [
      ['small', small, reads],
      ['large', large, allReads.slice(0, 1)],
    ] as const
    for (const [size, file, sizeReads] of wants('contest_list_scale') ? sizes : sizes.slice(0, 1)) {
      // The same server with the answer and token caches off: what a read costs on a miss. On a
      // copy of the database (made before any server opens it): one server process per SQLite
      // file (the database lock).
      const uncachedFile = await dbs.copy(file, `${size}-uncached`)
      const candidate = await startChild('./http-server.ts', [file], size === 'small' ? profileFlags : [])
      children.push(candidate)
      const uncached = await startChild('./http-server.ts', [uncachedFile, 'uncached'])
      children.push(uncached)
      if (dbs.kind === 'postgres') {
        candidate.pg = postgresCpu(file)
        uncached.pg = postgresCpu(uncachedFile)
      }
      // The server as it runs, while another match of its league is played (http-live.ts).
      let liveTarget: Running | undefined
      if (size === 'small' && liveDb) {
        liveTarget = await startChild('./http-server.ts', [liveDb])
        children.push(liveTarget)
        if (dbs.kind === 'postgres') liveTarget.pg = postgresCpu(liveDb)
        live = await startLive(liveTarget.url, league, dir, liveBalls, (args) => {
          const child = spawnPinned(1, args)
          const lines = new Lines(child)
          return { child, next: (accept) => lines.next(accept) }
        })
      }
      const answers = await record(
        candidate.url,
        sizeReads.map((r) => r.path),
        headers,
      )
      const answersFile = join(dir, `answers-${size}.json`)
      writeFileSync(answersFile, JSON.stringify(answers))
      const baseline = await startChild('./http-baseline.ts', [answersFile])
      children.push(baseline)
      targets[size] = { candidate, baseline, uncached, live: liveTarget, reads: [...sizeReads] }
      for (const a of answers)
        console.log(`  ${size} ${a.path}: ${Buffer.from(a.body_base64, 'base64').length} bytes`)
    }

    const plan = (url: string, path: string): LoaderPlan => ({
      url,
      paths: [path],
      headers,
      connections,
      durationMs,
      warmupMs: 1000,
    })
    const samples = new Map<string, Sample[]>()
    for (let round = 1; round <= rounds; round++) {
      for (const [size, t] of Object.entries(targets)) {
        for (const read of t.reads) {
          const key = `${read.name}:${size}`
          // Alternate which side goes first, so drift in the machine's load falls on both.
          const first = round % 2 === 1
          const [one, two] = first ? [t.candidate, t.baseline] : [t.baseline, t.candidate]
          const a = await load(plan(one.url, read.path), one)
          const b = await load(plan(two.url, read.path), two)
          const u = await load(plan(t.uncached.url, read.path), t.uncached)
          let l: Measured | undefined
          if (t.live && live) {
            await live.busy()
            l = await load(plan(t.live.url, read.path), t.live)
            await live.quiet()
          }
          const sample = first ? { c: a, b, u, l } : { c: b, b: a, u, l }
          samples.set(key, [...(samples.get(key) ?? []), sample])
          const show = (m: Measured) => `${m.rps} req/s p99 ${m.p99_ms} ms ${m.cpu_us_per_request} µs CPU/req`
          console.log(
            `  round ${round} ${key}: server ${show(sample.c)} · baseline ${show(sample.b)} · uncached ${show(sample.u)}${sample.l ? ` · live ${show(sample.l)}` : ''}`,
          )
        }
      }
    }

    const results: Record<string, unknown> = {}
    for (const read of reads) {
      const s = samples.get(`${read.name}:small`) ?? []
      const ratios = s.map((x) => x.c.rps / x.b.rps)
      // Baseline CPU per request over the server's: the load-independent form of the ratio.
      const cpuRatios = s.map((x) => x.b.cpu_us_per_request / Math.max(1, x.c.cpu_us_per_request))
      const line = {
        read: read.name,
        kind: read.kind,
        path: read.path,
        bytes: s[0]?.c.body_bytes,
        rps: median(s.map((x) => x.c.rps)),
        p99_ms: median(s.map((x) => x.c.p99_ms)),
        baseline_rps: median(s.map((x) => x.b.rps)),
        baseline_p99_ms: median(s.map((x) => x.b.p99_ms)),
        ratio: r2(median(ratios)),
        ratio_min: r2(Math.min(...ratios)),
        ratio_max: r2(Math.max(...ratios)),
        cpu_us_per_request: median(s.map((x) => x.c.cpu_us_per_request)),
        baseline_cpu_us_per_request: median(s.map((x) => x.b.cpu_us_per_request)),
        cpu_ratio: r3(median(cpuRatios)),
        // The same read with the answer cache off (every read a miss): not the target's figure,
        // which is the product as it runs, but what a read costs after every commit.
        uncached_rps: median(s.map((x) => x.u.rps)),
        uncached_p99_ms: median(s.map((x) => x.u.p99_ms)),
        uncached_cpu_us_per_request: median(s.map((x) => x.u.cpu_us_per_request)),
        uncached_cpu_ratio: r3(
          median(s.map((x) => x.b.cpu_us_per_request / Math.max(1, x.u.cpu_us_per_request))),
        ),
        ...liveFigures(s),
        target_ratio: read.kind === 'list' ? 0.3 : 0.5,
        ok: median(ratios) >= (read.kind === 'list' ? 0.3 : 0.5) && median(s.map((x) => x.c.p99_ms)) <= 25,
      }
      console.log(JSON.stringify(line))
      results[read.name] = line
    }
    if (wants('contest_list_scale')) results.contest_list_scale = scaleLine(samples, largeCount)
    if (live) results.live_match = { balls_per_s: liveBalls, ...(await live.stop()) }
    live = undefined
    for (const c of children.splice(0)) {
      await stopChild(c)
      await c.pg?.close()
    }
    if (wants('match_while_cable_busy'))
      results.cable_busy = await cableBusy(cableDb, dir, league, headers, durationMs, rounds)
    return results
  } finally {
    await live?.stop()
    for (const c of children) {
      await stopChild(c)
      await c.pg?.close()
    }
    await dbs.cleanup()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The contest list's cost on the large league against the small one. */
function scaleLine(samples: Map<string, Sample[]>, largeCount: number) {
  const smallList = samples.get('contest_list:small') ?? []
  const largeList = samples.get('contest_list:large') ?? []
  // Cost per request is 1/rps: how much dearer a page is when the table is 100× larger.
  const costRatio = median(smallList.map((s) => s.c.rps)) / median(largeList.map((s) => s.c.rps))
  const uncachedRatio =
    median(largeList.map((s) => s.u.cpu_us_per_request)) /
    Math.max(1, median(smallList.map((s) => s.u.cpu_us_per_request)))
  const flat = {
    read: 'contest_list_scale',
    contests_small: 553,
    contests_large: largeCount,
    rps_small: median(smallList.map((s) => s.c.rps)),
    rps_large: median(largeList.map((s) => s.c.rps)),
    p99_ms_large: median(largeList.map((s) => s.c.p99_ms)),
    baseline_rps_large: median(largeList.map((s) => s.b.rps)),
    cost_ratio_large_over_small: r2(costRatio),
    cpu_us_per_request_small: median(smallList.map((s) => s.c.cpu_us_per_request)),
    cpu_us_per_request_large: median(largeList.map((s) => s.c.cpu_us_per_request)),
    cpu_cost_ratio_large_over_small: r2(
      median(largeList.map((s) => s.c.cpu_us_per_request)) /
        Math.max(1, median(smallList.map((s) => s.c.cpu_us_per_request))),
    ),
    // Uncached, a page is made from the database every time: the honest test of flatness.
    uncached_cpu_us_per_request_small: median(smallList.map((s) => s.u.cpu_us_per_request)),
    uncached_cpu_us_per_request_large: median(largeList.map((s) => s.u.cpu_us_per_request)),
    uncached_cpu_cost_ratio_large_over_small: r2(uncachedRatio),
    ok: costRatio <= 1.2 && costRatio >= 0.8 && uncachedRatio <= 1.2 && uncachedRatio >= 0.8,
  }
  console.log(JSON.stringify(flat))
  return flat
}

/** A plain GET while 500 subscribers follow a live match and balls arrive 10 a second, against the same GET when the cable is quiet. */
async function cableBusy(
  dbFile: string,
  dir: string,
  league: BenchLeague,
  headers: Record<string, string>,
  durationMs: number,
  rounds: number,
) {
  const server = await startChild('./http-server.ts', [dbFile])
  let cable: ChildProcess | undefined
  try {
    const started = await fetch(`${server.url}/api/admin/matches/${league.cableMatchId}/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${league.adminToken}`, 'content-type': 'application/json' },
      body: '{}',
    })
    if (!started.ok) throw new Error(`starting the match answered ${started.status}: ${await started.text()}`)
    const planFile = join(dir, 'cable-plan.json')
    const plan: CablePlan = {
      url: server.url,
      token: league.token,
      adminToken: league.adminToken,
      matchId: league.cableMatchId,
      subscribers: 500,
      eventsPerSecond: 10,
      events: league.cableEvents,
    }
    writeFileSync(planFile, JSON.stringify(plan))
    cable = spawnPinned(1, [here('./http-cable.ts'), planFile])
    const cableLines = new Lines(cable)
    await cableLines.next((line) => (line === 'ready' ? true : undefined))
    const path = `/api/matches/${league.matchId}`
    const quiet: Measured[] = []
    const busy: Measured[] = []
    for (let round = 1; round <= rounds; round++) {
      for (const mode of ['quiet', 'busy'] as const) {
        cable.stdin?.write(`${mode}\n`)
        await cableLines.next((line) => (line === `ack ${mode}` ? true : undefined))
        const r = await load(
          { url: server.url, paths: [path], headers, connections: 10, durationMs, warmupMs: 1000 },
          server,
        )
        ;(mode === 'quiet' ? quiet : busy).push(r)
        console.log(`  round ${round} cable ${mode}: ${r.rps} req/s p99 ${r.p99_ms} ms max ${r.max_ms} ms`)
      }
    }
    cable.stdin?.end()
    const received = await cableLines.next((line) => jsonLine<Record<string, number>>(line))
    const line = {
      read: 'match_while_cable_busy',
      path,
      subscribers: plan.subscribers,
      events_per_s: plan.eventsPerSecond,
      quiet_rps: median(quiet.map((r) => r.rps)),
      quiet_p99_ms: median(quiet.map((r) => r.p99_ms)),
      busy_rps: median(busy.map((r) => r.rps)),
      busy_p99_ms: median(busy.map((r) => r.p99_ms)),
      ...received,
      ok:
        median(busy.map((r) => r.p99_ms)) <= 25 &&
        received.out_of_order === 0 &&
        received.events_failed === 0,
    }
    console.log(JSON.stringify(line))
    return line
  } finally {
    if (cable) await stopChild(cable)
    await stopChild(server)
  }
}
