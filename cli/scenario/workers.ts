import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Io } from '../lib/io'
import type { Style } from '../lib/style'
import type { LoadedScenario } from './loader'
import { couldNotRun, notRun } from './run-one'
import type { TraceDocument } from './trace'
import type { TraceMode } from './trace-file'
import type { ScenarioResult } from './types'

/**
 * `--workers N`: the scenarios run in N child processes (each a `fanspole scenario __worker`,
 * started through the same bin), each scenario on its own ephemeral server inside its worker.
 * Child processes rather than one process: a scenario is the server and its client in one
 * process, busy on the CPU most of its time, so only separate processes use the second core.
 * Each scenario's lines are printed together when it ends; results come back in file order.
 */
export interface Job {
  scenario: LoadedScenario
  /** Its place among loadScenarioRuns(file): an outline's row, 0 otherwise. */
  run: number
}

/** Parent → worker: run one scenario; worker → parent: ready, or its result and text. */
export type Tracing = { mode: TraceMode; dir: string }
export type ToWorker = {
  type: 'run'
  id: number
  file: string
  run: number
  retries: number
  color: boolean
  text: boolean
  tracing: Tracing
}
export type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: ScenarioResult; text: string; trace?: TraceDocument }

export interface PoolOptions {
  workers: number
  retries: number
  bail: boolean
  /** Text blocks and (on a terminal) the live progress line. */
  text: boolean
  s: Style
  color: boolean
  io: Io
  /** --trace: each worker writes its scenarios' trace files itself and sends the documents back. */
  tracing: Tracing
  traces: Map<ScenarioResult, TraceDocument>
}

const BIN = fileURLToPath(new URL('../bin/fanspole.mjs', import.meta.url))

interface Worker {
  child: ChildProcess
  job?: number
  stderr: string
  /** It said it was ready (a worker that exits before that could not start). */
  ready: boolean
}

// Long: the pool's shared state (next job, results, progress) and the loop below that drives it
export function runInWorkers(jobs: Job[], o: PoolOptions): Promise<ScenarioResult[]> {
  const results: Array<ScenarioResult | undefined> = jobs.map(() => undefined)
  let next = 0
  let stopped = false
  let done = 0
  const live = o.text && o.io.interactive
  const progress = (workers: Worker[]) => {
    if (!live) return
    const running = workers.flatMap((w) => (w.job === undefined ? [] : [jobs[w.job]?.scenario.name]))
    const line = `[${done}/${jobs.length}] running: ${running.join(', ')}`
    o.io.out(`\r\u001b[2K${o.s.dim(line.slice(0, (o.io.stdout.columns ?? 80) - 1))}`)
  }
  const print = (text: string, workers: Worker[]) => {
    if (!o.text) return
    if (live) o.io.out('\r\u001b[2K')
    o.io.out(text)
    progress(workers)
  }

  // Long: one event loop over the pool (start, hand out, collect, replace a worker that died, finish)
  return new Promise((resolve) => {
    const workers: Worker[] = []
    let closed = false
    let resolved = false
    let startFailure: string | undefined
    let startStderr = ''
    // Once nothing is left to hand out and nothing runs, the workers are told to stop; the
    // results are given back when the last one has exited (no process outlives the run).
    const finish = () => {
      if (!closed) {
        if (workers.some((w) => w.job !== undefined) || (next < jobs.length && !stopped)) return
        closed = true
        for (const w of workers) if (w.child.connected) w.child.disconnect()
      }
      if (workers.length > 0 || resolved) return
      resolved = true
      if (live) o.io.out('\r\u001b[2K')
      resolve(
        results.map(
          (r, i) =>
            r ??
            (startFailure
              ? died((jobs[i] as Job).scenario, startFailure, startStderr)
              : notRun(
                  (jobs[i] as Job).scenario,
                  'ephemeral',
                  'not run: --bail stopped the run at the first failure',
                )),
        ),
      )
    }
    const handOut = (w: Worker) => {
      if (stopped || next >= jobs.length) {
        w.job = undefined
        finish()
        return
      }
      const id = next++
      const job = jobs[id] as Job
      w.job = id
      const message: ToWorker = {
        type: 'run',
        id,
        file: job.scenario.file,
        run: job.run,
        retries: o.retries,
        color: o.color,
        text: o.text,
        tracing: o.tracing,
      }
      w.child.send(message)
      progress(workers)
    }
    const start = () => {
      const child = fork(BIN, ['scenario', '__worker'], {
        execArgv: [],
        env: { ...process.env, ...o.io.env },
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      })
      const w: Worker = { child, stderr: '', ready: false }
      child.stderr?.on('data', (chunk: Buffer) => {
        w.stderr = (w.stderr + chunk.toString()).slice(-2000)
      })
      child.on('message', (m: FromWorker) => {
        w.ready = true
        if (m.type === 'done') {
          results[m.id] = m.result
          if (m.trace) o.traces.set(m.result, m.trace)
          done++
          if (o.bail && !m.result.ok) stopped = true
          print(m.text, workers)
        }
        handOut(w)
      })
      child.on('exit', (code, signal) => {
        workers.splice(workers.indexOf(w), 1)
        if (!w.ready && !closed) {
          // It never started (a broken build, say): the scenarios left fail with its words.
          startFailure ??= `${code ?? signal}`
          startStderr ||= w.stderr
          stopped = true
        }
        if (w.job !== undefined) {
          const job = jobs[w.job] as Job
          results[w.job] = died(job.scenario, `${code ?? signal}`, w.stderr)
          done++
          print(
            `${o.s.red(`✗ ${job.scenario.name}: its worker stopped (${code ?? signal})`)}\n${w.stderr}\n`,
            workers,
          )
          w.job = undefined
          if (next < jobs.length && !stopped) start()
        }
        finish()
      })
      workers.push(w)
    }
    for (let i = 0; i < Math.min(o.workers, jobs.length); i++) start()
    if (jobs.length === 0) finish()
  })
}

/** A scenario whose worker process died under it: every step skipped, the reason as its error. */
function died(scenario: LoadedScenario, how: string, stderr: string): ScenarioResult {
  // The error's own line (`Error: Cannot find module …`), else the last thing it said.
  const lines = stderr.trim().split('\n').filter(Boolean)
  const said = lines.find((l) => /\b(?:[A-Z]\w*)?Error\b|^error:/.test(l)) ?? lines.at(-1)
  const tail = said ? `: ${said.trim()}` : ''
  return couldNotRun(scenario.file, `its worker process stopped (${how})${tail}`, scenario)
}
