import type { z } from 'zod'
import type { CablePool } from './cable-pool'
import type { HttpAnswer, HttpRequest } from './http'
import type { Vars } from './interpolate'
import type { Mismatch } from './match'

/** One user of a scenario, as its steps see it (`${alice.token}` reads these fields). */
export interface ScenarioUser {
  name: string
  role: 'player' | 'admin'
  username: string
  email: string
  password: string
  id?: number
  slug?: string
  token?: string
  refresh_token?: string
}

/** What a step kind gets to work with while a scenario runs. */
export interface StepContext {
  serverUrl: string
  vars: Vars
  /** Interpolates `${…}` in a step definition against the current variables. */
  resolve<T>(value: T): T
  /** A declared user by name (throws a StepFailure for unknown names). */
  user(name: string): ScenarioUser
  /** The admin that clock steps use: a declared admin, or one signed in on demand. */
  admin(name?: string): Promise<ScenarioUser>
  http(request: HttpRequest): Promise<HttpAnswer>
  cable: CablePool
  /** Restarts the server on the same database (a StepFailure where the target cannot). */
  restartServer(): Promise<void>
  /** Aborted when the run is cancelled; long waits should honour it. */
  signal: AbortSignal
}

export interface StepOutcome {
  /** A one-line account of what happened: `POST /api/users → 201`. */
  detail?: string
  mismatches?: Mismatch[]
}

/**
 * A kind of step. A step is a YAML mapping with exactly one registered `key`
 * (`request`, `clock`, `cable`, …); `schema` validates the whole mapping (including the
 * optional `name` and the kind's companion keys such as `expect` and `save`).
 * To add a kind: write one file under `steps/` exporting a StepKind and list it in `steps/index.ts`.
 */
// biome-ignore lint/suspicious/noExplicitAny: each kind narrows its own step type through its schema
export interface StepKind<S = any> {
  kind: string
  key: string
  schema: z.ZodType<S>
  /** The default step name when the YAML gives none. */
  describe(step: S): string
  /** User names the step refers to (checked against `users:` when the file loads). */
  usersOf?(step: S): Array<string | null | undefined>
  run(step: S, ctx: StepContext): Promise<StepOutcome>
}

export interface StepResult {
  index: number
  name: string
  kind: string
  status: 'passed' | 'failed' | 'skipped'
  duration_ms: number
  detail?: string
  /** The headline of a failure. */
  error?: string
  mismatches?: Mismatch[]
}

export interface ScenarioResult {
  file: string
  name: string
  description?: string
  ok: boolean
  /** `ephemeral` or the --server URL. */
  server: string
  duration_ms: number
  steps: StepResult[]
  /** Set when the scenario could not start or finish (server, users, teardown). */
  error?: string
  /**
   * Why the scenario was not run at all (it needs the ephemeral server, or --bail stopped the
   * run): every step is `skipped` and the scenario counts as neither passed nor failed.
   */
  skipped?: string
  /** The trace file written for this run (`--trace`; by default only when it failed). */
  trace?: string
}
