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
import { median, round2, roundOrder, type Side } from './rounds'
import type { BenchOptions } from './run'
import { watched } from './server-watch'

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

function runLoader(
  plan: LoadPlan,
  dir: string,
  onMark?: (mark: string) => void,
): Promise<Record<string, number | string>> {
  const file = join(dir, `plan-${plan.load}-${Date.now()}.json`)
  writeFileSync(file, JSON.stringify(plan))
  return childFigures(process.execPath, ['--import', 'tsx', LOADER, file], 'loader', onMark)
}

const serverConfig = (dbFile: string) =>
  loadConfig({ port: 0, dbFile, logLevel: 'silent', autoSimulate: false }, {})

type Load = { load: LoadPlan['load']; rooms: number; managers: number; watchers: number }

const LOADS: Load[] = [
  { load: 'classroom', rooms: 1, managers: 10, watchers: 240 },
  { load: 'league_night', rooms: 20, managers: 12, watchers: 0 },
]

/**
 * One side of a round on fresh databases: the real server with its rooms, or the same rooms
 * prepared by the real server on a second database and then served by the bare baseline. The
 * loader runs in its own process; the server (or baseline) in this one, so its CPU while the
 * loader runs is this process's.
 */
async function measure(side: Side, l: Load, dir: string, run: string, durationMs: number) {
  const file = join(dir, `${l.load}-${run}-${side}.sqlite`)
  const prep = await startServer(serverConfig(file), { seedIfEmpty: true })
  const s = await setup(prep, l.load, l.rooms, l.managers, l.watchers, durationMs)
  if (side === 'server') {
    const w = await watched((mark) => runLoader(s.plan, dir, mark))
    await prep.close()
    return { ...w.result, ...perBid(w, w.result) }
  }
  await prep.close()
  const baseline = await startBaseline(file, s.tokens)
  const w = await watched((mark) => runLoader({ ...s.plan, url: baseline.url }, dir, mark))
  await baseline.close()
  return { ...w.result, ...perBid(w, w.result) }
}

function perBid(
  w: { cpuUs: number; server: Record<string, number> },
  figures: Record<string, number | string>,
) {
  return { cpu_us_per_bid: Math.round(w.cpuUs / Math.max(1, Number(figures.accepted))), ...w.server }
}

/**
 * Two loads, each in `--rounds` (3) rounds against the real server and the bare baseline with
 * the same rooms, the two taking turns at going first (`roundOrder`):
 * classroom — one auction, 250 subscribers, 50 bids/s, bid sent → received by every subscriber;
 * league night — 20 auctions × 12 managers outbidding each other as fast as they can.
 * Medians over rounds; `ratio` is the median of the per-round ratios. `--load classroom|league_night`
 * runs one; `--baseline no|only` one side alone (to profile it).
 */
// Long: one loop of rounds and sides, then the one line of medians each load reports
export async function auctionBench(options: BenchOptions): Promise<Record<string, unknown>> {
  const durationMs = Number(options.duration ?? 10) * 1000
  const rounds = Number(options.rounds ?? 3)
  const only: Side | undefined =
    options.baseline === 'no' ? 'server' : options.baseline === 'only' ? 'baseline' : undefined
  const dir = mkdtempSync(join(tmpdir(), 'fanspole-auction-bench-'))
  const results: Record<string, unknown> = {}
  try {
    for (const l of LOADS.filter((x) => options.load === undefined || options.load === x.load)) {
      const real: Array<Record<string, number | string>> = []
      const bare: Array<Record<string, number | string>> = []
      const order: Side[][] = []
      for (let r = 0; r < rounds; r++) {
        order.push(roundOrder(r, only))
        for (const side of roundOrder(r, only)) {
          const figures = await measure(side, l, dir, `r${r + 1}`, durationMs)
          ;(side === 'server' ? real : bare).push(figures)
          console.log(`  ${l.load} round ${r + 1} ${side}: ${JSON.stringify(figures)}`)
        }
      }
      const mid = (xs: typeof real, key: string) => round2(median(xs.map((x) => Number(x[key]))))
      const ratios = real.map((x, i) => round2(Number(x.bids_per_s) / Number(bare[i]?.bids_per_s)))
      const line = {
        load: l.load,
        rooms: real[0]?.rooms,
        subscribers: real[0]?.subscribers,
        rounds,
        first: order.map((o) => o[0]),
        bids_per_s: mid(real, 'bids_per_s'),
        p50_ms: mid(real, 'p50_ms'),
        p99_ms: mid(real, 'p99_ms'),
        cpu_us_per_bid: mid(real, 'cpu_us_per_bid'),
        loop_delay_p99_ms: mid(real, 'server_loop_delay_p99_ms'),
        baseline_bids_per_s: mid(bare, 'bids_per_s'),
        baseline_p99_ms: mid(bare, 'p99_ms'),
        baseline_cpu_us_per_bid: mid(bare, 'cpu_us_per_bid'),
        ratio: round2(median(ratios)),
        ratios,
        p99_over_baseline: round2(mid(real, 'p99_ms') / mid(bare, 'p99_ms')),
        out_of_order: [...real, ...bare].reduce((n, x) => n + Number(x.out_of_order), 0),
      }
      console.log(JSON.stringify(line))
      results[l.load] = line
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return results
}
