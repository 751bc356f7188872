import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hashPassword } from '../../server/areas/auth/passwords'
import { issueTokenPair } from '../../server/areas/auth/tokens'
import { createGroup } from '../../server/areas/groups/service'
import { insertUser } from '../../server/areas/users/service'
import { loadConfig } from '../../server/core/config'
import type { Deps } from '../../server/core/deps'
import { startServer } from '../../server/main'
import { startChatBaseline } from './chat-baseline'
import type { ChatPlan } from './chat-loader'
import { childFigures } from './child-figures'
import { median, round2, roundOrder, type Side } from './rounds'
import type { BenchOptions } from './run'
import { watched } from './server-watch'

const LOADER = fileURLToPath(new URL('./chat-loader.ts', import.meta.url))

/**
 * With `taskset` and two CPUs or more, the server (this process, every thread) runs on CPU 0
 * and the loader on CPU 1, as the other benches and docs/performance.md do: the two never
 * take turns on one core, so the loader's own work does not show up as server latency.
 */
function pinServer(): boolean {
  if (availableParallelism() < 2) return false
  try {
    execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

function runLoader(
  plan: ChatPlan,
  dir: string,
  pinned: boolean,
  onMark?: (mark: string) => void,
): Promise<Record<string, number>> {
  const file = join(dir, `plan-${Date.now()}.json`)
  writeFileSync(file, JSON.stringify(plan))
  const node = [process.execPath, '--import', 'tsx', LOADER, file]
  return childFigures(
    pinned ? 'taskset' : (node[0] as string),
    pinned ? ['-c', '1', ...node] : node.slice(1),
    'chat loader',
    onMark,
  )
}

interface Member {
  id: number
  slug: string
  token: string
}

async function members(deps: Deps, prefix: string, n: number, passwordHash: string): Promise<Member[]> {
  const users: Member[] = []
  for (let i = 0; i < n; i++) {
    const u = await insertUser(deps.db, {
      email: `${prefix}${i}@bench.test`,
      username: `${prefix}${i}`,
      passwordHash,
      emailVerified: true,
      nowMs: deps.clock.now(),
    })
    const pair = await issueTokenPair(deps.db, { userId: u.id, clientId: 'web' }, deps.config, Date.now())
    users.push({ id: u.id, slug: u.slug, token: pair.access_token })
  }
  return users
}

async function groupOf(deps: Deps, name: string, users: Member[]): Promise<string> {
  const [owner, ...rest] = users
  if (!owner) throw new Error('no members')
  return createGroup(deps, owner.id, { name, member_slugs: rest.map((u) => u.slug) })
}

/**
 * Load 1's line: medians over rounds of the server's delivery (POST to the last of the group's
 * sockets) and event-loop delay, the bare baseline's beside them, and the targets: p99 ≤ 25 ms
 * and ≤ 1.5× the baseline's p99.
 */
function oneGroupLine(
  size: number,
  rounds: number,
  first: Side[],
  real: Array<Record<string, number>>,
  bare: Array<Record<string, number>>,
) {
  const mid = (xs: Array<Record<string, number>>, key: string) =>
    round2(median(xs.map((x) => Number(x[key]))))
  const p99 = mid(real, 'p99_ms')
  const baseP99 = mid(bare, 'p99_ms')
  const overBaseline = round2(p99 / baseP99)
  return {
    load: 'one_big_group',
    members: size,
    rounds,
    first,
    p50_ms: mid(real, 'p50_ms'),
    p99_ms: p99,
    p99_each: real.map((x) => x.p99_ms),
    post_answer_p99_ms: mid(real, 'post_answer_p99_ms'),
    server_cpu_pct: mid(real, 'server_cpu_pct'),
    cpu_us_per_message: mid(real, 'cpu_us_per_message'),
    server_loop_delay_p99_ms: mid(real, 'server_loop_delay_p99_ms'),
    server_loop_delay_max_ms: mid(real, 'server_loop_delay_max_ms'),
    baseline_p50_ms: mid(bare, 'p50_ms'),
    baseline_p99_ms: baseP99,
    baseline_p99_each: bare.map((x) => x.p99_ms),
    baseline_cpu_pct: mid(bare, 'server_cpu_pct'),
    baseline_cpu_us_per_message: mid(bare, 'cpu_us_per_message'),
    baseline_loop_delay_p99_ms: mid(bare, 'server_loop_delay_p99_ms'),
    p99_over_baseline: overBaseline,
    target_p99_ms: 25,
    target_over_baseline: 1.5,
    pass: p99 <= 25 && (bare.length === 0 || overBaseline <= 1.5),
  }
}

/**
 * The chat load (docs/groups.md, "Performance"). The real server on SQLite in this process,
 * the loader in a process of its own.
 *
 * First load: one group of `--members` (500) all subscribed to GroupChannel, messages sent over
 * HTTP at `--rate` (50/s) for `--duration` seconds (10) after `--warmup` seconds (1) not counted, members taking turns (each far under
 * the sending limit) → p50/p95/p99 from the POST to the last subscriber (target p99 ≤ 25 ms).
 *
 * Second load: `--groups` (200) groups of `--size` (10), every member subscribed, every group
 * chatting at once over `speak` with one message in flight → `message` frames delivered per
 * second, against the bare `ws` baseline (chat-baseline.ts: the same frames, the same SQL, the
 * same database) in the same run, rounds interleaved (`--rounds`, 3), medians compared
 * (target ≥ 0.7×). `--load one|many` runs only one of them; `--pin no` leaves both processes
 * unpinned.
 */
export async function chatBench(options: BenchOptions): Promise<Record<string, unknown>> {
  const size1 = Number(options.members ?? 500)
  const rate = Number(options.rate ?? 50)
  const durationMs = Number(options.duration ?? 10) * 1000
  const groups = Number(options.groups ?? 200)
  const size2 = Number(options.size ?? 10)
  const rounds = Number(options.rounds ?? 3)
  const which = String(options.load ?? 'both')
  // `--dir /dev/shm`: the database in memory-backed files, so fsync costs nothing — to tell the
  // disk's share of the tail from the CPU's.
  const dir = mkdtempSync(
    join(typeof options.dir === 'string' ? options.dir : tmpdir(), 'fanspole-chat-bench-'),
  )
  const dbFile = join(dir, 'chat.sqlite')
  const figures: Record<string, unknown> = { database_dir: dir.slice(0, dir.lastIndexOf('/')) }
  try {
    const server = await startServer(
      loadConfig({ port: 0, dbFile, logLevel: 'silent', autoSimulate: false }, {}),
      { seedIfEmpty: false },
    )
    const { deps } = server
    const pinned = options.pin !== 'no' && pinServer()
    figures.pinned = pinned
    const passwordHash = await hashPassword('bench-password-1')

    if (which !== 'many') {
      const users = await members(deps, 'chat', size1, passwordHash)
      const uuid = await groupOf(deps, 'Bench group', users)
      // `--muted`: every member has the group muted (no notifications), to see what they cost.
      if (options.muted) await deps.db.updateTable('group_members').set({ is_muted: 1 }).execute()
      const tokens = new Map(users.map((u) => [u.token, u.id]))
      const plan = {
        load: 'one_big_group' as const,
        uuid,
        tokens: users.map((u) => u.token),
        messagesPerSecond: rate,
        warmupMs: Number(options.warmup ?? 1) * 1000,
        durationMs,
        ...(typeof options.dump === 'string' ? { dump: options.dump } : {}),
      }
      const only = options.baseline === 'no' ? 'server' : options.baseline === 'only' ? 'baseline' : undefined
      const sides = {
        server: [] as Array<Record<string, number>>,
        baseline: [] as Array<Record<string, number>>,
      }
      const first: Side[] = []
      for (let r = 0; r < rounds; r++) {
        first.push(roundOrder(r, only)[0] as Side)
        for (const side of roundOrder(r, only)) {
          const bare = side === 'baseline' ? await startChatBaseline(dbFile, tokens) : undefined
          const url = bare?.url ?? server.url
          const w = await watched((mark) =>
            runLoader({ ...plan, url, run: `r${r + 1}${side}` }, dir, pinned, mark),
          )
          await bare?.close()
          const perMessage = Math.round(w.cpuUs / Math.max(1, Number(w.result.messages)))
          sides[side].push({ ...w.result, ...w.server, cpu_us_per_message: perMessage })
          console.log(
            JSON.stringify({ load: 'one_big_group', server: side, round: r + 1, ...w.result, ...w.server }),
          )
        }
      }
      figures.one_big_group = oneGroupLine(size1, rounds, first, sides.server, sides.baseline)
      console.log(JSON.stringify(figures.one_big_group))
    }

    if (which !== 'one') {
      const plan: Array<{ uuid: string; tokens: string[] }> = []
      const tokens = new Map<string, number>()
      for (let g = 0; g < groups; g++) {
        const users = await members(deps, `many${g}x`, size2, passwordHash)
        for (const u of users) tokens.set(u.token, u.id)
        plan.push({ uuid: await groupOf(deps, `Group ${g}`, users), tokens: users.map((u) => u.token) })
      }
      let runs = 0
      const run = (url: string) =>
        runLoader(
          { load: 'many_groups', url, groups: plan, run: `r${++runs}`, warmupMs: 1000, durationMs: 5000 },
          dir,
          pinned,
        )
      const real: Array<Record<string, number>> = []
      const bare: Array<Record<string, number>> = []
      for (let r = 0; r < rounds; r++) {
        const { result, server: load } = await watched(() => run(server.url))
        real.push({ ...result, ...load })
        console.log(
          JSON.stringify({ load: 'many_groups', server: 'fanspole', round: r + 1, ...result, ...load }),
        )
        if (options.baseline === 'no') continue
        const baseline = await startChatBaseline(dbFile, tokens)
        const b = await watched(() => run(baseline.url))
        await baseline.close()
        bare.push({ ...b.result, ...b.server })
        console.log(
          JSON.stringify({ load: 'many_groups', server: 'bare_ws', round: r + 1, ...b.result, ...b.server }),
        )
      }
      const ours = median(real.map((x) => x.delivered_per_s as number))
      const floor = median(bare.map((x) => x.delivered_per_s as number))
      const ratio = Math.round((ours / floor) * 100) / 100
      figures.many_groups = {
        groups,
        members: size2,
        rounds,
        delivered_per_s: ours,
        baseline_delivered_per_s: floor,
        ratio,
        ratios: real.map(
          (x, i) =>
            Math.round(((x.delivered_per_s as number) / (bare[i]?.delivered_per_s as number)) * 100) / 100,
        ),
        messages_per_s: median(real.map((x) => x.messages_per_s as number)),
        baseline_messages_per_s: median(bare.map((x) => x.messages_per_s as number)),
        target_ratio: 0.7,
        pass: Number.isFinite(ratio) && ratio >= 0.7,
      }
    }
    await server.close()
    return figures
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
