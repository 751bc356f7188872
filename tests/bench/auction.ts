import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAuction, startAuction } from '../../server/areas/auctions/lifecycle'
import { hashPassword } from '../../server/areas/auth/passwords'
import { issueTokenPair } from '../../server/areas/auth/tokens'
import { insertUser } from '../../server/areas/users/service'
import { loadConfig } from '../../server/core/config'
import { type RunningServer, startServer } from '../../server/main'
import { startBaseline } from './auction-baseline'
import type { LoadPlan } from './auction-loader'
import { childFigures } from './child-figures'
import type { BenchOptions } from './run'

const LOADER = fileURLToPath(new URL('./auction-loader.ts', import.meta.url))

interface Setup {
  plan: LoadPlan
  tokens: Map<string, { userId: number; managers: Map<number, number> }>
}

/**
 * Rooms on a fresh server: users made directly (one password hash for all), auctions through
 * the real service, managers seated and the auctions started, and an access token per user.
 * Purses are huge and lots two minutes long, so nothing but the load ends a lot.
 */
export async function setup(
  server: RunningServer,
  load: LoadPlan['load'],
  rooms: number,
  managersPerRoom: number,
  watchersPerRoom: number,
  durationMs: number,
): Promise<Setup> {
  const { deps } = server
  const passwordHash = await hashPassword('bench-password-1')
  const now = deps.clock.now()
  const match = await deps.db
    .selectFrom('matches as m')
    .innerJoin('sports as s', 's.id', 'm.sport_id')
    .select('m.id')
    .where('s.slug', '=', 'cricket')
    .where('m.status', '=', 'upcoming')
    .orderBy('m.event_time_ms')
    .executeTakeFirstOrThrow()
  const tokens: Setup['tokens'] = new Map()
  let n = 0
  const user = async () => {
    n++
    const u = await insertUser(deps.db, {
      email: `bench${n}@bench.test`,
      username: `bench${n}`,
      passwordHash,
      emailVerified: true,
      nowMs: now,
    })
    const pair = await issueTokenPair(deps.db, { userId: u.id, clientId: 'web' }, deps.config, Date.now())
    tokens.set(pair.access_token, { userId: u.id, managers: new Map() })
    return { id: u.id, token: pair.access_token }
  }
  const plan: LoadPlan = { load, url: server.url, durationMs, bidsPerSecond: 50, rooms: [] }
  for (let r = 0; r < rooms; r++) {
    const members = await Promise.all(Array.from({ length: managersPerRoom }, user))
    const owner = members[0] as { id: number; token: string }
    const auction = await createAuction(deps, owner.id, {
      name: `Bench ${load} ${r + 1}`,
      sport_slug: 'cricket',
      match_id: match.id,
      purse: 1_000_000_000,
      squad_min: 1,
      squad_max: 25,
      max_stars: null,
      balanced: false,
      lot_seconds: 120,
      bidding_interval: 'standard',
      charges: 0,
      starts_at_ms: null,
      private: false,
    })
    const managers: LoadPlan['rooms'][number]['managers'] = []
    for (const [i, m] of members.entries()) {
      const row = await deps.db
        .insertInto('auction_managers')
        .values({
          auction_id: auction.id,
          user_id: m.id,
          franchise_name: `Franchise ${i + 1}`,
          color: `c${i}`,
          status: 'approved',
          joined_at_ms: now,
          decided_at_ms: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      managers.push({ managerId: row.id, token: m.token })
      tokens.get(m.token)?.managers.set(auction.id, row.id)
    }
    await startAuction(deps, owner.id, auction.id)
    const watchers = await Promise.all(Array.from({ length: watchersPerRoom }, user))
    plan.rooms.push({ auctionId: auction.id, managers, watchers: watchers.map((w) => w.token) })
  }
  return { plan, tokens }
}

function runLoader(plan: LoadPlan, dir: string): Promise<Record<string, number | string>> {
  const file = join(dir, `plan-${plan.load}-${Date.now()}.json`)
  writeFileSync(file, JSON.stringify(plan))
  return childFigures(process.execPath, ['--import', 'tsx', LOADER, file], 'loader')
}

const serverConfig = (dbFile: string) =>
  loadConfig({ port: 0, dbFile, logLevel: 'silent', autoSimulate: false }, {})

/**
 * Two loads, each against the real server and then against the bare
 * baseline with the same rooms, the loader in its own process:
 * classroom — one auction, 250 subscribers, 50 bids/s, bid sent → received by every subscriber;
 * league night — 20 auctions × 12 managers outbidding each other as fast as they can.
 */
export async function auctionBench(options: BenchOptions): Promise<Record<string, unknown>> {
  const durationMs = Number(options.duration ?? 10) * 1000
  const dir = mkdtempSync(join(tmpdir(), 'fanspole-auction-bench-'))
  const loads: Array<{ load: LoadPlan['load']; rooms: number; managers: number; watchers: number }> = [
    { load: 'classroom', rooms: 1, managers: 10, watchers: 240 },
    { load: 'league_night', rooms: 20, managers: 12, watchers: 0 },
  ]
  const results: Record<string, unknown> = {}
  try {
    for (const l of loads) {
      const real = await startServer(serverConfig(join(dir, `${l.load}.sqlite`)), { seedIfEmpty: true })
      const s1 = await setup(real, l.load, l.rooms, l.managers, l.watchers, durationMs)
      const measured = await runLoader(s1.plan, dir)
      await real.close()

      // The same rooms on a second database, served by the baseline.
      const file = join(dir, `${l.load}-baseline.sqlite`)
      const prep = await startServer(serverConfig(file), { seedIfEmpty: true })
      const s2 = await setup(prep, l.load, l.rooms, l.managers, l.watchers, durationMs)
      await prep.close()
      const baseline = await startBaseline(file, s2.tokens)
      const floor = await runLoader({ ...s2.plan, url: baseline.url }, dir)
      await baseline.close()

      const line = {
        load: l.load,
        rooms: measured.rooms,
        subscribers: measured.subscribers,
        bids_per_s: measured.bids_per_s,
        p50_ms: measured.p50_ms,
        p99_ms: measured.p99_ms,
        baseline_bids_per_s: floor.bids_per_s,
        baseline_p99_ms: floor.p99_ms,
        out_of_order: Number(measured.out_of_order) + Number(floor.out_of_order),
      }
      console.log(`  server: ${JSON.stringify(measured)}`)
      console.log(`  baseline: ${JSON.stringify(floor)}`)
      console.log(JSON.stringify(line))
      results[l.load] = line
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return results
}
