import { type HttpAnswer, type HttpRequest, headersAndBody } from './http'
import {
  bounded,
  channelOf,
  redact,
  redactHeaders,
  redactUrl,
  TRACE_FORMAT,
  TRACE_LIMITS,
  TRACE_VERSION,
  type TraceDocument,
  type TraceEvent,
} from './trace'
import type { ScenarioResult, ScenarioUser, StepResult } from './types'

/** What the runner, the HTTP side and the /cable side tell a trace as a scenario runs. */
export interface TraceObserver {
  stepStart(step: { index: number; name: string; kind: string }): void
  stepEnd(step: StepResult): void
  /** One request and its answer (or the error that stopped it), `startedAt` from performance.now(). */
  http(request: HttpRequest, startedAt: number, outcome: { answer: HttpAnswer } | { error: string }): void
  frame(direction: 'in' | 'out', user: string, data: Record<string, unknown>): void
  socket(user: string, event: 'open' | 'close' | 'refused', detail?: string): void
}

/**
 * Collects one run's trace in memory, bounded by TRACE_LIMITS, and hands it out as a
 * TraceDocument once the scenario is over. `users` are the run's users: a request is
 * credited to the one whose token it carries (tokens change as users sign in, so that is
 * asked at the time of the request) or, without a token, whose e-mail or username its body
 * names (sign-up and sign-in).
 */
export class TraceRecorder implements TraceObserver {
  private readonly events: TraceEvent[] = []
  private readonly origin = performance.now()
  private readonly startedAt = new Date().toISOString()
  private step: number | undefined
  private dropped = 0
  users: ScenarioUser[] = []

  private at(when = performance.now()): number {
    return Math.round((when - this.origin) * 10) / 10
  }

  private push(event: TraceEvent): void {
    this.events.push(event)
    if (this.events.length <= TRACE_LIMITS.events) return
    // The oldest request or frame goes; the steps stay so the timeline keeps its shape.
    const oldest = this.events.findIndex((e) => e.type !== 'step_start' && e.type !== 'step_end')
    if (oldest >= 0) {
      this.events.splice(oldest, 1)
      this.dropped++
    }
  }

  private inStep(): { step?: number } {
    return this.step === undefined ? {} : { step: this.step }
  }

  stepStart(step: { index: number; name: string; kind: string }): void {
    this.step = step.index
    this.push({ type: 'step_start', at_ms: this.at(), index: step.index, name: step.name, kind: step.kind })
  }

  stepEnd(step: StepResult): void {
    this.push({
      type: 'step_end',
      at_ms: this.at(),
      index: step.index,
      name: step.name,
      kind: step.kind,
      status: step.status,
      duration_ms: step.duration_ms,
      ...(step.detail ? { detail: step.detail } : {}),
      ...(step.error ? { error: step.error } : {}),
      ...(step.mismatches?.length
        ? {
            mismatches: step.mismatches.map(({ path, message, missing, around }) => ({
              path,
              message,
              ...(missing ? { missing } : {}),
              ...(around ? { around } : {}),
            })),
          }
        : {}),
    })
    this.step = undefined
  }

  http(request: HttpRequest, startedAt: number, outcome: { answer: HttpAnswer } | { error: string }): void {
    const { headers } = headersAndBody(request)
    const req = bounded(redact(sentBody(request)), TRACE_LIMITS.body_chars)
    const user = this.userOf(request)
    const base = {
      type: 'http' as const,
      at_ms: this.at(startedAt),
      ...this.inStep(),
      ...(user ? { user } : {}),
      method: request.method,
      path: redactUrl(request.path),
      ...(request.query && Object.keys(request.query).length
        ? { query: redact(request.query) as Record<string, unknown> }
        : {}),
      request_headers: redactHeaders(headers),
      ...(req.value !== undefined ? { request_body: req.value } : {}),
      ...(req.cut ? { request_body_cut: req.cut } : {}),
    }
    if ('error' in outcome) {
      this.push({ ...base, ms: Math.round(performance.now() - startedAt), error: outcome.error })
      return
    }
    const { answer } = outcome
    const res = bounded(redact(answer.body), TRACE_LIMITS.body_chars)
    this.push({
      ...base,
      status: answer.status,
      response_headers: redactHeaders(answer.headers),
      response_body: res.value,
      ...(res.cut ? { response_body_cut: res.cut } : {}),
      ms: answer.duration_ms,
    })
  }

  frame(direction: 'in' | 'out', user: string, data: Record<string, unknown>): void {
    const kept = bounded(redact(data), TRACE_LIMITS.frame_chars)
    const channel = channelOf(data.identifier)
    this.push({
      type: 'frame',
      at_ms: this.at(),
      ...this.inStep(),
      direction,
      user,
      ...(channel ? { channel } : {}),
      data: kept.value,
      ...(kept.cut ? { cut: kept.cut } : {}),
    })
  }

  private userOf(request: HttpRequest): string | undefined {
    if (request.token)
      return this.users.find((u) => u.token === request.token)?.name ?? 'a token of no declared user'
    const body = (request.body ?? request.form) as Record<string, unknown> | undefined
    if (!body || typeof body !== 'object') return undefined
    const fields = [body, body.user as Record<string, unknown> | undefined].flatMap((o) =>
      o && typeof o === 'object' ? [o.email, o.username, o.login] : [],
    )
    return this.users.find((u) => u.email !== '' && (fields.includes(u.email) || fields.includes(u.username)))
      ?.name
  }

  socket(user: string, event: 'open' | 'close' | 'refused', detail?: string): void {
    this.push({
      type: 'socket',
      at_ms: this.at(),
      ...this.inStep(),
      user,
      event,
      ...(detail ? { detail: redactUrl(detail) } : {}),
    })
  }

  document(result: ScenarioResult): TraceDocument {
    // Steps never started (after a failure) close the timeline, so it lists every step.
    const end = this.at()
    const skipped: TraceEvent[] = result.steps
      .filter((s) => s.status === 'skipped')
      .map((s) => ({
        type: 'step_end',
        at_ms: end,
        index: s.index,
        name: s.name,
        kind: s.kind,
        status: 'skipped',
        duration_ms: 0,
      }))
    return {
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      scenario: {
        file: result.file,
        name: result.name,
        ok: result.ok,
        server: result.server,
        duration_ms: result.duration_ms,
        ...(result.error ? { error: result.error } : {}),
      },
      started_at: this.startedAt,
      limits: { ...TRACE_LIMITS },
      dropped_events: this.dropped,
      // Requests are stamped when they were sent but recorded when answered: sort once.
      events: [...this.events.sort((a, b) => a.at_ms - b.at_ms), ...skipped],
    }
  }
}

/** `send` with every exchange told to `observer` (answers and failures alike). */
export function tracedHttp(
  send: (request: HttpRequest) => Promise<HttpAnswer>,
  observer: TraceObserver | undefined,
): (request: HttpRequest) => Promise<HttpAnswer> {
  if (!observer) return send
  return async (request) => {
    const startedAt = performance.now()
    try {
      const answer = await send(request)
      observer.http(request, startedAt, { answer })
      return answer
    } catch (error) {
      observer.http(request, startedAt, { error: (error as Error).message })
      throw error
    }
  }
}

/** The body as sent: a form as its fields, a literal body parsed when it is JSON (so its secrets can be redacted). */
function sentBody(request: HttpRequest): unknown {
  if (request.form !== undefined) return request.form
  if (request.raw === undefined) return request.body
  try {
    return JSON.parse(request.raw)
  } catch {
    return request.raw
  }
}
