import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type BetterSqlite3 from 'better-sqlite3'
import { verifyLedger } from '../../server/areas/ledger/verify'
import { completeMatch } from '../../server/areas/match-day/complete'
import { ingestMatchEvents as ingestEvents } from '../../server/areas/match-day/ingest'
import { lockMatch } from '../../server/areas/match-day/lifecycle'
import { loadLive } from '../../server/areas/scoring/live'
import { hashString, randomStream } from '../../server/domain/rng'
import { simulateMatch } from '../../server/sim'
import { testWorld } from '../helpers/deps'
import { seedLeague, squadOf, upcomingMatch } from '../helpers/league'
import type { BenchOptions } from './run'
import { RankKernel } from './scoring-kernel'
import { seedBigMatch, spread } from './scoring-seed'
import { watch } from './scoring-watch'

const ms = (x: number) => Math.round(x * 1000) / 1000
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const sortNum = (xs: number[]) => [...xs].sort((a, b) => a - b)

/**
 * One T20 match with `--teams` (default 1,000,000) teams in a realistic lobby,
 * every ball ingested through the real path (validation, event + player scores + summary in
 * one fsync'd SQLite transaction on a WAL file, every team's total, every contest's ranks,
 * the standings pushes), then completion and settlement. A bare typed-array kernel repeats
 * each ball's delta-and-rank work on the same data right after it, as the limit baseline.
 */
export async function scoringBench(options: BenchOptions): Promise<Record<string, unknown>> {
  const teams = Number(options.teams ?? 1_000_000)
  if (!Number.isSafeInteger(teams) || teams < 1000)
    throw new Error(`--teams must be ≥ 1000, got ${options.teams}`)
  const seed = Number(options.seed ?? 2026)
  const dir = mkdtempSync(join(tmpdir(), 'fanspole-scoring-'))
  const world = await testWorld({ dbFile: join(dir, 'bench.sqlite'), seed, autoSimulate: false })
  const { deps } = world
  const sqlite = deps.dbHandle.sqlite as BetterSqlite3.Database
  const t0 = performance.now()
  await seedLeague(deps, seed)
  const match = await upcomingMatch(deps, 'cricket')
  if (match.format !== 'T20') throw new Error(`expected a T20 match, got ${match.format}`)
  const squad = await squadOf(deps, match.id)
  const seeded = await seedBigMatch(deps, match.id, squad, teams, randomStream(hashString(`bench:${seed}`)))
  const seedMs = performance.now() - t0
  console.log(
    `seeded ${seeded.users} users, ${seeded.teams} teams (${seeded.distinctXis} distinct XIs), ` +
      `${seeded.entries} entries in ${seeded.contests} contests: ${(seedMs / 1000).toFixed(1)} s`,
  )
  for (const tier of spread(teams))
    console.log(
      `  ${tier.count} × ${tier.name} (${tier.spots} seats, ₹${tier.feeRupees}, max ${tier.maxEntries}/user)`,
    )

  const l0 = performance.now()
  await lockMatch(deps, match.id, deps.clock.now())
  const lockMs = performance.now() - l0
  const b0 = performance.now()
  const live = await loadLive(deps, match.id)
  const loadMs = performance.now() - b0
  const k0 = performance.now()
  const playerIds = squad.map((p) => p.id)
  const kernel = new RankKernel(sqlite, match.id, playerIds)
  const kernelLoadMs = performance.now() - k0
  const memory = process.memoryUsage()
  console.log(
    `lock ${lockMs.toFixed(0)} ms; scoreboard load ${loadMs.toFixed(0)} ms; kernel load ${kernelLoadMs.toFixed(0)} ms`,
  )

  const watchers = watch(deps, sqlite, match.id, randomStream(hashString(`bench:watch:${seed}`)))
  const plan = simulateMatch({
    sportSlug: 'cricket',
    format: 'T20',
    startMs: deps.clock.now(),
    teams: [...new Set(squad.map((p) => p.real_team_id))]
      .sort((a, b) => a - b)
      .map((team_id) => ({ team_id, players: squad.filter((p) => p.real_team_id === team_id) })),
    rng: randomStream(hashString(`${seed}:sim:match:${match.id}`)),
  })

  const ball: number[] = []
  const other: number[] = []
  const published: number[] = []
  const base: number[] = []
  const values = new Int32Array(playerIds.length)
  const changed = new Int32Array(playerIds.length)
  for (const step of plan) {
    const s = performance.now()
    await ingestEvents(deps, match.id, [step.event], step.atMs)
    const ready = performance.now() - s
    // The standings pushes run after the commit, off the ingest's critical path; one macrotask
    // lets their whole chain finish (the SQLite driver answers synchronously).
    await new Promise((r) => setImmediate(r))
    published.push(performance.now() - s)
    ;(step.event.type === 'ball' ? ball : other).push(ready)

    // The baseline repeats this ball's delta-and-rank on its own arrays.
    let n = 0
    playerIds.forEach((id, p) => {
      const v = live.scorer.points(id)
      if (v !== kernel.points[p]) {
        changed[n] = p
        values[n++] = v
      }
    })
    const k = performance.now()
    kernel.ball(changed.subarray(0, n), values.subarray(0, n))
    if (step.event.type === 'ball') base.push(performance.now() - k)
  }
  watchers.stop()
  const mismatches = compareRanks(live, kernel, sqlite, match.id)

  const b = sortNum(ball)
  const k = sortNum(base)
  const p = sortNum(published)
  console.log(
    `per ball (${ball.length}): p50 ${pct(b, 50).toFixed(2)} ms, p95 ${pct(b, 95).toFixed(2)} ms; ` +
      `kernel p50 ${pct(k, 50).toFixed(2)} ms, p95 ${pct(k, 95).toFixed(2)} ms; ranks checked: ${mismatches} differ`,
  )

  // `--profile FILE`: a CPU profile of the settlement alone (open it in Chrome's DevTools).
  const profiler = typeof options.profile === 'string' ? await startProfile() : null
  const s0 = performance.now()
  const c0 = process.cpuUsage()
  const settlement = await completeMatch(deps, match.id)
  const settleMs = performance.now() - s0
  // CPU time of this process (user + system): steadier than the wall time on a shared machine,
  // though it leaves out the waits for fsync.
  const settleCpu = process.cpuUsage(c0)
  if (profiler) await profiler.stop(String(options.profile))
  console.log(
    `settled ${settlement.contests} contests, ${settlement.winners} winners in ${(settleMs / 1000).toFixed(2)} s ` +
      `(CPU ${((settleCpu.user + settleCpu.system) / 1e6).toFixed(2)} s)`,
  )
  const finalMismatches = compareRanks(null, kernel, sqlite, match.id)
  const v0 = performance.now()
  const ledger = await verifyLedger(deps.db)
  const verifyMs = performance.now() - v0

  await world.close()
  rmSync(dir, { recursive: true, force: true })
  const figures = {
    teams: seeded.teams,
    users: seeded.users,
    entries: seeded.entries,
    contests: seeded.contests,
    balls: ball.length,
    other_events: other.length,
    per_ball_p50_ms: ms(pct(b, 50)),
    per_ball_p95_ms: ms(pct(b, 95)),
    per_ball_max_ms: ms(b.at(-1) ?? 0),
    baseline_per_ball_ms: ms(pct(k, 50)),
    baseline_p95_ms: ms(pct(k, 95)),
    ratio_p50: ms(pct(b, 50) / pct(k, 50)),
    ratio_p95: ms(pct(b, 95) / pct(k, 95)),
    published_p95_ms: ms(pct(p, 95)),
    frames: watchers.frames(),
    settle_ms: ms(settleMs),
    settle_cpu_ms: ms((settleCpu.user + settleCpu.system) / 1000),
    settle_system_cpu_ms: ms(settleCpu.system / 1000),
    settled_contests: settlement.contests,
    winners: settlement.winners,
    paid_rupees: settlement.paid / 100,
    rank_mismatches: mismatches + finalMismatches,
    ledger_ok: ledger.ok,
    ledger_entries: ledger.entries,
    verify_ms: ms(verifyMs),
    load_ms: ms(loadMs),
    kernel_load_ms: ms(kernelLoadMs),
    lock_ms: ms(lockMs),
    seed_ms: ms(seedMs),
    rss_mb: Math.round(memory.rss / 2 ** 20),
    heap_mb: Math.round(memory.heapUsed / 2 ** 20),
    loadavg_1m: ms(loadavg()[0] ?? 0),
    cpus: cpus().length,
  }
  return figures
}

/** Every entry's rank, scoreboard (or stored member rows after settlement) against the kernel. */
function compareRanks(
  live: Awaited<ReturnType<typeof loadLive>> | null,
  kernel: RankKernel,
  sqlite: BetterSqlite3.Database,
  matchId: number,
): number {
  let bad = 0
  if (live) {
    const rows = sqlite
      .prepare(
        `select cm.contest_id, cm.id from contest_members cm join contests c on c.id = cm.contest_id
         where c.match_id = ? and c.status != 'cancelled' order by cm.contest_id, cm.id`,
      )
      .raw()
      .all(matchId) as Array<[number, number]>
    rows.forEach(([contest, member], i) => {
      if (live.board.standing(contest, member)?.rank !== kernel.entryRank[i]) bad++
    })
    return bad
  }
  const rows = sqlite
    .prepare(
      `select cm.rank from contest_members cm join contests c on c.id = cm.contest_id
       where c.match_id = ? and c.status != 'cancelled' order by cm.contest_id, cm.id`,
    )
    .raw()
    .all(matchId) as Array<[number]>
  rows.forEach(([rank], i) => {
    if (rank !== kernel.entryRank[i]) bad++
  })
  return bad
}

async function startProfile() {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  return {
    async stop(file: string) {
      const { profile } = await session.post('Profiler.stop')
      writeFileSync(file, JSON.stringify(profile))
      session.disconnect()
      console.log(`settlement profile: ${file}`)
    },
  }
}
