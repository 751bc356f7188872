import type { LogRecord } from './server-log'

/** `--path`: `/regex/flags`, or a glob where `*` is any text but `/` and `**` any text at all. */
export function pathMatcher(pattern: string): RegExp {
  const regex = /^\/(.+)\/([dgimsuy]*)$/.exec(pattern)
  if (regex) return new RegExp(regex[1] as string, regex[2])
  const parts = pattern.split(/(\*\*|\*|\?)/).map((part) => {
    if (part === '**') return '.*'
    if (part === '*') return '[^/]*'
    if (part === '?') return '[^/]'
    return part.replace(/[.+^${}()|[\]\\]/g, '\\$&')
  })
  return new RegExp(`^${parts.join('')}$`)
}

/** `--status 4xx,201`: each a code or a class (`4xx`); true when `status` is one of them. */
export function statusMatcher(spec: string): (status: number) => boolean {
  const wanted = spec.split(',').map((s) => s.trim().toLowerCase())
  return (status) =>
    wanted.some((w) => (w.endsWith('xx') ? String(status)[0] === w[0] : String(status) === w))
}

export const STATUS_SPEC = /^\s*[1-5](\d\d|xx)\s*(,\s*[1-5](\d\d|xx)\s*)*$/i

export interface LogFilter {
  user?: string
  path?: RegExp
  status?: (status: number) => boolean
}

/**
 * Whether a record passes the filters. Requests: by the caller's e-mail, the path, the status.
 * Broadcasts carry no caller nor status: `--user` and `--status` leave them out, `--path`
 * matches their stream (`contest:*`). `dropped` notes always pass.
 */
export function passes(record: LogRecord, filter: LogFilter): boolean {
  if (record.type === 'request') {
    const email = typeof record.user_email === 'string' ? record.user_email.toLowerCase() : null
    if (filter.user && email !== filter.user.toLowerCase()) return false
    if (filter.path && !filter.path.test(String(record.path))) return false
    if (filter.status && !filter.status(Number(record.status))) return false
    return true
  }
  if (record.type === 'broadcast') {
    if (filter.user || filter.status) return false
    return !filter.path || filter.path.test(String(record.stream))
  }
  return record.type === 'dropped'
}

const clockTime = (atMs: unknown) =>
  typeof atMs === 'number' ? new Date(atMs).toISOString().slice(11, 23) : '--:--:--.---'

/** One line of `logs tail`: `12:01:02.345 alice@x POST /api/contests 201 14ms` (times UTC). */
export function formatRecord(record: LogRecord): string {
  if (record.type === 'request') {
    const who = typeof record.user_email === 'string' ? record.user_email : '-'
    const query = record.query ? `?${record.query}` : ''
    return `${clockTime(record.at_ms)} ${who} ${record.method} ${record.path}${query} ${record.status} ${record.ms}ms`
  }
  if (record.type === 'broadcast') {
    const channel = typeof record.channel === 'string' ? `${record.channel} ` : ''
    return `${clockTime(record.at_ms)} → broadcast ${channel}${record.stream} ${record.message_type ?? '?'}`
  }
  if (record.type === 'dropped')
    return `… ${record.count} record(s) dropped: this listener read too slowly and the server did not wait`
  return JSON.stringify(record)
}
