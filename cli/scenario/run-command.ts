import { writeFileSync } from 'node:fs'
import { CliError, UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { resolveServer } from '../lib/options'
import { type Style, style } from '../lib/style'
import { sendHttp } from './http'
import { junitXml } from './junit'
import { lastFailedOf, lastFailedPath, readLastFailed, recordLastFailed } from './last-failed'
import {
  collectScenarioFiles,
  type FixtureCache,
  type LoadedScenario,
  loadScenarioRuns,
  ScenarioFormatError,
} from './loader'
import { summarise, summaryLine } from './report'
import { htmlReport } from './report-html'
import { notRun, runOne } from './run-one'
import { select } from './selection'
import { remoteTarget } from './target'
import type { TraceDocument } from './trace'
import { type TraceMode, traceFlags } from './trace-file'
import type { ScenarioResult } from './types'
import { runInWorkers } from './workers'

export interface ScenarioRunFlags {
  json?: boolean
  server?: string
  /** Run only scenarios whose name or file matches (a regular expression, case-insensitive). */
  grep?: string
  /** Leave out scenarios whose name or file matches. */
  skip?: string
  /** Stop at the first failed scenario; the rest are reported as skipped. */
  bail?: boolean
  /** `text` (default), `json` (as --json), `junit` or `html`. */
  reporter?: string
  /** Write the json, junit or html report to this file; the text progress still goes to stdout. */
  output?: string
  /** `on`, `off` or `retain-on-failure` (default): when to write a scenario's trace file. */
  trace?: string
  /** Where trace files go (default scenario-traces/). */
  traceDir?: string
  /** Run only scenarios with any of these tags (comma-separated). */
  tag?: string
  /** Leave out scenarios with any of these tags. */
  skipTag?: string
  /** Run a failed scenario again up to this many times (a pass after a failure is flaky). */
  retries?: string
  /** Run only the scenarios that failed in the last run (recorded under FANSPOLE_HOME). */
  lastFailed?: boolean
  /** Run the scenarios in this many worker processes, each scenario on its own ephemeral server. */
  workers?: string
}

const REPORTERS = ['text', 'json', 'junit', 'html'] as const

/** A whole-number flag within its range (exit 2 naming the range otherwise). */
function count(flag: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback
  const n = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(
      `${flag} must be a whole number from ${min} to ${max} (not ${JSON.stringify(value)})`,
    )
  return n
}

function invalidFiles(problems: Array<{ file: string; problems: string[] }>): UsageError {
  const lines = problems.map(
    (p) => `${p.file}: not a valid scenario\n${p.problems.map((x) => `  ${x}`).join('\n')}`,
  )
  return new UsageError(lines.join('\n'), 'The format is described in docs/scenarios.md')
}

/** Refuses early, once, when --server is not answering (rather than once per scenario). */
async function checkReachable(server: string): Promise<string | undefined> {
  try {
    const answer = await sendHttp(server, { method: 'GET', path: '/api/health', timeoutMs: 5000 })
    if (answer.status !== 200)
      return `${server} answered GET /api/health with ${answer.status}; is it a Fanspole server?`
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

/**
 * `fanspole scenario run <paths...>`: every file is loaded and validated before anything
 * runs (a bad file → exit 2), then the scenarios run one after another with live ✓/✗ lines
 * (or one JSON document with --json). Failures are thrown as CliError (exit 1) and
 * UsageError (exit 2) for main() to report, after the results are printed.
 */
// Long: the run's phases in order (flags, files, selection, server check, run, record, report)
export async function runScenarioCommand(paths: string[], flags: ScenarioRunFlags, io: Io): Promise<void> {
  const reporter = reporterOf(flags)
  const retries = count('--retries', flags.retries, 0, 10, 0)
  const workers = count('--workers', flags.workers, 1, 32, 1)
  const tracing = traceFlags(flags, io.env)
  // The text progress goes to stdout unless a machine-readable report takes its place.
  const text = reporter === 'text' || flags.output !== undefined
  const jsonOut = reporter === 'json' && flags.output === undefined
  const s = style(io.color && text)
  const server = flags.server === undefined ? undefined : resolveServer(io, flags.server)
  if (server && workers > 1)
    throw new UsageError(
      '--workers runs each scenario on its own ephemeral server: it cannot be combined with --server',
      'Scenarios sharing one server collide (the clock, the league’s phase, the admin’s sign-in); run them one after another',
    )
  const loaded = loadAll(paths, io, jsonOut)
  let chosen = select(loaded, flags)
  if (flags.lastFailed) {
    chosen = lastFailedOf(chosen, readLastFailed(io.env))
    if (chosen.length === 0) {
      const none = `No scenario among these failed in the last run (${lastFailedPath(io.env)}): nothing to run.`
      if (jsonOut) printJson(io, { ok: true, summary: summarise([], 0), scenarios: [], note: none })
      else io.out(`${none}\n`)
      return
    }
  }
  const filteredOut = loaded.length - chosen.length

  if (server) {
    const unreachable = await checkReachable(server)
    if (unreachable) {
      if (jsonOut) printJson(io, { ok: false, error: unreachable, scenarios: [] })
      throw new CliError(unreachable, {
        hint: 'Start one with `fanspole serve`, or leave out --server to run on an ephemeral server',
      })
    }
  }

  const started = performance.now()
  const bail = flags.bail === true
  const traces = new Map<ScenarioResult, TraceDocument>()
  const results =
    workers > 1
      ? await runInWorkers(
          chosen.map((scenario) => ({ scenario, run: (scenario.row?.index ?? 1) - 1 })),
          { workers, retries, bail, text, s, color: io.color && text, io, tracing, traces },
        )
      : await runAll(chosen, io, { server, bail, text, s, retries, tracing, traces })
  recordLastFailed(io.env, results)
  const summary = summarise(results, Math.round(performance.now() - started))
  const ok = results.every((r) => r.ok)
  const filtered = filteredOut > 0 ? { filtered_out: filteredOut } : {}
  const report =
    reporter === 'junit'
      ? junitXml(results, summary)
      : reporter === 'json'
        ? `${JSON.stringify({ ok, summary: { ...summary, ...filtered }, scenarios: results }, null, 2)}\n`
        : reporter === 'html'
          ? htmlReport(results, summary, (r) => traces.get(r))
          : undefined
  if (text) {
    const by = (
      [
        ['--grep', flags.grep],
        ['--skip', flags.skip],
        ['--tag', flags.tag],
        ['--skip-tag', flags.skipTag],
        ['--last-failed', flags.lastFailed],
      ] as const
    )
      .filter(([, v]) => v !== undefined && v !== false)
      .map(([f]) => f)
    const left = filteredOut > 0 ? s.dim(`(${filteredOut} scenario(s) left out by ${by.join('/')})\n`) : ''
    io.out(summaryLine(summary, s) + left)
  }
  if (report !== undefined && flags.output !== undefined) {
    try {
      writeFileSync(flags.output, report)
    } catch (error) {
      throw new CliError(`could not write ${flags.output}: ${(error as Error).message}`)
    }
  } else if (jsonOut) printJson(io, { ok, summary: { ...summary, ...filtered }, scenarios: results })
  else if (report !== undefined) io.out(report)
  if (!ok) throw new CliError(`${summary.failed} of ${summary.scenarios} scenario(s) failed`)
}

/** `--reporter` (text by default, json with --json), checked against `--json` and `--output`. */
function reporterOf(flags: ScenarioRunFlags): string {
  const reporter = flags.reporter ?? (flags.json ? 'json' : 'text')
  if (!(REPORTERS as readonly string[]).includes(reporter))
    throw new UsageError(
      `--reporter must be one of ${REPORTERS.join(', ')} (not ${JSON.stringify(reporter)})`,
    )
  if (flags.json && reporter !== 'json')
    throw new UsageError(`--json is --reporter json; it cannot be combined with --reporter ${reporter}`)
  if (flags.output !== undefined && reporter === 'text')
    throw new UsageError('--output writes a json, junit or html report: give --reporter json, junit or html')
  return reporter
}

/** Every file named, loaded and validated (an outline as one run per row); any invalid one stops the run before anything runs. */
function loadAll(paths: string[], io: Io, jsonOut: boolean): LoadedScenario[] {
  const { files, problems } = collectScenarioFiles(paths)
  if (problems.length > 0)
    throw new UsageError(problems.join('\n'), 'Name scenario files or directories holding *.yaml files')
  const loaded: LoadedScenario[] = []
  const invalid: Array<{ file: string; problems: string[] }> = []
  // Fixture files shared by several scenarios are read once.
  const cache: FixtureCache = new Map()
  for (const file of files) {
    try {
      loaded.push(...loadScenarioRuns(file, cache))
    } catch (error) {
      if (!(error instanceof ScenarioFormatError)) throw error
      invalid.push({ file: error.file, problems: error.problems })
    }
  }
  if (invalid.length > 0) {
    if (jsonOut) printJson(io, { ok: false, error: 'invalid scenario files', invalid })
    throw invalidFiles(invalid)
  }
  return loaded
}

/** The scenarios one after another, with live lines when `text`; after a failure, --bail skips the rest. */
async function runAll(
  chosen: LoadedScenario[],
  io: Io,
  o: {
    server: string | undefined
    bail: boolean
    text: boolean
    s: Style
    retries: number
    tracing: { mode: TraceMode; dir: string }
    traces: Map<ScenarioResult, TraceDocument>
  },
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = []
  const target = o.server ? remoteTarget(o.server, io.env) : undefined
  const label = o.server ?? 'ephemeral'
  for (const scenario of chosen) {
    if (o.bail && results.some((r) => !r.ok)) {
      results.push(notRun(scenario, label, 'not run: --bail stopped the run at the first failure'))
      continue
    }
    const out = o.text ? (t: string) => io.out(t) : undefined
    results.push(
      await runOne(scenario, {
        target,
        server: label,
        env: io.env,
        retries: o.retries,
        s: o.s,
        out,
        tracing: o.tracing,
        traces: o.traces,
      }),
    )
  }
  return results
}
