import type { Context, Next } from 'hono'
import type { Tap } from '../lib/tap'
import type { AppEnv } from './router'

/** Bodies larger than this are left out of a record (the record says so). */
export const MAX_RECORDED_BODY_BYTES = 64 * 1024

/** The tap's own stream of records: never recorded, or every record would make another. */
export const LOG_PATH = '/api/admin/log'

const REDACTED = '[redacted]'
/** Keys whose values are secrets: passwords, tokens, one-time passwords, card and UPI numbers. */
const SECRET_KEY =
  /pass(word)?|token|secret|otp|cvv|card_?n(o|umber)|^card$|upi|vpa|account_?number|^pan$|pan_?number|authorization/i
/** A value that reads as a card or account number, whatever its key. */
const LONG_NUMBER = /^\d[\d -]{10,22}\d$/

/**
 * A copy of `value` with every secret replaced by `[redacted]`: values under secret-looking
 * keys, and anything that reads as a card or account number.
 */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact)
  if (typeof value === 'string') return LONG_NUMBER.test(value) ? REDACTED : value
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value))
    out[key] = SECRET_KEY.test(key) && inner !== null && typeof inner !== 'object' ? REDACTED : redact(inner)
  return out
}

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'

/** What the log keeps of a body: parsed JSON or a form, redacted; else a note why it is not there. */
function bodyOf(text: string, type: string): { body?: unknown; omitted?: string } {
  if (text === '') return {}
  if (Buffer.byteLength(text) > MAX_RECORDED_BODY_BYTES)
    return { omitted: `larger than ${MAX_RECORDED_BODY_BYTES} bytes` }
  if (type.includes('json')) {
    try {
      return { body: redact(JSON.parse(text)) }
    } catch {
      return { omitted: 'not valid JSON' }
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded'))
    return { body: redact(Object.fromEntries(new URLSearchParams(text))) }
  return { omitted: type === '' ? 'no content type' : type.split(';')[0] }
}

async function requestBody(c: Context<AppEnv>): Promise<{ body?: unknown; omitted?: string }> {
  const type = c.req.header('content-type') ?? ''
  if (type.startsWith('multipart/')) return { omitted: 'multipart' }
  try {
    return bodyOf(await c.req.raw.clone().text(), type)
  } catch {
    return { omitted: 'unreadable' }
  }
}

async function answerBody(res: Response): Promise<{ body?: unknown; omitted?: string }> {
  const type = res.headers.get('content-type') ?? ''
  if (!type.includes('json')) return {}
  try {
    return bodyOf(await res.clone().text(), type)
  } catch {
    return { omitted: 'unreadable' }
  }
}

function redactQuery(params: URLSearchParams): string {
  const out = new URLSearchParams()
  for (const [key, value] of params) out.append(key, SECRET_KEY.test(key) ? REDACTED : value)
  return out.toString()
}

/** API calls and every write; not the web client's pages and assets, nor the log itself. */
function isRecorded(c: Context<AppEnv>): boolean {
  const path = c.req.path
  if (path.startsWith(LOG_PATH)) return false
  return isWrite(c.req.method) || /^\/(api|oauth|post_login)(\/|$)/.test(path)
}

/**
 * Runs the request (`next`) and records it on the tap: time, method, path, query, status,
 * milliseconds, the caller, and — when a listener wants bodies — the request body of a write
 * and the JSON answer, both redacted. Only called while someone listens (edge.ts).
 */
export async function watchRequest(c: Context<AppEnv>, next: Next, tap: Tap, wallNow: () => number) {
  if (!isRecorded(c)) return next()
  const atMs = wallNow()
  const started = performance.now()
  const bodies = tap.wantsBodies()
  const sent = bodies && isWrite(c.req.method) ? await requestBody(c) : {}
  await next()
  const ms = Math.round((performance.now() - started) * 10) / 10
  const answer = bodies ? await answerBody(c.res) : {}
  const user = c.get('user')
  const url = new URL(c.req.url)
  tap.record({
    type: 'request',
    at_ms: atMs,
    request_id: c.get('requestId'),
    method: c.req.method,
    path: url.pathname,
    query: redactQuery(url.searchParams),
    status: c.res.status,
    ms,
    user_id: user?.id ?? null,
    user_email: user?.email ?? null,
    ...('body' in sent ? { body: sent.body } : {}),
    ...(sent.omitted ? { body_omitted: sent.omitted } : {}),
    ...('body' in answer ? { answer: answer.body } : {}),
    ...(answer.omitted ? { answer_omitted: answer.omitted } : {}),
  })
}
