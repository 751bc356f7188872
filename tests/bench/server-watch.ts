import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'

/**
 * What the server process (this one: the benches run the server in-process, the loader in a
 * child) spends while `work` runs: CPU (% of one core, and in all, to divide by the work done),
 * the event loop's delay (p99 and worst) and its longest GC pause — the figures that tell a
 * slow server from a busy machine. `work` gets `mark`: a loader's start and end marks
 * (child-figures.ts) narrow the figures to its measured part.
 */
export async function watched<T>(work: (mark: (name: string) => void) => Promise<T>) {
  let gcMaxMs = 0
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, entry.duration)
  })
  gc.observe({ entryTypes: ['gc'] })
  const loop = monitorEventLoopDelay({ resolution: 1 })
  loop.enable()
  let cpu0 = process.cpuUsage()
  let t0 = performance.now()
  let cpu: NodeJS.CpuUsage | undefined
  let ms = 0
  // With marks, the figures cover the marked part only (the loader's measured window).
  const mark = (name: string) => {
    if (name === 'start') {
      cpu0 = process.cpuUsage()
      t0 = performance.now()
      loop.reset()
      gcMaxMs = 0
    } else if (name === 'end' && !cpu) {
      cpu = process.cpuUsage(cpu0)
      ms = performance.now() - t0
      loop.disable()
      gc.disconnect()
    }
  }
  const result = await work(mark)
  mark('end')
  const used = cpu as NodeJS.CpuUsage
  const round = (x: number) => Math.round(x * 10) / 10
  return {
    result,
    cpuUs: used.user + used.system,
    server: {
      server_cpu_pct: Math.round(((used.user + used.system) / 1000 / ms) * 100),
      server_loop_delay_p99_ms: round(loop.percentile(99) / 1e6),
      server_loop_delay_max_ms: round(loop.max / 1e6),
      server_gc_max_ms: round(gcMaxMs),
    },
  }
}
