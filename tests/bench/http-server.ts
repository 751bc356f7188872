/**
 * The HTTP benchmark's candidate: the real server (`startServer`) on a prepared database
 * (`tsx http-server.ts db [uncached]`, db a file or a postgres URL), in a process of its own so it can be pinned to one CPU (and profiled with `--cpu-prof`).
 * Prints `{"url": …}` once listening; answers `cpu` lines (child-cpu.ts); stops on SIGTERM or
 * when stdin closes.
 */
import { answerCacheStats } from '../../server/http/answer-cache'
import { startServer } from '../../server/main'
import { answerCpuQueries } from './child-cpu'
import { benchConfig } from './http-seed'

// A SQLite file or a PostgreSQL URL.
const db = process.argv[2] as string
// `uncached`: the answer and token caches off, to measure what a read costs when it misses.
const answerCache = process.argv[3] !== 'uncached'
const server = await startServer(benchConfig(db, { answerCache }), { seedIfEmpty: false })
console.log(JSON.stringify({ url: server.url }))
const stop = async () => {
  await server.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
// Answers made (misses), for the share of reads that missed in a window.
answerCpuQueries(stop, () => ({ fills: answerCacheStats(server.deps).fills }))
