import type { Style } from '../lib/style'
import type { LoadedScenario } from './loader'
import { scenarioFooter, scenarioHeader, stepLine } from './report'
import { runScenario } from './runner'
import type { Target } from './target'
import type { TraceDocument } from './trace'
import { keepsTrace, type TraceMode, writeTrace } from './trace-file'
import { TraceRecorder } from './trace-recorder'
import type { ScenarioResult } from './types'

export interface RunOneOptions {
  /** A shared --server target; without it each attempt gets its own ephemeral server. */
  target?: Target
  server: string
  env: NodeJS.ProcessEnv
  /** `--retries N`: a failed scenario runs again up to N times. */
  retries: number
  /** Where the text lines go (nowhere when undefined: a json or junit report only). */
  out?: (text: string) => void
  s: Style
  /** --trace / --trace-dir: when a run's trace file is written, and where. */
  tracing?: { mode: TraceMode; dir: string }
  /** The trace documents written, by result (for --reporter html). */
  traces?: Map<ScenarioResult, TraceDocument>
}

/**
 * One scenario with its retries: the header, each step as it finishes, and the footer. A
 * failed attempt is followed by a fresh one (on a fresh ephemeral server) while retries are
 * left; a pass after a failure is `flaky`, with each failed attempt's headline kept.
 */
export async function runOne(scenario: LoadedScenario, o: RunOneOptions): Promise<ScenarioResult> {
  const out = o.out
  out?.(scenarioHeader(scenario.file, scenario.name, o.server, o.s))
  const failures: string[] = []
  for (let attempt = 1; ; attempt++) {
    const trace = o.tracing && o.tracing.mode !== 'off' ? new TraceRecorder() : undefined
    const result = await runScenario(scenario, {
      target: o.target,
      env: o.env,
      onStep: out ? (step) => out(stepLine(step, o.s)) : undefined,
      trace,
    })
    if (result.ok || attempt > o.retries) {
      // The trace is the last attempt's (the one the result reports).
      const final = withTags(withAttempts(result, attempt, failures), scenario)
      if (trace && o.tracing && keepsTrace(o.tracing.mode, final)) {
        const document = trace.document(final)
        final.trace = writeTrace(o.tracing.dir, document)
        o.traces?.set(final, document)
      }
      out?.(scenarioFooter(final, o.s))
      return final
    }
    failures.push(headline(result))
    out?.(
      `${scenarioFooter(result, o.s).trimEnd()}\n  ${o.s.yellow(`↻ retrying: attempt ${attempt + 1} of ${o.retries + 1}`)}\n`,
    )
  }
}

/** What a failed attempt is remembered by: the failed step, or why the scenario could not run. */
function headline(result: ScenarioResult): string {
  const step = result.steps.find((s) => s.status === 'failed')
  if (step) return `step ${step.index} (${step.name}): ${step.error ?? 'failed'}`
  return result.error ?? 'failed'
}

function withAttempts(result: ScenarioResult, attempts: number, failures: string[]): ScenarioResult {
  if (attempts === 1) return result
  return {
    ...result,
    attempts,
    ...(result.ok ? { flaky: true } : {}),
    failed_attempts: failures,
  }
}

function withTags(result: ScenarioResult, scenario: LoadedScenario): ScenarioResult {
  return scenario.tags.length > 0 ? { ...result, tags: scenario.tags } : result
}

/** A scenario that was not run (--bail stopped the run): every step skipped, counted as skipped. */
export function notRun(scenario: LoadedScenario, server: string, why: string): ScenarioResult {
  return {
    file: scenario.file,
    name: scenario.name,
    ok: true,
    server,
    duration_ms: 0,
    skipped: why,
    steps: scenario.steps.map((step) => ({
      index: step.index,
      name: step.name,
      kind: step.kind.kind,
      status: 'skipped' as const,
      duration_ms: 0,
    })),
  }
}

/** A scenario the runner could not even start (its file changed, its worker died). */
export function couldNotRun(file: string, error: string, scenario?: LoadedScenario): ScenarioResult {
  const steps = scenario ? notRun(scenario, 'ephemeral', '').steps : []
  return { file, name: scenario?.name ?? file, ok: false, server: 'ephemeral', duration_ms: 0, steps, error }
}
