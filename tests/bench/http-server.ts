/**
 * The HTTP benchmark's candidate: the real server (`startServer`) on a prepared database
 * (`tsx http-server.ts db [uncached]`), in a process of its own so it can be pinned to one CPU (and profiled with `--cpu-prof`).
 * Prints `{"url": …}` once listening; answers `cpu` lines (child-cpu.ts); stops on SIGTERM or
 * when stdin closes.
 */
import { loadConfig } from '../../server/core/config'
import { startServer } from '../../server/main'
import { answerCpuQueries } from './child-cpu'

const dbFile = process.argv[2] as string
// `uncached`: the answer and token caches off, to measure what a read costs when it misses.
const answerCache = process.argv[3] !== 'uncached'
const server = await startServer(
  loadConfig(
    { port: 0, dbFile, logLevel: 'silent', autoSimulate: false, webDist: '/nonexistent', answerCache },
    {},
  ),
  { seedIfEmpty: false },
)
console.log(JSON.stringify({ url: server.url }))
const stop = async () => {
  await server.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
answerCpuQueries(stop)
