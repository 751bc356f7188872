import type { Style } from '../lib/style'
import type { FrameEvent, HttpEvent, TraceDocument, TraceEvent } from './trace'

/**
 * A trace as a readable timeline (`fanspole scenario trace FILE`, and the HTML report):
 * each step a heading with ✓/✗, under it its requests and /cable frames with their time
 * from the start of the run, the failed step's differences in red.
 */
export interface TraceViewOptions {
  /** Only this step (its index, as shown in the headings). */
  step?: number
  /** Whole request and answer bodies under each request, not just the key part. */
  full?: boolean
}

const ERROR_KEYS = ['error', 'message', 'code', 'errors', 'reason']

/** A JSON value on one line, keys and plain words unquoted: `{type: locked, id: 5}`, cut at `max`. */
export function compact(value: unknown, max = 160): string {
  const text = compactText(value, 0)
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

function compactText(value: unknown, depth: number): string {
  if (value === null || value === undefined) return String(value)
  if (typeof value === 'string') return /^[\w.:@/-]{1,40}$/.test(value) ? value : JSON.stringify(value)
  if (typeof value !== 'object') return String(value)
  if (depth > 6) return '…'
  if (Array.isArray(value)) return `[${value.map((v) => compactText(v, depth + 1)).join(', ')}]`
  const entries = Object.entries(value as Record<string, unknown>)
  return `{${entries.map(([k, v]) => `${/^\w+$/.test(k) ? k : JSON.stringify(k)}: ${compactText(v, depth + 1)}`).join(', ')}}`
}

/** The part of an answer's body worth a line: its error keys when it has them, else the body itself. */
export function keyPart(body: unknown): string {
  if (body === null || body === undefined) return ''
  if (typeof body === 'object' && !Array.isArray(body)) {
    const errors = ERROR_KEYS.filter((k) => k in (body as object))
    if (errors.length > 0)
      return compact(Object.fromEntries(errors.map((k) => [k, (body as Record<string, unknown>)[k]])), 200)
  }
  return compact(body, 120)
}

const plus = (ms: number) => `+${Math.round(ms)}ms`.padStart(8)
const cutNote = (cut: { size: number } | undefined) => (cut ? ` (cut: ${cut.size} characters in all)` : '')
const pretty = (value: unknown, by: string) =>
  (typeof value === 'string' ? value : JSON.stringify(value, null, 2)).replace(/\n/g, `\n${by}`)

function httpLines(e: HttpEvent, s: Style, full: boolean): string[] {
  const who = e.user ? ` ${s.cyan(e.user)}` : ''
  const query = e.query
    ? `?${new URLSearchParams(Object.entries(e.query).map(([k, v]) => [k, String(v)]))}`
    : ''
  const head = `${s.dim(plus(e.at_ms))} ${e.method} ${e.path}${query}${who}`
  if (e.status === undefined) return [`${head} ${s.red(`→ no answer: ${e.error ?? 'unknown'}`)}`]
  const ok = e.status < 400
  const status = ok ? s.green(`→ ${e.status}`) : s.red(`→ ${e.status}`)
  const part = full ? '' : keyPart(e.response_body)
  const lines = [`${head} ${status}${part ? ` ${part}` : ''} ${s.dim(`${e.ms} ms`)}`]
  if (!full) return lines
  const by = '           '
  if (e.request_body !== undefined)
    lines.push(`${by}${s.dim('sent')} ${pretty(e.request_body, `${by}  `)}${cutNote(e.request_body_cut)}`)
  if (e.response_body !== undefined && e.response_body !== null)
    lines.push(`${by}${s.dim('got ')} ${pretty(e.response_body, `${by}  `)}${cutNote(e.response_body_cut)}`)
  return lines
}

/** `subscribe ContestChannel {contest_id: 5}`, `confirm_subscription`, or a data frame's message. */
function frameText(e: FrameEvent): string {
  const data = (e.data ?? {}) as Record<string, unknown>
  if (typeof data !== 'object') return compact(data)
  let params = ''
  if (typeof data.identifier === 'string') {
    try {
      const { channel: _, ...rest } = JSON.parse(data.identifier) as Record<string, unknown>
      params = Object.keys(rest).length ? ` ${compact(rest, 80)}` : ''
    } catch {
      params = ` ${data.identifier}`
    }
  }
  if (e.direction === 'out') {
    const command = typeof data.command === 'string' ? data.command : 'send'
    const payload = typeof data.data === 'string' ? ` ${compactParsed(data.data)}` : ''
    return `${command}${params}${payload}`
  }
  if (typeof data.type === 'string') {
    const { type, identifier: _, ...rest } = data
    return `${type}${params}${Object.keys(rest).length ? ` ${compact(rest, 120)}` : ''}`
  }
  return 'message' in data ? compact(data.message, 200) : compact(data, 200)
}

function compactParsed(text: string): string {
  try {
    return compact(JSON.parse(text), 120)
  } catch {
    return compact(text, 120)
  }
}

function eventLines(e: TraceEvent, s: Style, full: boolean): string[] {
  switch (e.type) {
    case 'http':
      return httpLines(e, s, full)
    case 'frame': {
      const arrow = e.direction === 'in' ? '←' : '→'
      const channel = e.channel ? ` ${e.channel}` : ''
      const body = full && e.data !== undefined ? frameFull(e) : frameText(e)
      return [`${s.dim(plus(e.at_ms))} ${arrow} ${s.cyan(e.user)}${channel} ${body}${cutNote(e.cut)}`]
    }
    case 'socket':
      return [
        `${s.dim(plus(e.at_ms))} ${s.dim(`/cable ${e.event} (${e.user})${e.detail ? `: ${e.detail}` : ''}`)}`,
      ]
    default:
      return []
  }
}

const frameFull = (e: FrameEvent) => pretty(e.data, '             ')

type StepEnd = Extract<TraceEvent, { type: 'step_end' }>

function stepHeading(end: StepEnd | undefined, start: TraceEvent | undefined, s: Style): string[] {
  const index = end?.index ?? (start as { index: number }).index
  const name = end?.name ?? (start as { name: string }).name
  if (!end) return [s.yellow(`… ${index}. ${name} (did not finish)`)]
  if (end.status === 'skipped') return [s.dim(`- ${index}. ${name} (skipped)`)]
  const detail = s.dim(`${end.detail ? `${end.detail} · ` : ''}${end.duration_ms} ms`)
  if (end.status === 'passed') return [`${s.green('✓')} ${s.bold(`${index}. ${name}`)}  ${detail}`]
  return [`${s.red('✗')} ${s.red(s.bold(`${index}. ${name}`))}  ${detail}`]
}

function failureLines(end: StepEnd, s: Style): string[] {
  const lines: string[] = []
  const mismatches = end.mismatches ?? []
  // The headline is the first difference (and a count): shown only when it says something else.
  const first = mismatches[0] ? `${mismatches[0].path}: ${mismatches[0].message}` : undefined
  const headline = first && mismatches.length > 1 ? `${first} (and ${mismatches.length - 1} more)` : first
  if (end.error && end.error !== headline)
    lines.push(`    ${s.red(`✗ ${end.error.replace(/\n/g, '\n      ')}`)}`)
  for (const m of mismatches) {
    lines.push(`      ${s.red(`${m.path}: ${m.message}`.replace(/\n/g, '\n        '))}`)
    if (m.around)
      lines.push(`        ${s.dim(`${m.around.path || '(the whole value)'} holds ${m.around.value}`)}`)
  }
  return lines
}

/** The timeline, as lines (no trailing newline). */
export function renderTrace(trace: TraceDocument, s: Style, options: TraceViewOptions = {}): string[] {
  const sc = trace.scenario
  const verdict = sc.ok ? s.green('✓ passed') : s.red('✗ FAILED')
  const out = [
    `${s.bold(sc.name)}  ${verdict} ${s.dim(`in ${sc.duration_ms} ms`)}`,
    s.dim(
      `${sc.file} · ${sc.server === 'ephemeral' ? 'ephemeral server' : sc.server} · started ${trace.started_at}`,
    ),
  ]
  if (trace.dropped_events > 0)
    out.push(
      s.yellow(
        `(${trace.dropped_events} older request(s)/frame(s) left out: a trace keeps ${trace.limits.events} events)`,
      ),
    )
  const groups = groupBySteps(trace.events)
  for (const group of groups) {
    if (options.step !== undefined && group.index !== options.step) continue
    out.push('')
    if (group.index === undefined) out.push(s.dim(`(${group.label})`))
    else out.push(...stepHeading(group.end, group.start, s))
    for (const e of group.events) out.push(...eventLines(e, s, options.full === true).map((l) => `  ${l}`))
    if (group.end?.status === 'failed') out.push(...failureLines(group.end, s))
  }
  if (sc.error && options.step === undefined) out.push('', s.red(`✗ ${sc.error}`))
  return out
}

interface Group {
  index?: number
  /** For the events outside any step. */
  label?: string
  start?: TraceEvent
  end?: StepEnd
  events: TraceEvent[]
}

/** Events in step order: those before the first step (setting up users), then one group per step. */
export function groupBySteps(events: TraceEvent[]): Group[] {
  const groups: Group[] = []
  const byIndex = (index: number) => {
    let g = groups.find((x) => x.index === index)
    if (!g) {
      g = { index, events: [] }
      groups.push(g)
    }
    return g
  }
  const setup: Group = { label: 'setting up users', events: [] }
  const closing: Group = { label: 'closing down', events: [] }
  for (const e of events) {
    if (e.type === 'step_start') byIndex(e.index).start = e
    else if (e.type === 'step_end') byIndex(e.index).end = e
    else if (e.step !== undefined) byIndex(e.step).events.push(e)
    else (groups.length === 0 ? setup : closing).events.push(e)
  }
  return [...(setup.events.length ? [setup] : []), ...groups, ...(closing.events.length ? [closing] : [])]
}

/** The step numbers a trace holds, for `--step` and its error message. */
export function stepIndexes(trace: TraceDocument): number[] {
  return groupBySteps(trace.events).flatMap((g) => (g.index === undefined ? [] : [g.index]))
}
