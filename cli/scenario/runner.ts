import { randomBytes } from 'node:crypto'
import { CablePool } from './cable-pool'
import { type HttpRequest, sendHttp } from './http'
import { interpolate, type Vars } from './interpolate'
import { type LoadedScenario, loadScenarioFile } from './loader'
import { headlineFor } from './match'
import { StepFailure } from './step-failure'
import { ephemeralTarget, remoteTarget, type Target } from './target'
import { type TraceRecorder, tracedHttp } from './trace-recorder'
import type { ScenarioResult, ScenarioUser, StepContext, StepResult } from './types'
import { planUsers, setUpAdmin, setUpUser } from './users'

export interface RunOptions {
  /** A running server; without it a fresh in-process server is started for the scenario. */
  serverUrl?: string
  /** A remote target shared by several runs (keeps the admin signed in between scenarios). */
  target?: Target
  /** Where FANSPOLE_ADMIN_EMAIL / FANSPOLE_ADMIN_PASSWORD come from (for --server). */
  env?: NodeJS.ProcessEnv
  /** Called as each step finishes (for live output). */
  onStep?: (step: StepResult, scenario: LoadedScenario) => void
  signal?: AbortSignal
  /** Records every request, answer, /cable frame and step of the run (the trace file). */
  trace?: TraceRecorder
}

/** Six lowercase letters/digits, different on every run. */
export function newRunId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
  return [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('')
}

const elapsed = (since: number) => Math.round(performance.now() - since)

/**
 * Runs one scenario: starts (or connects to) the server, signs the users up, runs the steps
 * in order and stops at the first failure (the rest are reported as skipped), then closes
 * every /cable connection and the ephemeral server. Throws ScenarioFormatError for a file
 * that is not a valid scenario; every other problem ends up in the result.
 */
export async function runScenario(
  source: string | LoadedScenario,
  options: RunOptions = {},
): Promise<ScenarioResult> {
  const scenario = typeof source === 'string' ? loadScenarioFile(source) : source
  const started = performance.now()
  const signal = options.signal ?? new AbortController().signal
  const result = emptyResult(scenario, options)
  const skipAll = (from: number) => skipSteps(scenario, result, from)

  // A server this runner did not start cannot be restarted by it: say so instead of failing.
  const restarts = scenario.steps.some((s) => s.kind.kind === 'restart')
  const remote = options.target ?? (options.serverUrl ? { label: options.serverUrl } : undefined)
  if (restarts && remote && !options.target?.restart) {
    result.skipped = `needs the ephemeral server (it restarts the server), so it is not run against ${remote.label}`
    skipAll(0)
    result.ok = true
    result.duration_ms = elapsed(started)
    return result
  }

  let target: Target
  try {
    target =
      options.target ??
      (options.serverUrl
        ? remoteTarget(options.serverUrl, options.env)
        : await ephemeralTarget({
            seed: scenario.seed,
            seedDemoLeague: scenario.seedDemoLeague,
            restartable: restarts,
          }))
  } catch (error) {
    result.error = `could not start the ephemeral server: ${(error as Error).message}`
    skipAll(0)
    result.duration_ms = elapsed(started)
    return result
  }

  const runId = newRunId()
  const users = planUsers(scenario.users, runId)
  const ctx = stepContext(target, users, runId, signal, options.trace)
  const { http, cable } = ctx

  try {
    try {
      for (const [name, spec] of Object.entries(scenario.users))
        await setUpUser(http, users[name] as ScenarioUser, spec, target, runId)
    } catch (error) {
      result.error = `setting up users: ${(error as Error).message}`
      skipAll(0)
      return result
    }
    await runSteps(scenario, ctx, result, options.onStep, options.trace)
  } finally {
    const closing = await Promise.allSettled([cable.closeAll(), target.close()])
    const problem = closing.find((c) => c.status === 'rejected')
    if (problem && !result.error) result.error = `closing down: ${(problem as PromiseRejectedResult).reason}`
    result.ok = !result.error && result.steps.every((s) => s.status === 'passed')
    result.duration_ms = elapsed(started)
  }
  return result
}

/** The result before anything has run: not ok, no steps. */
function emptyResult(scenario: LoadedScenario, options: RunOptions): ScenarioResult {
  return {
    file: scenario.file,
    name: scenario.name,
    ...(scenario.description ? { description: scenario.description } : {}),
    ok: false,
    server: options.target?.label ?? options.serverUrl ?? 'ephemeral',
    duration_ms: 0,
    steps: [],
  }
}

/** Every step from `from` on, reported as skipped. */
function skipSteps(scenario: LoadedScenario, result: ScenarioResult, from: number): void {
  for (const step of scenario.steps.slice(from))
    result.steps.push({
      index: step.index,
      name: step.name,
      kind: step.kind.kind,
      status: 'skipped',
      duration_ms: 0,
    })
}

/** The steps in order into `result`, until one fails or the run is cancelled (the rest skipped). */
async function runSteps(
  scenario: LoadedScenario,
  ctx: StepContext,
  result: ScenarioResult,
  onStep: RunOptions['onStep'],
  trace?: TraceRecorder,
): Promise<void> {
  for (let i = 0; i < scenario.steps.length; i++) {
    const step = scenario.steps[i] as LoadedScenario['steps'][number]
    if (ctx.signal.aborted) {
      result.error = 'cancelled'
      skipSteps(scenario, result, i)
      break
    }
    trace?.stepStart({ index: step.index, name: nameOf(step.name, ctx), kind: step.kind.kind })
    const stepResult = await runStep(step, ctx)
    trace?.stepEnd(stepResult)
    result.steps.push(stepResult)
    onStep?.(stepResult, scenario)
    if (stepResult.status === 'failed') {
      skipSteps(scenario, result, i + 1)
      break
    }
  }
}

/** What the steps of one run share: its server, variables, users (an admin made when first asked for), HTTP and /cable. */
function stepContext(
  target: Target,
  users: Record<string, ScenarioUser>,
  runId: string,
  signal: AbortSignal,
  trace?: TraceRecorder,
): StepContext {
  const vars: Vars = { run_id: runId, server_url: target.url, ...users }
  const cable = new CablePool(target.url, trace)
  const http = tracedHttp((request: HttpRequest) => sendHttp(target.url, request, signal), trace)
  let implicitAdmin: Promise<ScenarioUser> | undefined
  const known: ScenarioUser[] = Object.values(users)
  if (trace) trace.users = known

  const user = (name: string): ScenarioUser => {
    if (!Object.hasOwn(users, name))
      throw new StepFailure(`unknown user ${name} (users: ${Object.keys(users).join(', ') || 'none'})`)
    return users[name] as ScenarioUser
  }
  return {
    serverUrl: target.url,
    vars,
    resolve: (value) => interpolate(value, vars),
    user,
    admin: async (name) => {
      if (name) return user(name)
      const declared = Object.values(users).find((u) => u.role === 'admin')
      if (declared) return declared
      implicitAdmin ??= (async () => {
        const admin: ScenarioUser = { name: 'admin', role: 'admin', username: '', email: '', password: '' }
        known.push(admin)
        await setUpAdmin(http, admin, target, runId)
        return admin
      })()
      return implicitAdmin
    },
    http,
    cable,
    async restartServer() {
      if (!target.restart)
        throw new StepFailure(
          `restart_server needs the ephemeral server: ${target.label} cannot be restarted from here`,
        )
      await target.restart()
    },
    signal,
  }
}

/** Step names may use variables too; one that cannot be resolved yet is shown as written. */
function nameOf(name: string, ctx: StepContext): string {
  try {
    const resolved = ctx.resolve(name)
    return typeof resolved === 'string' ? resolved : name
  } catch {
    return name
  }
}

async function runStep(step: LoadedScenario['steps'][number], ctx: StepContext): Promise<StepResult> {
  const started = performance.now()
  const base = { index: step.index, name: nameOf(step.name, ctx), kind: step.kind.kind }
  try {
    const outcome = await step.kind.run(step.def, ctx)
    const mismatches = outcome.mismatches ?? []
    if (mismatches.length === 0)
      return {
        ...base,
        status: 'passed',
        duration_ms: elapsed(started),
        ...(outcome.detail ? { detail: outcome.detail } : {}),
      }
    return {
      ...base,
      status: 'failed',
      duration_ms: elapsed(started),
      ...(outcome.detail ? { detail: outcome.detail } : {}),
      error: headlineFor(mismatches),
      mismatches,
    }
  } catch (error) {
    const mismatches = error instanceof StepFailure ? error.mismatches : []
    return {
      ...base,
      status: 'failed',
      duration_ms: elapsed(started),
      error: (error as Error).message,
      ...(mismatches.length ? { mismatches } : {}),
    }
  }
}
