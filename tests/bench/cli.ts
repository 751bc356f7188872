import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { spawnServer } from '../helpers/child-server'
import type { BenchOptions } from './run'

const BIN = fileURLToPath(new URL('../../cli/bin/fanspole.mjs', import.meta.url))

/** GNU time, where installed: the CPU time of the process (user + system), which the machine's load moves less than its wall time. */
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined

interface Timed {
  ms: number
  cpuMs: number | undefined
  code: number | null
}

/** Wall time of one process from spawn to exit, its CPU time, and its exit code. */
function timed(args: string[], env: NodeJS.ProcessEnv, cpuFile: string): Promise<Timed> {
  const started = process.hrtime.bigint()
  const [file, argv] = GNU_TIME
    ? [GNU_TIME, ['-q', '-f', '%U %S', '-o', cpuFile, process.execPath, ...args]]
    : [process.execPath, args]
  const child = spawn(file, argv, { env, stdio: ['ignore', 'ignore', 'ignore'] })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      const [user, system] = GNU_TIME ? readFileSync(cpuFile, 'utf8').trim().split(' ').map(Number) : []
      const cpuMs = user === undefined || system === undefined ? undefined : (user + system) * 1000
      resolve({ ms, cpuMs, code })
    })
  })
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? 0
}
const ms = (x: number) => Math.round(x * 10) / 10

/**
 * `npm run bench -- cli [--runs 15]`: how long a command line takes from spawn to exit, beside
 * `node -e 0` (the floor: Node's own start) in the same run. Commands: `fanspole --help`,
 * `--version`, and three that talk to a server (a started server on a scratch database with
 * the demo league, signed in as the demo player): `match list`, `social feed`, `contest list`.
 * Each round runs every command once, in an order that turns by one each round; the figure is
 * the median of the rounds. Target (issue 29 item 7): each fanspole command ≤ 200 ms.
 */
export async function cliBench(options: BenchOptions): Promise<Record<string, unknown>> {
  const runs = Number(options.runs ?? 15)
  const home = mkdtempSync(join(tmpdir(), 'fanspole-bench-cli-'))
  const server = await spawnServer({ dbFile: join(home, 'bench.sqlite'), seedLeague: true })
  const env = { ...process.env, FANSPOLE_HOME: home, FANSPOLE_SERVER: server.url, NO_COLOR: '1' }
  try {
    // Builds the bundle if stale, and keeps the session for the commands that need one.
    const cpuFile = join(home, 'cpu.txt')
    const login = await timed(
      [BIN, 'login', '--email', 'demo@fanspole.local', '--password', 'demo-pass-2026'],
      env,
      cpuFile,
    )
    if (login.code !== 0) throw new Error('could not sign in as the demo player')
    const commands: Array<[string, string[]]> = [
      ['node -e 0', ['-e', '0']],
      ['fanspole --help', [BIN, '--help']],
      ['fanspole --version', [BIN, '--version']],
      ['fanspole match list', [BIN, 'match', 'list']],
      ['fanspole social feed', [BIN, 'social', 'feed']],
      ['fanspole contest list', [BIN, 'contest', 'list']],
    ]
    const times = new Map<string, number[]>(commands.map(([name]) => [name, []]))
    const cpu = new Map<string, number[]>(commands.map(([name]) => [name, []]))
    for (const [, args] of commands) await timed(args, env, cpuFile) // warm-up: disk cache, bundle
    for (let round = 0; round < runs; round++) {
      for (let i = 0; i < commands.length; i++) {
        const [name, args] = commands[(i + round) % commands.length] as [string, string[]]
        const { ms: took, cpuMs, code } = await timed(args, env, cpuFile)
        if (code !== 0) throw new Error(`${name} exited ${code}`)
        times.get(name)?.push(took)
        if (cpuMs !== undefined) cpu.get(name)?.push(cpuMs)
      }
    }
    const floor = median(times.get('node -e 0') ?? [])
    const cpuFloor = median(cpu.get('node -e 0') ?? [])
    const figures: Record<string, unknown> = {
      runs,
      node_floor_ms: ms(floor),
      node_floor_cpu_ms: ms(cpuFloor),
    }
    for (const [name, list] of times) {
      if (name === 'node -e 0') continue
      const m = median(list)
      const key = name
        .replace(/^fanspole /, '')
        .replace(/[^a-z]+/g, '_')
        .replace(/^_|_$/g, '')
      figures[`${key}_ms`] = ms(m)
      figures[`${key}_over_node`] = Math.round((m / floor) * 100) / 100
      const cpuMedian = median(cpu.get(name) ?? [])
      if (GNU_TIME) figures[`${key}_cpu_ms`] = ms(cpuMedian)
      console.log(
        `${name.padEnd(24)} median ${ms(m)} ms (min ${ms(Math.min(...list))}, max ${ms(Math.max(...list))}), ${(m / floor).toFixed(1)}× node -e 0 (${ms(floor)} ms)${GNU_TIME ? `; CPU ${ms(cpuMedian)} ms against ${ms(cpuFloor)}` : ''}; target ≤ 200 ms: ${m <= 200 ? 'met' : 'NOT met'}`,
      )
    }
    return figures
  } finally {
    await server.stop()
    rmSync(home, { recursive: true, force: true })
  }
}
