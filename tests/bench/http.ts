import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CablePlan } from './http-cable'
import type { LoaderPlan, LoaderResult } from './http-loader'
import { type BenchLeague, copyDatabase, growContests, seedLeague } from './http-seed'
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

/** Resolves with the first stdout line that `accept` takes. */
function waitForLine<T>(child: ChildProcess, accept: (line: string) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    let buffer = ''
    const onData = (d: Buffer) => {
      buffer += String(d)
      let nl = buffer.indexOf('\n')
      while (nl !== -1) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        const value = accept(line)
        if (value !== undefined) {
          child.stdout?.off('data', onData)
          resolve(value)
          return
        }
        nl = buffer.indexOf('\n')
      }
    }
    child.stdout?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`child exited with ${code} before answering`)))
  })
}

interface Running {
  url: string
  child: ChildProcess
}

async function startChild(script: string, arg: string, nodeFlags: string[] = []): Promise<Running> {
  const child = spawnPinned(0, [here(script), arg], nodeFlags)
  const url = await waitForLine(child, (line) =>
    line.startsWith('{') ? (JSON.parse(line).url as string) : undefined,
  )
  return { url, child }
}

function stopChild(r: Running | ChildProcess): Promise<void> {
  const child = 'child' in r ? r.child : r
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.stdin?.end()
  })
}

async function load(plan: LoaderPlan): Promise<LoaderResult> {
  const child = spawnPinned(1, [here('./http-loader.ts'), JSON.stringify(plan)])
  return waitForLine(child, (line) => (line.startsWith('{') ? (JSON.parse(line) as LoaderResult) : undefined))
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

interface Read {
  name: string
  kind: 'list' | 'point'
  path: string
}

/**
 * Issue 10 item 4: the busiest reads through the real server against a bare `node:http`
 * server sending the same bytes, in one run, the loader in its own process on the other CPU,
 * candidate and baseline alternating over rounds; the contest list on 500 and 50,000
 * contests; and a plain GET while 500 subscribers follow a live match on `/cable`.
 * Options: --duration s (per measurement, default 5), --rounds n (3), --contests n (50000),
 * --profile dir (write a `--cpu-prof` profile of the candidate there).
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
  try {
    const small = join(dir, 'small.sqlite')
    const league: BenchLeague = await seedLeague(small)
    const large = join(dir, 'large.sqlite')
    copyDatabase(small, large)
    const cableDb = join(dir, 'cable.sqlite')
    copyDatabase(small, cableDb)
    const largeCount = await growContests(large, largeTotal)
    console.log(
      `  seeded: small league, and ${largeCount} contests in the large one (taskset: ${hasTaskset})`,
    )

    const headers = { authorization: `Bearer ${league.token}`, 'x-fanspole-client': 'web' }
    const reads: Read[] = [
      { name: 'contest_list', kind: 'list', path: '/api/contests' },
      { name: 'home', kind: 'list', path: '/api/contests/home' },
      {
        name: 'leaderboard_page',
        kind: 'list',
        path: `/api/contests/${league.boardContestId}/members?page=1`,
      },
      { name: 'match', kind: 'point', path: `/api/matches/${league.matchId}` },
      { name: 'me', kind: 'point', path: '/api/me' },
    ]
    const targets: Record<string, { candidate: Running; baseline: Running; reads: Read[] }> = {}
    for (const [size, file, sizeReads] of [
      ['small', small, reads],
      ['large', large, reads.slice(0, 1)],
    ] as const) {
      const candidate = await startChild('./http-server.ts', file, size === 'small' ? profileFlags : [])
      children.push(candidate)
      const answers = await record(
        candidate.url,
        sizeReads.map((r) => r.path),
        headers,
      )
      const answersFile = join(dir, `answers-${size}.json`)
      writeFileSync(answersFile, JSON.stringify(answers))
      const baseline = await startChild('./http-baseline.ts', answersFile)
      children.push(baseline)
      targets[size] = { candidate, baseline, reads: [...sizeReads] }
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
    const samples = new Map<string, Array<{ c: LoaderResult; b: LoaderResult }>>()
    for (let round = 1; round <= rounds; round++) {
      for (const [size, t] of Object.entries(targets)) {
        for (const read of t.reads) {
          const key = `${read.name}:${size}`
          // Alternate which side goes first, so drift in the machine's load falls on both.
          const first = round % 2 === 1
          const a = await load(plan(first ? t.candidate.url : t.baseline.url, read.path))
          const b = await load(plan(first ? t.baseline.url : t.candidate.url, read.path))
          const pair = first ? { c: a, b } : { c: b, b: a }
          samples.set(key, [...(samples.get(key) ?? []), pair])
          console.log(
            `  round ${round} ${key}: server ${pair.c.rps} req/s p99 ${pair.c.p99_ms} ms · baseline ${pair.b.rps} req/s p99 ${pair.b.p99_ms} ms`,
          )
        }
      }
    }

    const results: Record<string, unknown> = {}
    for (const read of reads) {
      const s = samples.get(`${read.name}:small`) ?? []
      const ratios = s.map((x) => x.c.rps / x.b.rps)
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
        target_ratio: read.kind === 'list' ? 0.3 : 0.5,
        ok: median(ratios) >= (read.kind === 'list' ? 0.3 : 0.5) && median(s.map((x) => x.c.p99_ms)) <= 25,
      }
      console.log(JSON.stringify(line))
      results[read.name] = line
    }
    const smallList = samples.get('contest_list:small') ?? []
    const largeList = samples.get('contest_list:large') ?? []
    // Cost per request is 1/rps: how much dearer a page is when the table is 100× larger.
    const costRatio = median(smallList.map((s) => s.c.rps)) / median(largeList.map((s) => s.c.rps))
    const flat = {
      read: 'contest_list_scale',
      contests_small: 553,
      contests_large: largeCount,
      rps_small: median(smallList.map((s) => s.c.rps)),
      rps_large: median(largeList.map((s) => s.c.rps)),
      p99_ms_large: median(largeList.map((s) => s.c.p99_ms)),
      baseline_rps_large: median(largeList.map((s) => s.b.rps)),
      cost_ratio_large_over_small: r2(costRatio),
      ok: costRatio <= 1.2 && costRatio >= 0.8,
    }
    console.log(JSON.stringify(flat))
    results.contest_list_scale = flat

    for (const c of children.splice(0)) await stopChild(c)
    results.cable_busy = await cableBusy(cableDb, league, headers, durationMs, rounds)
    return results
  } finally {
    for (const c of children) await stopChild(c)
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A plain GET while 500 subscribers follow a live match and balls arrive 10 a second, against the same GET when the cable is quiet. */
async function cableBusy(
  dbFile: string,
  league: BenchLeague,
  headers: Record<string, string>,
  durationMs: number,
  rounds: number,
) {
  const server = await startChild('./http-server.ts', dbFile)
  let cable: ChildProcess | undefined
  try {
    const started = await fetch(`${server.url}/api/admin/matches/${league.cableMatchId}/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${league.adminToken}`, 'content-type': 'application/json' },
      body: '{}',
    })
    if (!started.ok) throw new Error(`starting the match answered ${started.status}: ${await started.text()}`)
    const planFile = join(dirOf(dbFile), 'cable-plan.json')
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
    await waitForLine(cable, (line) => (line === 'ready' ? true : undefined))
    const path = `/api/matches/${league.matchId}`
    const quiet: LoaderResult[] = []
    const busy: LoaderResult[] = []
    for (let round = 1; round <= rounds; round++) {
      for (const mode of ['quiet', 'busy'] as const) {
        cable.stdin?.write(`${mode}\n`)
        await waitForLine(cable, (line) => (line === `ack ${mode}` ? true : undefined))
        const r = await load({
          url: server.url,
          paths: [path],
          headers,
          connections: 10,
          durationMs,
          warmupMs: 1000,
        })
        ;(mode === 'quiet' ? quiet : busy).push(r)
        console.log(`  round ${round} cable ${mode}: ${r.rps} req/s p99 ${r.p99_ms} ms max ${r.max_ms} ms`)
      }
    }
    cable.stdin?.end()
    const received = await waitForLine(cable, (line) => (line.startsWith('{') ? JSON.parse(line) : undefined))
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
      ok: median(busy.map((r) => r.p99_ms)) <= 25 && received.out_of_order === 0,
    }
    console.log(JSON.stringify(line))
    return line
  } finally {
    if (cable) await stopChild(cable)
    await stopChild(server)
  }
}

const dirOf = (file: string) => file.slice(0, file.lastIndexOf('/'))
