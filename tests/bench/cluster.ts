import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { issueTokenPair } from '../../server/areas/auth/tokens'
import { loadConfig } from '../../server/core/config'
import { createScratchDatabase, databaseUrlFor, dropDatabase } from '../../server/db/dialect'
import { startServer } from '../../server/main'
import { type ChildServer, spawnServer } from '../helpers/child-server'
import { setup } from './auction'
import type { LoadPlan } from './auction-loader'
import { childFigures } from './child-figures'
import type { FanoutPlan } from './cluster-fanout'
import { projections, type UnitCosts } from './cluster-projection'
import type { LoaderPlan, LoaderResult } from './http-loader'
import { simulatedEvents } from './match-events'
import { cpuWindow } from './process-cpu'
import type { BenchOptions } from './run'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))
const PREFIX = 'fanspole_bench_cluster_'

/** What every node count starts from: one seeded, set-up database used as a template. */
interface Prepared {
  template: string
  auction: LoadPlan
  fanout: Omit<FanoutPlan, 'urls'>
}

/**
 * The template: the demo league, the auction bench's league-night rooms (20 auctions × 12
 * managers, started, lots of two minutes), a started cricket match with the events of a whole
 * simulated innings to post, tokens for all of them, and the game clock paused so that no lot
 * ends between the copies (bids and posted balls do not need it running).
 */
async function prepare(server: string, options: BenchOptions): Promise<Prepared> {
  const url = await createScratchDatabase(server, { prefix: PREFIX })
  const config = loadConfig(
    { port: 0, databaseUrl: url, logLevel: 'silent', autoSimulate: false, webDist: '/nonexistent' },
    {},
  )
  const running = await startServer(config, { seedIfEmpty: true, seedUsers: 0 })
  try {
    const { deps } = running
    const durationMs = Number(options.duration ?? 10) * 1000
    const { plan } = await setup(running, 'league_night', 20, 12, 0, durationMs)
    const admin = await deps.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow()
    const ttl = { accessTokenTtlMs: 86_400_000, refreshTokenTtlMs: 86_400_000 }
    const adminToken = (await issueTokenPair(deps.db, { userId: admin.id, clientId: 'cli' }, ttl, Date.now()))
      .access_token
    const watcher = plan.rooms[0]?.managers[0]?.token as string
    const now = deps.clock.now()
    const match = await deps.db
      .selectFrom('matches as m')
      .innerJoin('sports as s', 's.id', 'm.sport_id')
      .select(['m.id', 'm.format'])
      .where('s.slug', '=', 'cricket')
      .where('m.status', '=', 'upcoming')
      .where('m.format', '=', 'T20')
      .orderBy('m.event_time_ms', 'desc')
      .executeTakeFirstOrThrow()
    const events = await simulatedEvents(deps.db, match, now, `bench:cluster:${match.id}`)
    const call = async (path: string, body: unknown) => {
      const res = await fetch(`${running.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
    }
    await call(`/api/admin/matches/${match.id}/start`, {})
    await call('/api/admin/clock', { paused: true })
    return {
      template: new URL(url).pathname.slice(1),
      auction: plan,
      fanout: {
        token: watcher,
        adminToken,
        matchId: match.id,
        subscribers: Number(options.subscribers ?? 5000),
        eventsPerSecond: Number(options['events-per-s'] ?? 4),
        durationMs,
        events,
      },
    }
  } finally {
    await running.close()
  }
}

type Cpu = { nodeUs: number; postgresUs: number }

/**
 * Runs a loader child on `run`'s nodes and measures, between its `start` and `end` marks
 * (child-figures.ts), the CPU the nodes and the PostgreSQL processes of their database spent.
 */
async function runChild(
  script: string,
  plan: unknown,
  dir: string,
  run: Run,
): Promise<{ figures: Record<string, number | string>; cpu: Cpu }> {
  const file = join(dir, `plan-${Date.now()}-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify(plan))
  const window = cpuWindow(run.pids, run.databaseUrl)
  let opened: Promise<void> | undefined
  let closed: Promise<Cpu> | undefined
  const figures = await childFigures(
    process.execPath,
    ['--import', 'tsx', here(script), file],
    script,
    (line) => {
      if (line === 'start') opened = window.start()
      if (line === 'end') closed = (opened ?? Promise.resolve()).then(() => window.stop())
    },
  )
  if (!closed) throw new Error(`${script} never closed its measuring window`)
  return { figures, cpu: await closed }
}

/**
 * Cached reads on every node at once: one HTTP loader per node (10 connections each, a signed-in
 * manager reading `GET /api/me` and the contest list), the CPU window from the first loader's
 * start to the last one's end.
 */
async function runReads(
  run: Run,
  token: string,
  durationMs: number,
): Promise<{ rps: number; requests: number; cpu: Cpu }> {
  const window = cpuWindow(run.pids, run.databaseUrl)
  let starts = 0
  let ends = 0
  let opened: Promise<void> | undefined
  let closed: Promise<Cpu> | undefined
  const loads = run.urls.map((url) => {
    const plan: LoaderPlan = {
      url,
      paths: ['/api/me', '/api/contests'],
      headers: { authorization: `Bearer ${token}`, 'x-fanspole-client': 'web' },
      connections: 10,
      durationMs,
      warmupMs: 1000,
    }
    return childFigures<LoaderResult>(
      process.execPath,
      ['--import', 'tsx', here('./http-loader.ts'), JSON.stringify(plan)],
      'http-loader',
      (line) => {
        if (line === 'start' && ++starts === 1) opened = window.start()
        if (line === 'end' && ++ends === run.urls.length)
          closed = (opened ?? Promise.resolve()).then(() => window.stop())
      },
    )
  })
  const results = await Promise.all(loads)
  if (!closed) throw new Error('the readers never closed their measuring window')
  const bad = results.reduce((n, r) => n + r.bad_status + r.socket_errors, 0)
  if (bad > 0) throw new Error(`${bad} reads failed`)
  return {
    rps: results.reduce((n, r) => n + r.rps, 0),
    requests: results.reduce((n, r) => n + r.requests, 0),
    cpu: await closed,
  }
}

interface Run {
  urls: string[]
  pids: number[]
  databaseUrl: string
  close(): Promise<void>
}

/** `count` server processes on a fresh copy of the template; the caller stops them. */
async function cluster(server: string, prepared: Prepared, count: number): Promise<Run> {
  const url = await createScratchDatabase(server, { prefix: PREFIX, template: prepared.template })
  const nodes: ChildServer[] = []
  for (let i = 0; i < count; i++) nodes.push(await spawnServer({ databaseUrl: url }))
  return {
    urls: nodes.map((n) => n.url),
    pids: nodes.map((n) => n.pid),
    databaseUrl: url,
    async close() {
      await Promise.all(nodes.map((n) => n.stop()))
      await dropDatabase(url)
    },
  }
}

/**
 * The same two loads on one, two and three server processes sharing one
 * PostgreSQL database, each node count on a fresh copy of one prepared database, the loaders
 * in processes of their own and their connections spread round-robin over the nodes:
 * league night — the auction bench's 20 rooms × 12 managers outbidding each other over
 * `/cable` (bids/s, p99 from a bid's send to the last subscriber of its room);
 * match fan-out — 5,000 `MatchChannel` subscribers while balls are posted at a fixed rate
 * (delivered messages/s, p99 from a ball's POST to each subscriber's receipt);
 * cached reads — one HTTP loader per node (`GET /api/me` and the contest list).
 * For each, the CPU the nodes and the database's PostgreSQL processes spent in the measured
 * window (process-cpu.ts), per bid, per ball broadcast and per read.
 * `--nodes 1,2,3`, `--duration S` (10), `--subscribers N` (5000), `--events-per-s N` (4),
 * `--database URL` (else DATABASE_URL, FANSPOLE_TEST_POSTGRES, or the local cluster on 5432).
 */
export async function clusterBench(options: BenchOptions): Promise<Record<string, unknown>> {
  const server =
    (typeof options.database === 'string' ? options.database : undefined) ??
    process.env.DATABASE_URL ??
    process.env.FANSPOLE_TEST_POSTGRES ??
    'postgres://fanspole:fanspole@127.0.0.1:5432/postgres'
  const counts = String(options.nodes ?? '1,2,3')
    .split(',')
    .map(Number)
  const dir = mkdtempSync(join(tmpdir(), 'fanspole-cluster-bench-'))
  const prepared = await prepare(server, options)
  const lines: Array<Record<string, unknown>> = []
  try {
    for (const count of counts) {
      const auctionRun = await cluster(server, prepared, count)
      let auction: Awaited<ReturnType<typeof runChild>>
      try {
        auction = await runChild(
          './auction-loader.ts',
          { ...prepared.auction, urls: auctionRun.urls },
          dir,
          auctionRun,
        )
      } finally {
        await auctionRun.close()
      }
      const fanoutRun = await cluster(server, prepared, count)
      let fanout: Awaited<ReturnType<typeof runChild>>
      try {
        fanout = await runChild(
          './cluster-fanout.ts',
          { ...prepared.fanout, urls: fanoutRun.urls },
          dir,
          fanoutRun,
        )
      } finally {
        await fanoutRun.close()
      }
      const readRun = await cluster(server, prepared, count)
      let reads: Awaited<ReturnType<typeof runReads>>
      try {
        reads = await runReads(readRun, prepared.fanout.token, prepared.fanout.durationMs)
      } finally {
        await readRun.close()
      }
      console.log(`  ${count} node(s) league night: ${JSON.stringify(auction)}`)
      console.log(`  ${count} node(s) fan-out: ${JSON.stringify(fanout)}`)
      console.log(`  ${count} node(s) cached reads: ${JSON.stringify(reads)}`)
      const line = clusterLine(count, auction, fanout, reads)
      console.log(JSON.stringify(line))
      lines.push(line)
    }
  } finally {
    await dropDatabase(databaseUrlFor(server, prepared.template))
    rmSync(dir, { recursive: true, force: true })
  }
  const first = lines[0] as Record<string, number>
  // Projected from the costs measured on one node (the first line), where nodes do not compete.
  const projected = first.nodes === 1 ? projections(first as unknown as UnitCosts) : []
  if (projected.length > 0) {
    console.log("  projected from one node's costs (2 cores a node):")
    for (const p of projected)
      console.log(
        `    ${p.nodes} node(s), PostgreSQL ${p.postgres_cores} cores: ${p.reads_per_s} cached reads/s (${p.reads_limited_by}), ${p.bids_per_s} bids/s (${p.bids_limited_by}), ${p.delivered_per_s} messages/s delivered, ${p.broadcasts_per_s} broadcasts/s`,
      )
  }
  return {
    projected,
    by_nodes: lines,
    reads_per_s_scaling: lines.map((l) => round2(Number(l.reads_per_s) / Number(first.reads_per_s))),
    bids_per_s_scaling: lines.map((l) => round2(Number(l.bids_per_s) / Number(first.bids_per_s))),
    delivered_per_s_scaling: lines.map((l) =>
      round2(Number(l.delivered_per_s) / Number(first.delivered_per_s)),
    ),
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100
const perOp = (us: number, ops: number) => (ops > 0 ? Math.round((us / ops) * 10) / 10 : null)

/** One node count's figures, with the CPU each bid, ball and read cost in node and in PostgreSQL. */
function clusterLine(
  count: number,
  { figures: auction, cpu: auctionCpu }: Awaited<ReturnType<typeof runChild>>,
  { figures: fanout, cpu: fanoutCpu }: Awaited<ReturnType<typeof runChild>>,
  reads: Awaited<ReturnType<typeof runReads>>,
) {
  const accepted = Number(auction.accepted)
  const balls = Number(fanout.events_posted)
  return {
    nodes: count,
    // Every accepted bid reached its whole room, every ball was taken and reached every
    // subscriber: otherwise the figures measure a broken cluster, not a working one.
    complete:
      auction.measured === auction.accepted &&
      accepted > 0 &&
      fanout.events_failed === 0 &&
      fanout.event_receipts === fanout.event_receipts_expected,
    bids_per_s: auction.bids_per_s,
    // Accepted bids every subscriber of the room received (the latency sample): below
    // `bids_accepted` means some subscriber never got a bid.
    bids_accepted: accepted,
    bids_seen_by_whole_room: auction.measured,
    bid_p50_ms: auction.p50_ms,
    bid_p99_ms: auction.p99_ms,
    bids_refused: auction.refused,
    bids_out_of_order: auction.out_of_order,
    // CPU per accepted bid, all nodes together / the PostgreSQL processes of the database.
    // (The racing bids refused meanwhile are part of each accepted bid's cost: league night's
    // managers all answer every bid; `*_per_bid_command` divides by every bid sent instead.)
    node_us_per_bid: perOp(auctionCpu.nodeUs, accepted),
    postgres_us_per_bid: perOp(auctionCpu.postgresUs, accepted),
    node_us_per_bid_command: perOp(auctionCpu.nodeUs, accepted + Number(auction.refused)),
    postgres_us_per_bid_command: perOp(auctionCpu.postgresUs, accepted + Number(auction.refused)),
    subscribers: fanout.subscribers,
    events_posted: balls,
    events_failed: fanout.events_failed,
    delivered_per_s: fanout.delivered_per_s,
    delivery_p50_ms: fanout.p50_ms,
    delivery_p99_ms: fanout.p99_ms,
    event_receipts: fanout.event_receipts,
    event_receipts_expected: fanout.event_receipts_expected,
    fanout_out_of_order: fanout.out_of_order,
    // CPU per ball posted (a broadcast to every subscriber, two messages each) and per message delivered.
    node_us_per_broadcast: perOp(fanoutCpu.nodeUs, balls),
    postgres_us_per_broadcast: perOp(fanoutCpu.postgresUs, balls),
    node_us_per_delivered_message: perOp(fanoutCpu.nodeUs, Number(fanout.delivered)),
    reads_per_s: Math.round(reads.rps),
    node_us_per_read: perOp(reads.cpu.nodeUs, reads.requests),
    postgres_us_per_read: perOp(reads.cpu.postgresUs, reads.requests),
  }
}
