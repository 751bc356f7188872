/**
 * The CPU meter of a benchmark child (the real server or the baseline): on each `cpu` line on
 * stdin it prints `{"cpu_us": n}`, the process's user + system CPU time so far (every thread,
 * garbage collection included). The parent samples it when the loader starts and stops
 * measuring, so a window's CPU time divided by its requests is the cost of one request,
 * which does not depend on how busy the machine's other cores are. Stdin's end calls `stop`.
 * `more`: other counters to print beside it (the server's answer-cache fills).
 */
import { createInterface } from 'node:readline'

export function answerCpuQueries(stop: () => void, more?: () => Record<string, number>): void {
  const lines = createInterface({ input: process.stdin })
  lines.on('line', (line) => {
    if (line.trim() !== 'cpu') return
    const { user, system } = process.cpuUsage()
    console.log(JSON.stringify({ cpu_us: user + system, ...more?.() }))
  })
  lines.on('close', stop)
}
