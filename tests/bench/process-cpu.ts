/**
 * CPU time of the processes a benchmark does not own: the server nodes it started, and the
 * PostgreSQL processes serving their database. Read from `/proc/<pid>/stat` (user + system
 * time in clock ticks, every thread), so a window's figure is what those processes spent,
 * whatever else the machine was doing. Linux only; elsewhere the figures are absent.
 */
import { readFileSync } from 'node:fs'
import pg from 'pg'

/** Clock ticks per second of /proc's figures: 100 on every Linux this runs on. */
const TICKS_PER_S = 100

/** User + system CPU of one process so far, in µs; undefined when it is gone or not Linux. */
export function processCpuUs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces), counted from state = field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return (ticks / TICKS_PER_S) * 1_000_000
  } catch {
    return undefined
  }
}

/** CPU per pid at one instant. */
export type CpuSample = Map<number, number>

export function sampleCpu(pids: Iterable<number>): CpuSample {
  const sample: CpuSample = new Map()
  for (const pid of pids) {
    const us = processCpuUs(pid)
    if (us !== undefined) sample.set(pid, us)
  }
  return sample
}

/**
 * CPU spent between two samples: each process alive at both ends by its difference, one that
 * appeared in between by all it has (a process that ended in between is not counted).
 */
export function cpuBetween(before: CpuSample, after: CpuSample): number {
  let total = 0
  for (const [pid, us] of after) total += us - (before.get(pid) ?? 0)
  return total
}

/**
 * The PostgreSQL processes that work for `databaseUrl`'s database: its sessions (the nodes'
 * pools, their LISTEN connections) and the server's own background processes (WAL writer,
 * checkpointer, …, shared by every database of the server). Asked of the server itself, so
 * the answer changes as sessions come and go: ask at both ends of a window.
 */
export async function postgresPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where (datname = current_database() or backend_type <> 'client backend')
          and pid <> pg_backend_pid()`,
    )
    return rows.map((r) => r.pid)
  } finally {
    await client.end()
  }
}

/** Node and PostgreSQL CPU over a window: call `start()` as it opens and `stop()` as it closes. */
export function cpuWindow(nodePids: number[], databaseUrl: string) {
  let node: CpuSample = new Map()
  let postgres: CpuSample = new Map()
  return {
    async start() {
      postgres = sampleCpu(await postgresPids(databaseUrl))
      node = sampleCpu(nodePids)
    },
    async stop(): Promise<{ nodeUs: number; postgresUs: number }> {
      const nodeAfter = sampleCpu(nodePids)
      const postgresAfter = sampleCpu(new Set([...postgres.keys(), ...(await postgresPids(databaseUrl))]))
      return { nodeUs: cpuBetween(node, nodeAfter), postgresUs: cpuBetween(postgres, postgresAfter) }
    },
  }
}
