import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'

/**
 * What the server process (this one: the benches run the server in-process, the loader in a
 * child) spends while `work` runs: CPU (% of one core, and in all, to divide by the work done),
 * the event loop's delay (p99 and worst) and its longest GC pause — the figures that tell a
 * slow server from a busy machine.
 */
export async function watched<T>(work: () => Promise<T>) {
  let gcMaxMs = 0
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, entry.duration)
  })
  gc.observe({ entryTypes: ['gc'] })
  const loop = monitorEventLoopDelay({ resolution: 1 })
  loop.enable()
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const result = await work()
  const cpu = process.cpuUsage(cpu0)
  const ms = performance.now() - t0
  loop.disable()
  gc.disconnect()
  const round = (x: number) => Math.round(x * 10) / 10
  return {
    result,
    cpuUs: cpu.user + cpu.system,
    server: {
      server_cpu_pct: Math.round(((cpu.user + cpu.system) / 1000 / ms) * 100),
      server_loop_delay_p99_ms: round(loop.percentile(99) / 1e6),
      server_loop_delay_max_ms: round(loop.max / 1e6),
      server_gc_max_ms: round(gcMaxMs),
    },
  }
}
