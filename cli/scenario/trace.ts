import { z } from 'zod'

/**
 * The trace file of one scenario run (docs/scenarios.md, "Traces"): every request with its
 * answer, every /cable frame sent and received, and each step's start and end, on one
 * timeline in milliseconds from the start of the run. One JSON document, validated by
 * `TraceDocument` when it is read back (`fanspole scenario trace FILE`).
 *
 * Bounded: bodies and frames longer than the limits below are cut (the event says so and
 * gives the full size), and past `events` events the oldest requests and frames are dropped
 * (step events are kept; `dropped_events` counts the rest). Secrets never reach the file:
 * Authorization and cookie headers, access tokens in URLs and every string value under a
 * key naming a password, token, secret or OTP are replaced by `[redacted]`.
 */
export const TRACE_FORMAT = 'fanspole-scenario-trace'
export const TRACE_VERSION = 1
export const TRACE_LIMITS = { body_chars: 4096, frame_chars: 2048, events: 4000 } as const
export const REDACTED = '[redacted]'

const Json: z.ZodType<unknown> = z.unknown()
const Headers = z.record(z.string(), z.string())
/** A body or frame too long to keep: the first characters of its JSON and its full size. */
const Cut = z.strictObject({ size: z.number().int().nonnegative() })

const MismatchOut = z.looseObject({
  path: z.string(),
  message: z.string(),
  around: z.looseObject({ path: z.string(), value: z.string() }).optional(),
})

const StepStart = z.strictObject({
  type: z.literal('step_start'),
  at_ms: z.number(),
  index: z.number().int(),
  name: z.string(),
  kind: z.string(),
})

const StepEnd = z.strictObject({
  type: z.literal('step_end'),
  at_ms: z.number(),
  index: z.number().int(),
  name: z.string(),
  kind: z.string(),
  status: z.enum(['passed', 'failed', 'skipped']),
  duration_ms: z.number(),
  detail: z.string().optional(),
  error: z.string().optional(),
  mismatches: z.array(MismatchOut).optional(),
})

const Http = z.strictObject({
  type: z.literal('http'),
  at_ms: z.number(),
  /** The step it belongs to; absent while users are set up. */
  step: z.number().int().optional(),
  user: z.string().optional(),
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), Json).optional(),
  request_headers: Headers,
  request_body: Json.optional(),
  request_body_cut: Cut.optional(),
  /** The answer; absent when there was none (`error` says why). */
  status: z.number().int().optional(),
  response_headers: Headers.optional(),
  response_body: Json.optional(),
  response_body_cut: Cut.optional(),
  ms: z.number(),
  error: z.string().optional(),
})

const Frame = z.strictObject({
  type: z.literal('frame'),
  at_ms: z.number(),
  step: z.number().int().optional(),
  /** `in`: the server sent it; `out`: the scenario did. */
  direction: z.enum(['in', 'out']),
  /** The connection's owner (a user name, or the label of a `token:` connection). */
  user: z.string(),
  channel: z.string().optional(),
  data: Json,
  cut: Cut.optional(),
})

const Socket = z.strictObject({
  type: z.literal('socket'),
  at_ms: z.number(),
  step: z.number().int().optional(),
  user: z.string(),
  event: z.enum(['open', 'close', 'refused']),
  detail: z.string().optional(),
})

export const TraceEvent = z.discriminatedUnion('type', [StepStart, StepEnd, Http, Frame, Socket])
export type TraceEvent = z.infer<typeof TraceEvent>
export type HttpEvent = z.infer<typeof Http>
export type FrameEvent = z.infer<typeof Frame>

export const TraceDocument = z.strictObject({
  format: z.literal(TRACE_FORMAT),
  version: z.literal(TRACE_VERSION),
  scenario: z.strictObject({
    file: z.string(),
    name: z.string(),
    ok: z.boolean(),
    server: z.string(),
    duration_ms: z.number(),
    error: z.string().optional(),
  }),
  started_at: z.string(),
  limits: z.strictObject({ body_chars: z.number(), frame_chars: z.number(), events: z.number() }),
  /** Events left out past `limits.events` (the oldest requests and frames). */
  dropped_events: z.number().int().nonnegative(),
  events: z.array(TraceEvent),
})
export type TraceDocument = z.infer<typeof TraceDocument>

const SECRET_KEY = /(password|passcode|secret|token|otp|api_?key)(_confirmation)?$/i
const SECRET_HEADER = /^(authorization|cookie|set-cookie|proxy-authorization|x-[\w-]*(token|secret|key))$/i

/** A copy of a JSON value with every string under a secret-looking key redacted. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 50 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value as Record<string, unknown>))
    out[key] = typeof v === 'string' && SECRET_KEY.test(key) && v !== '' ? REDACTED : redact(v, depth + 1)
  return out
}

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) out[name] = SECRET_HEADER.test(name) ? REDACTED : value
  return out
}

/** A path or URL with `access_token` (and any other secret-looking parameter) redacted. */
export function redactUrl(pathOrUrl: string): string {
  const [head, query] = pathOrUrl.split('?', 2)
  if (query === undefined) return pathOrUrl
  const params = new URLSearchParams(query)
  for (const key of [...params.keys()]) if (SECRET_KEY.test(key)) params.set(key, REDACTED)
  return `${head}?${params.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED)}`
}

/**
 * A value kept whole when its JSON fits in `max` characters; otherwise its first `max`
 * characters (as text) and its full size.
 */
export function bounded(value: unknown, max: number): { value: unknown; cut?: { size: number } } {
  if (value === undefined) return { value }
  let text: string
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  } catch {
    text = String(value)
  }
  if (text.length <= max) return { value }
  return { value: `${text.slice(0, max)}…`, cut: { size: text.length } }
}

/** The channel name of an Action Cable identifier (a JSON string), when it has one. */
export function channelOf(identifier: unknown): string | undefined {
  if (typeof identifier !== 'string') return undefined
  try {
    const parsed = JSON.parse(identifier) as { channel?: unknown }
    return typeof parsed.channel === 'string' ? parsed.channel : undefined
  } catch {
    return undefined
  }
}

/** The problems that make `value` not a trace, one per line, with their paths. */
export function parseTrace(value: unknown): { trace: TraceDocument } | { problems: string[] } {
  const head = value as { format?: unknown; version?: unknown } | null
  if (head === null || typeof head !== 'object' || Array.isArray(head))
    return { problems: ['not a JSON object'] }
  if (head.format !== TRACE_FORMAT)
    return { problems: [`format: expected "${TRACE_FORMAT}", found ${JSON.stringify(head.format ?? null)}`] }
  if (head.version !== TRACE_VERSION)
    return {
      problems: [
        `version: this fanspole reads trace version ${TRACE_VERSION}, the file is version ${JSON.stringify(head.version ?? null)}`,
      ],
    }
  const parsed = TraceDocument.safeParse(value)
  if (parsed.success) return { trace: parsed.data }
  return {
    problems: parsed.error.issues.slice(0, 10).map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`),
  }
}
