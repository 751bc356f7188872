/**
 * Reads on a miss, this tree against another (issue 29): `node --import tsx tests/bench/reads-ab.ts
 * --before /path/to/other/tree [--duration 3] [--rounds 2] [--reads feed,post]`. One database
 * is seeded (the HTTP bench's league and its social reads, http-reads.ts), each tree's
 * `http-server.ts` serves its own copy with the answer and token caches off (every read a
 * miss), pinned to CPU0 one at a time, the loader on CPU1 (10 connections); for every read and
 * round both trees are loaded in turn, which goes first alternating per round, so the machine's
 * drifting load falls on both. Prints per read the median req/s, p99 and server CPU µs per
 * request of each tree, and `cpu_ratio` = after ÷ before. On a shared machine compare the CPU
 * figures of one run with each other, not with another run's.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { LoaderPlan, LoaderResult } from './http-loader'
import { seedSocialReads } from './http-reads'
import { copyDatabase, seedLeague } from './http-seed'

const args = process.argv.slice(2)
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`)
  return at === -1 ? fallback : (args[at + 1] ?? fallback)
}
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))
const beforeTree = option('before', '')
if (!beforeTree) throw new Error('--before <tree> is required')
const durationMs = Number(option('duration', '3')) * 1000
const rounds = Number(option('rounds', '2'))

interface Child {
  child: ChildProcess
  next: () => Promise<string>
  url?: string
}

function start(cpu: number, script: string, argv: string[], cwd?: string): Child {
  const child = spawn('taskset', ['-c', String(cpu), process.execPath, '--import', 'tsx', script, ...argv], {
    stdio: ['pipe', 'pipe', 'inherit'],
    cwd,
  })
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const queue: string[] = []
  const waiting: Array<(line: string) => void> = []
  lines.on('line', (line) => {
    const w = waiting.shift()
    if (w) w(line)
    else queue.push(line)
  })
  const next = () =>
    new Promise<string>((resolve) => {
      const line = queue.shift()
      if (line !== undefined) resolve(line)
      else waiting.push(resolve)
    })
  return { child, next }
}

async function cpuOf(server: Child): Promise<number> {
  server.child.stdin?.write('cpu\n')
  return (JSON.parse(await server.next()) as { cpu_us: number }).cpu_us
}

async function load(server: Child, plan: LoaderPlan) {
  const loader = start(1, here('./http-loader.ts'), [JSON.stringify(plan)])
  let from = 0
  for (;;) {
    const line = await loader.next()
    if (line === 'window start') from = await cpuOf(server)
    else if (line === 'window end') {
      const to = await cpuOf(server)
      const result = JSON.parse(await loader.next()) as LoaderResult
      return { ...result, cpu_us: Math.round((to - from) / Math.max(1, result.requests)) }
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

const dir = mkdtempSync(join(tmpdir(), 'fanspole-reads-ab-'))
try {
  const db = join(dir, 'league.sqlite')
  const league = await seedLeague(db)
  const social = await seedSocialReads(db, league.playerId)
  const all = [
    { name: 'contest_list', path: '/api/contests' },
    { name: 'home', path: '/api/contests/home' },
    { name: 'leaderboard_page', path: `/api/contests/${league.boardContestId}/members?page=1` },
    { name: 'match', path: `/api/matches/${league.matchId}` },
    { name: 'me', path: '/api/me' },
    ...social,
  ]
  const only = option('reads', '')
  const reads = only ? all.filter((r) => only.split(',').includes(r.name)) : all
  const trees = { before: beforeTree, after: here('../..') }
  const servers: Record<string, Child> = {}
  for (const [name, tree] of Object.entries(trees)) {
    const file = join(dir, `${name}.sqlite`)
    copyDatabase(db, file)
    const server = start(0, join(tree, 'tests/bench/http-server.ts'), [file, 'uncached'], tree)
    server.url = (JSON.parse(await server.next()) as { url: string }).url
    servers[name] = server
  }
  const headers = { authorization: `Bearer ${league.token}`, 'x-fanspole-client': 'web' }
  for (const read of reads) {
    const got: Record<string, Array<LoaderResult & { cpu_us: number }>> = { before: [], after: [] }
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['before', 'after'] : ['after', 'before']
      for (const side of order) {
        const server = servers[side] as Child
        got[side]?.push(
          await load(server, {
            url: server.url ?? '',
            paths: [read.path],
            headers,
            connections: 10,
            durationMs,
            warmupMs: 1000,
          }),
        )
      }
    }
    const figures = (side: string) => ({
      rps: median((got[side] ?? []).map((r) => r.rps)),
      p99_ms: median((got[side] ?? []).map((r) => r.p99_ms)),
      cpu_us: median((got[side] ?? []).map((r) => r.cpu_us)),
    })
    const before = figures('before')
    const after = figures('after')
    console.log(
      JSON.stringify({
        read: read.name,
        before,
        after,
        cpu_ratio: Math.round((after.cpu_us / Math.max(1, before.cpu_us)) * 100) / 100,
      }),
    )
  }
  for (const s of Object.values(servers)) s.child.stdin?.end()
} finally {
  rmSync(dir, { recursive: true, force: true })
}
