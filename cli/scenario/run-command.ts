import { CliError, UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { resolveServer } from '../lib/options'
import { style } from '../lib/style'
import { sendHttp } from './http'
import { collectScenarioFiles, type LoadedScenario, loadScenarioFile, ScenarioFormatError } from './loader'
import { scenarioFooter, scenarioHeader, stepLine, summarise, summaryLine } from './report'
import { runScenario } from './runner'
import { remoteTarget } from './target'
import type { ScenarioResult } from './types'

export interface ScenarioRunFlags {
  json?: boolean
  server?: string
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
export async function runScenarioCommand(paths: string[], flags: ScenarioRunFlags, io: Io): Promise<void> {
  const json = flags.json === true
  const s = style(io.color && !json)
  const server = flags.server === undefined ? undefined : resolveServer(io, flags.server)
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
    if (json) printJson(io, { ok: false, error: 'invalid scenario files', invalid })
    throw invalidFiles(invalid)
  }

  if (server) {
    const unreachable = await checkReachable(server)
    if (unreachable) {
      if (json) printJson(io, { ok: false, error: unreachable, scenarios: [] })
      throw new CliError(unreachable, {
        hint: 'Start one with `fanspole serve`, or leave out --server to run on an ephemeral server',
      })
    }
  }

  const started = performance.now()
  const results: ScenarioResult[] = []
  const target = server ? remoteTarget(server, io.env) : undefined
  for (const scenario of loaded) {
    if (!json) io.out(scenarioHeader(scenario.file, scenario.name, server ?? 'ephemeral', s))
    const result = await runScenario(scenario, {
      target,
      env: io.env,
      onStep: json ? undefined : (step) => io.out(stepLine(step, s)),
    })
    results.push(result)
    if (!json) io.out(scenarioFooter(result, s))
  }
  const summary = summarise(results, Math.round(performance.now() - started))
  const ok = results.every((r) => r.ok)
  if (json) printJson(io, { ok, summary, scenarios: results })
  else io.out(summaryLine(summary, s))
  if (!ok) throw new CliError(`${summary.failed} of ${summary.scenarios} scenario(s) failed`)
}
