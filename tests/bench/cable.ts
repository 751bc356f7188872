import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { issueTokenPair } from '../../server/areas/auth/tokens'
import { insertUser } from '../../server/areas/users/service'
import { loadConfig } from '../../server/core/config'
import { startServer } from '../../server/main'
import { type LineChild, spawnLineChild } from './child-lines'
import type { BenchOptions } from './run'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The servers run as `npm start` runs the product: bundled by esbuild (cli/build/bundle.mjs),
 * not through tsx, whose keepNames transform gives every named closure a property array
 * (a channel context's seven closures: 1.8 KB per subscription that production never has).
 * Written under dist/ so that packages resolve from the project's node_modules.
 */
async function bundleServer(): Promise<string> {
  const esbuild = await import('esbuild')
  const outfile = join(ROOT, 'dist', 'bench', 'cable-server.mjs')
  await esbuild.build({
    entryPoints: [here('cable-server.ts')],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
  })
  return outfile
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Memory = { heap_used: number; rss: number; external: number; array_buffers: number; cpu_us: number }
type Burst = {
  welcomed: number
  failed: number
  first_error: string
  p50_ms: number
  p95_ms: number
  p99_ms: number
  max_ms: number
}

/** `users` players, each with a long-lived access token: [token, user id] pairs, in a file for the children. */
export async function prepare(dir: string, users: number): Promise<{ dbFile: string; tokensFile: string }> {
  const dbFile = join(dir, 'cable.sqlite')
  const config = {
    port: 0,
    dbFile,
    logLevel: 'silent',
    autoSimulate: false,
    webDist: '/nonexistent',
  } as const
  const server = await startServer(loadConfig(config, {}), { seedIfEmpty: false })
  const ttl = { accessTokenTtlMs: 86_400_000, refreshTokenTtlMs: 86_400_000 }
  const now = Date.now()
  const pairs = await server.deps.db.transaction().execute(async (tx) => {
    const out: Array<[string, number]> = []
    for (let i = 0; i < users; i++) {
      const username = `cable${i}`
      const user = await insertUser(tx, {
        email: `${username}@example.test`,
        username,
        passwordHash: 'not-a-hash',
        emailVerified: true,
        nowMs: now,
      })
      out.push([
        (await issueTokenPair(tx, { userId: user.id, clientId: 'web' }, ttl, now)).access_token,
        user.id,
      ])
    }
    return out
  })
  await server.close()
  const tokensFile = join(dir, 'tokens.json')
  writeFileSync(tokensFile, JSON.stringify(pairs))
  return { dbFile, tokensFile }
}

interface SideFigures {
  burst: Burst
  /** Server CPU time per socket of the burst (handshake, authentication, welcome), µs. */
  connectCpuUs: number
  /** Server CPU time per subscription (subscribe, channel's query, confirm and first frame), µs. */
  subscribeCpuUs: number
  idle: Memory
  subscribed: Memory
  confirmed: number
}

/**
 * One side of one round: its server in a process of its own, the clients in another. A warm-up
 * (connect, subscribe, close a few hundred) loads the code paths first; memory is read after
 * garbage collection before the burst, with every socket open and idle, and with every socket
 * subscribed; the figures are the differences divided by the sockets welcomed.
 */
async function side(
  kind: 'product' | 'baseline',
  files: { dbFile: string; tokensFile: string },
  n: number,
  warmup: number,
): Promise<SideFigures> {
  const server = spawnLineChild(
    [
      '--expose-gc',
      '--import',
      'tsx',
      here('cable-server.ts'),
      kind,
      kind === 'product' ? files.dbFile : files.tokensFile,
    ],
    `${kind} server`,
  )
  let loader: LineChild | undefined
  try {
    const { url } = await server.ask<{ url: string }>('url')
    loader = spawnLineChild(
      ['--import', 'tsx', here('cable-loader.ts'), url, files.tokensFile],
      `${kind} loader`,
    )
    await loader.ask(`connect ${warmup}`)
    await loader.ask('subscribe')
    await loader.ask('close')
    await sleep(500)
    const before = await server.ask<Memory>('mem')
    const burst = await loader.ask<Burst>(`connect ${n}`)
    await sleep(1000)
    const idle = await server.ask<Memory>('mem')
    const { confirmed } = await loader.ask<{ confirmed: number }>('subscribe')
    await sleep(1000)
    const subscribed = await server.ask<Memory>('mem')
    await loader.ask('close')
    const per = (m: Memory, count: number): Memory => ({
      heap_used: (m.heap_used - before.heap_used) / count,
      rss: (m.rss - before.rss) / count,
      external: (m.external - before.external) / count,
      array_buffers: (m.array_buffers - before.array_buffers) / count,
      cpu_us: (m.cpu_us - before.cpu_us) / count,
    })
    return {
      burst,
      // Each window's CPU includes one garbage collection (the measurement's), on both sides.
      connectCpuUs: (idle.cpu_us - before.cpu_us) / burst.welcomed,
      subscribeCpuUs: (subscribed.cpu_us - idle.cpu_us) / Math.max(1, confirmed),
      idle: per(idle, burst.welcomed),
      subscribed: per(subscribed, burst.welcomed),
      confirmed,
    }
  } finally {
    await loader?.stop()
    await server.stop()
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10
/** "median (min–max)" of a figure over the rounds. */
const spread = (xs: number[], unit: (x: number) => number) =>
  `${unit(median(xs))} (${unit(Math.min(...xs))}–${unit(Math.max(...xs))})`

/**
 * Connections (`npm run bench -- cable`): 10,000 `/cable` sockets opened at once against the
 * real server and against a bare `ws` server speaking the same frames (baseline-cable.ts),
 * each in a process of its own, alternating which goes first: welcome latency of the burst
 * (p50/p95/p99 from each socket's creation), then memory per connection (heap after GC, and
 * RSS) idle and with one NotificationsChannel subscription each, and the server's CPU time
 * per connect and per subscribe (steadier than latency on a loaded machine).
 * `--connections N` (10000), `--rounds N` (3), `--warmup N` (500). The bare server listens with
 * node's default backlog (511); the product with its configured one (`cable.listenBacklog`).
 */
// Long: one run of rounds and its report, figures and table in one place
export async function cableBench(options: BenchOptions): Promise<Record<string, unknown>> {
  const n = Number(options.connections ?? 10_000)
  const rounds = Number(options.rounds ?? 3)
  const warmup = Number(options.warmup ?? 500)
  const dir = mkdtempSync(join(tmpdir(), 'fanspole-bench-cable-'))
  const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8').trim())
  console.log(
    `preparing ${n} users and tokens; net.core.somaxconn = ${somaxconn}; load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  )
  const files = { ...(await prepare(dir, n)), serverBundle: await bundleServer() }
  const runs: Record<'product' | 'baseline', SideFigures[]> = { product: [], baseline: [] }
  try {
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? (['product', 'baseline'] as const) : (['baseline', 'product'] as const)
      for (const kind of order) {
        const figures = await side(kind, files, n, warmup)
        runs[kind].push(figures)
        const { burst, idle, subscribed } = figures
        console.log(
          `round ${r + 1} ${kind}: welcomed ${burst.welcomed}/${n} (failed ${burst.failed}${burst.first_error ? `: ${burst.first_error}` : ''}), ` +
            `welcome p50/p95/p99 ${burst.p50_ms}/${burst.p95_ms}/${burst.p99_ms} ms; per connection idle heap ${kb(idle.heap_used)} KB rss ${kb(idle.rss)} KB, ` +
            `subscribed (${figures.confirmed}) heap ${kb(subscribed.heap_used)} KB rss ${kb(subscribed.rss)} KB`,
        )
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const pick = (kind: 'product' | 'baseline', f: (s: SideFigures) => number) => runs[kind].map(f)
  const figure = (f: (s: SideFigures) => number) => ({
    product: median(pick('product', f)),
    baseline: median(pick('baseline', f)),
  })
  const rows: Array<[string, (s: SideFigures) => number, (x: number) => number, string]> = [
    ['idle heap per connection', (s) => s.idle.heap_used, kb, 'KB'],
    ['idle RSS per connection', (s) => s.idle.rss, kb, 'KB'],
    ['subscribed heap per connection', (s) => s.subscribed.heap_used, kb, 'KB'],
    ['subscribed RSS per connection', (s) => s.subscribed.rss, kb, 'KB'],
    ['server CPU per connect', (s) => s.connectCpuUs, Math.round, 'µs'],
    ['server CPU per subscribe', (s) => s.subscribeCpuUs, Math.round, 'µs'],
    ['welcome p50', (s) => s.burst.p50_ms, (x) => x, 'ms'],
    ['welcome p95', (s) => s.burst.p95_ms, (x) => x, 'ms'],
    ['welcome p99', (s) => s.burst.p99_ms, (x) => x, 'ms'],
  ]
  console.log(`| ${n.toLocaleString('en')} connections | product | bare ws | ratio |`)
  for (const [label, f, unit, suffix] of rows) {
    const m = figure(f)
    console.log(
      `| ${label} | ${spread(pick('product', f), unit)} ${suffix} | ${spread(pick('baseline', f), unit)} ${suffix} | ${(m.product / m.baseline).toFixed(2)} |`,
    )
  }
  const ratio = (f: (s: SideFigures) => number) =>
    Math.round((figure(f).product / figure(f).baseline) * 100) / 100
  console.log(
    `load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  )
  return {
    connections: n,
    rounds,
    somaxconn,
    idle_heap_kb: kb(figure((s) => s.idle.heap_used).product),
    idle_heap_kb_baseline: kb(figure((s) => s.idle.heap_used).baseline),
    idle_heap_ratio: ratio((s) => s.idle.heap_used),
    idle_rss_kb: kb(figure((s) => s.idle.rss).product),
    idle_rss_kb_baseline: kb(figure((s) => s.idle.rss).baseline),
    idle_rss_ratio: ratio((s) => s.idle.rss),
    subscribed_heap_kb: kb(figure((s) => s.subscribed.heap_used).product),
    subscribed_heap_kb_baseline: kb(figure((s) => s.subscribed.heap_used).baseline),
    subscribed_heap_ratio: ratio((s) => s.subscribed.heap_used),
    subscribed_rss_kb: kb(figure((s) => s.subscribed.rss).product),
    subscribed_rss_kb_baseline: kb(figure((s) => s.subscribed.rss).baseline),
    subscribed_rss_ratio: ratio((s) => s.subscribed.rss),
    connect_cpu_us: Math.round(figure((s) => s.connectCpuUs).product),
    connect_cpu_us_baseline: Math.round(figure((s) => s.connectCpuUs).baseline),
    subscribe_cpu_us: Math.round(figure((s) => s.subscribeCpuUs).product),
    subscribe_cpu_us_baseline: Math.round(figure((s) => s.subscribeCpuUs).baseline),
    welcome_p50_ms: figure((s) => s.burst.p50_ms).product,
    welcome_p95_ms: figure((s) => s.burst.p95_ms).product,
    welcome_p99_ms: figure((s) => s.burst.p99_ms).product,
    welcome_p95_ms_baseline: figure((s) => s.burst.p95_ms).baseline,
    welcome_p95_ratio: ratio((s) => s.burst.p95_ms),
    load_average: loadavg()[0],
  }
}
