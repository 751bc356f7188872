import { Api } from './api'
import { ApiError, CliError } from './errors'
import type { Io } from './io'

/** One record of the server's log (GET /api/admin/log): `request`, `broadcast`, `dropped`, `listening`. */
export interface LogRecord {
  type: string
  [key: string]: unknown
}

/** A request record as the server sends it (server/http/request-tap.ts). */
export interface RequestRecord extends LogRecord {
  type: 'request'
  at_ms: number
  method: string
  path: string
  query: string
  status: number
  ms: number
  user_id: number | null
  user_email: string | null
  body?: unknown
  answer?: unknown
}

export const isRequestRecord = (record: LogRecord): record is RequestRecord => record.type === 'request'

/**
 * Splits a server-sent-events text into the JSON of its `data:` fields; returns the records and
 * what is left of an event not yet complete.
 */
export function parseEvents(buffer: string): { records: LogRecord[]; rest: string } {
  const records: LogRecord[] = []
  const events = buffer.split(/\r?\n\r?\n/)
  const rest = events.pop() ?? ''
  for (const event of events) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
      .join('\n')
    if (data === '') continue
    try {
      records.push(JSON.parse(data) as LogRecord)
    } catch {
      // Not a record of ours (a proxy's comment, say): skipped.
    }
  }
  return { records, rest }
}

/**
 * Aborted by Ctrl-C, SIGTERM, a closed stdout (`| head`) or after `forMs`; `done()` removes
 * the signal handlers again.
 */
export function stopSignal(io: Io, forMs?: number): { signal: AbortSignal; done(): void } {
  const controller = new AbortController()
  const stop = () => controller.abort()
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  void io.stdoutClosed.then(stop)
  const timer = forMs === undefined ? undefined : setTimeout(stop, forMs)
  return {
    signal: controller.signal,
    done() {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      if (timer) clearTimeout(timer)
    },
  }
}

/**
 * Follows the server's log as the admin (the CLI's admin session: the stored one, else the
 * configured admin), calling `onRecord` for every record until `signal` aborts or `onRecord`
 * answers `'stop'`. The stream ending on the server's side is a failure (the server stopped).
 */
export async function followServerLog(
  io: Io,
  server: string,
  options: { bodies: boolean; signal: AbortSignal },
  onRecord: (record: LogRecord) => 'stop' | undefined,
): Promise<void> {
  const token = await new Api(io, server, 'admin').validToken()
  let res: Response
  try {
    res = await fetch(`${server}/api/admin/log?bodies=${options.bodies}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'x-fanspole-client': 'cli' },
      signal: options.signal,
    })
  } catch (error) {
    if (options.signal.aborted) return
    throw new CliError(`Cannot reach the server at ${server} (${(error as Error).message})`, {
      code: 'UNREACHABLE',
    })
  }
  if (res.status !== 200 || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string }
    throw new ApiError(res.status, body)
  }
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for (;;) {
      const chunk = await reader.read()
      if (chunk.done) break
      const parsed = parseEvents(buffer + decoder.decode(chunk.value, { stream: true }))
      buffer = parsed.rest
      for (const record of parsed.records) if (onRecord(record) === 'stop') return
    }
  } catch (error) {
    if (options.signal.aborted) return
    throw error
  } finally {
    await reader.cancel().catch(() => {})
  }
  if (!options.signal.aborted) throw new CliError(`${server} closed its log (did the server stop?)`)
}
