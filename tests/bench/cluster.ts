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
import { simulatedEvents } from './match-events'
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

function runChild(script: string, plan: unknown, dir: string): Promise<Record<string, number | string>> {
  const file = join(dir, `plan-${Date.now()}-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify(plan))
  return childFigures(process.execPath, ['--import', 'tsx', here(script), file], script)
}

/** `count` server processes on a fresh copy of the template; the caller stops them. */
async function cluster(server: string, prepared: Prepared, count: number) {
  const url = await createScratchDatabase(server, { prefix: PREFIX, template: prepared.template })
  const nodes: ChildServer[] = []
  for (let i = 0; i < count; i++) nodes.push(await spawnServer({ databaseUrl: url }))
  return {
    urls: nodes.map((n) => n.url),
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
 * (delivered messages/s, p99 from a ball's POST to each subscriber's receipt).
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
      let auction: Record<string, number | string>
      try {
        auction = await runChild('./auction-loader.ts', { ...prepared.auction, urls: auctionRun.urls }, dir)
      } finally {
        await auctionRun.close()
      }
      const fanoutRun = await cluster(server, prepared, count)
      let fanout: Record<string, number | string>
      try {
        fanout = await runChild('./cluster-fanout.ts', { ...prepared.fanout, urls: fanoutRun.urls }, dir)
      } finally {
        await fanoutRun.close()
      }
      console.log(`  ${count} node(s) league night: ${JSON.stringify(auction)}`)
      console.log(`  ${count} node(s) fan-out: ${JSON.stringify(fanout)}`)
      const line = {
        nodes: count,
        // Every accepted bid reached its whole room, every ball was taken and reached every
        // subscriber: otherwise the figures measure a broken cluster, not a working one.
        complete:
          auction.measured === auction.accepted &&
          Number(auction.accepted) > 0 &&
          fanout.events_failed === 0 &&
          fanout.event_receipts === fanout.event_receipts_expected,
        bids_per_s: auction.bids_per_s,
        // Accepted bids every subscriber of the room received (the latency sample): below
        // `bids_accepted` means some subscriber never got a bid.
        bids_accepted: auction.accepted,
        bids_seen_by_whole_room: auction.measured,
        bid_p50_ms: auction.p50_ms,
        bid_p99_ms: auction.p99_ms,
        bids_refused: auction.refused,
        bids_out_of_order: auction.out_of_order,
        subscribers: fanout.subscribers,
        events_posted: fanout.events_posted,
        events_failed: fanout.events_failed,
        delivered_per_s: fanout.delivered_per_s,
        delivery_p50_ms: fanout.p50_ms,
        delivery_p99_ms: fanout.p99_ms,
        event_receipts: fanout.event_receipts,
        event_receipts_expected: fanout.event_receipts_expected,
        fanout_out_of_order: fanout.out_of_order,
      }
      console.log(JSON.stringify(line))
      lines.push(line)
    }
  } finally {
    await dropDatabase(databaseUrlFor(server, prepared.template))
    rmSync(dir, { recursive: true, force: true })
  }
  const first = lines[0] as Record<string, number>
  return {
    by_nodes: lines,
    bids_per_s_scaling: lines.map((l) => round2(Number(l.bids_per_s) / Number(first.bids_per_s))),
    delivered_per_s_scaling: lines.map((l) =>
      round2(Number(l.delivered_per_s) / Number(first.delivered_per_s)),
    ),
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100
