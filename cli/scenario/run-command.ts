import { writeFileSync } from 'node:fs'
import { CliError, UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { resolveServer } from '../lib/options'
import { type Style, style } from '../lib/style'
import { sendHttp } from './http'
import { junitXml } from './junit'
import { collectScenarioFiles, type LoadedScenario, loadScenarioFile, ScenarioFormatError } from './loader'
import { scenarioFooter, scenarioHeader, stepLine, summarise, summaryLine } from './report'
import { htmlReport } from './report-html'
import { runScenario } from './runner'
import { remoteTarget } from './target'
import type { TraceDocument } from './trace'
import { keepsTrace, type TraceMode, traceFlags, writeTrace } from './trace-file'
import { TraceRecorder } from './trace-recorder'
import type { ScenarioResult } from './types'

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
}

const REPORTERS = ['text', 'json', 'junit', 'html'] as const

function pattern(flag: '--grep' | '--skip', value: string | undefined): RegExp | undefined {
  if (value === undefined) return undefined
  try {
    return new RegExp(value, 'i')
  } catch (error) {
    throw new UsageError(
      `${flag} ${JSON.stringify(value)} is not a regular expression: ${(error as Error).message}`,
    )
  }
}

/** --grep and --skip look at the scenario's name and its file's path, as given. */
const matches = (re: RegExp, scenario: LoadedScenario) => re.test(scenario.name) || re.test(scenario.file)

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
export async function runScenarioCommand(paths: string[], flags: ScenarioRunFlags, io: Io): Promise<void> {
  const reporter = reporterOf(flags)
  const tracing = traceFlags(flags, io.env)
  const grep = pattern('--grep', flags.grep)
  const skip = pattern('--skip', flags.skip)
  // The text progress goes to stdout unless a machine-readable report takes its place.
  const text = reporter === 'text' || flags.output !== undefined
  const jsonOut = reporter === 'json' && flags.output === undefined
  const s = style(io.color && text)
  const server = flags.server === undefined ? undefined : resolveServer(io, flags.server)
  const loaded = loadAll(paths, io, jsonOut)
  const chosen = loaded.filter((x) => (!grep || matches(grep, x)) && !(skip && matches(skip, x)))
  if (chosen.length === 0 && loaded.length > 0)
    throw new UsageError(
      `no scenario left to run: ${loaded.length} loaded, none ${[grep && `matching --grep ${flags.grep}`, skip && `outside --skip ${flags.skip}`].filter(Boolean).join(' and ')}`,
      'The patterns are regular expressions (case-insensitive) matched against each scenario name and file path',
    )
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
  const traces = new Map<ScenarioResult, TraceDocument>()
  const results = await runAll(chosen, io, { server, bail: flags.bail === true, text, s, tracing, traces })
  const summary = summarise(results, Math.round(performance.now() - started))
  const ok = results.every((r) => r.ok)
  const filtered = filteredOut > 0 ? { filtered_out: filteredOut } : {}
  const report =
    reporter === 'junit'
      ? junitXml(results, summary)
      : reporter === 'html'
        ? htmlReport(results, summary, (r) => traces.get(r))
        : reporter === 'json'
          ? `${JSON.stringify({ ok, summary: { ...summary, ...filtered }, scenarios: results }, null, 2)}\n`
          : undefined
  if (text) {
    const left = filteredOut > 0 ? s.dim(`(${filteredOut} scenario(s) left out by --grep/--skip)\n`) : ''
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

/** Every file named, loaded and validated; any invalid one stops the run before anything runs. */
function loadAll(paths: string[], io: Io, jsonOut: boolean): LoadedScenario[] {
  const { files, problems } = collectScenarioFiles(paths)
  if (problems.length > 0)
    throw new UsageError(problems.join('\n'), 'Name scenario files or directories holding *.yaml files')
  const loaded: LoadedScenario[] = []
  const invalid: Array<{ file: string; problems: string[] }> = []
  for (const file of files) {
    try {
      loaded.push(loadScenarioFile(file))
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
  {
    server,
    bail,
    text,
    s,
    tracing,
    traces,
  }: {
    server: string | undefined
    bail: boolean
    text: boolean
    s: Style
    tracing: { mode: TraceMode; dir: string }
    traces: Map<ScenarioResult, TraceDocument>
  },
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = []
  const target = server ? remoteTarget(server, io.env) : undefined
  for (const scenario of chosen) {
    if (bail && results.some((r) => !r.ok)) {
      results.push(
        notRun(scenario, server ?? 'ephemeral', 'not run: --bail stopped the run at the first failure'),
      )
      continue
    }
    if (text) io.out(scenarioHeader(scenario.file, scenario.name, server ?? 'ephemeral', s))
    const trace = tracing.mode === 'off' ? undefined : new TraceRecorder()
    const result = await runScenario(scenario, {
      target,
      env: io.env,
      onStep: text ? (step) => io.out(stepLine(step, s)) : undefined,
      trace,
    })
    if (trace && keepsTrace(tracing.mode, result)) {
      const document = trace.document(result)
      result.trace = writeTrace(tracing.dir, document)
      traces.set(result, document)
    }
    results.push(result)
    if (text) io.out(scenarioFooter(result, s))
  }
  return results
}

/** A scenario --bail did not run: every step skipped, counted as skipped. */
function notRun(scenario: LoadedScenario, server: string, why: string): ScenarioResult {
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
