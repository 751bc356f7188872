import { describe, expect, it } from 'vitest'
import { style } from '../../../cli/lib/style'
import {
  bounded,
  parseTrace,
  REDACTED,
  redact,
  redactHeaders,
  redactUrl,
  TRACE_LIMITS,
} from '../../../cli/scenario/trace'
import { traceFileName } from '../../../cli/scenario/trace-file'
import { TraceRecorder } from '../../../cli/scenario/trace-recorder'
import { compact, keyPart, renderTrace } from '../../../cli/scenario/trace-view'
import type { ScenarioResult } from '../../../cli/scenario/types'
import { unclosedTags } from './html-check'

// The trace's own rules: what is redacted, how bodies and the event count are bounded, what
// is read back as a trace, and the file name a scenario's trace gets.

const RESULT: ScenarioResult = {
  file: 'a.yaml',
  name: 'a',
  ok: false,
  server: 'ephemeral',
  duration_ms: 1,
  steps: [],
}

describe('redaction', () => {
  it('redacts strings under password, token, secret and OTP keys, at any depth, and nothing else', () => {
    expect(
      redact({
        password: 'p',
        user: { current_password: 'c', password_confirmation: 'x', access_token: 't', name: 'alice' },
        list: [{ client_secret: 's', otp: '123456' }],
        tokens_left: 3,
        token_type: 'Bearer',
      }),
    ).toEqual({
      password: REDACTED,
      user: {
        current_password: REDACTED,
        password_confirmation: REDACTED,
        access_token: REDACTED,
        name: 'alice',
      },
      list: [{ client_secret: REDACTED, otp: REDACTED }],
      tokens_left: 3,
      token_type: 'Bearer',
    })
  })

  it('redacts Authorization, cookies and token headers, and access_token in a URL', () => {
    expect(
      redactHeaders({
        authorization: 'Bearer abc',
        cookie: 'a=b',
        'x-api-key': 'k',
        accept: 'application/json',
      }),
    ).toEqual({
      authorization: REDACTED,
      cookie: REDACTED,
      'x-api-key': REDACTED,
      accept: 'application/json',
    })
    expect(redactUrl('/cable?access_token=abc&x=1')).toBe('/cable?access_token=[redacted]&x=1')
    expect(redactUrl('/api/me')).toBe('/api/me')
  })
})

describe('bounds', () => {
  it('cuts a body past the limit and says how big it was', () => {
    expect(bounded({ a: 1 }, 100)).toEqual({ value: { a: 1 } })
    const big = { text: 'x'.repeat(200) }
    const cut = bounded(big, 50)
    expect(cut.cut).toEqual({ size: JSON.stringify(big).length })
    expect(cut.value).toBe(`${JSON.stringify(big).slice(0, 50)}…`)
  })

  it('keeps at most TRACE_LIMITS.events events, dropping the oldest requests and frames but no step', () => {
    const trace = new TraceRecorder()
    trace.stepStart({ index: 1, name: 'many frames', kind: 'cable' })
    for (let i = 0; i < TRACE_LIMITS.events + 10; i++) trace.frame('in', 'alice', { n: i })
    trace.stepEnd({ index: 1, name: 'many frames', kind: 'cable', status: 'passed', duration_ms: 1 })
    const doc = trace.document(RESULT)
    expect(doc.events).toHaveLength(TRACE_LIMITS.events)
    expect(doc.dropped_events).toBe(12)
    expect(doc.events[0]).toMatchObject({ type: 'step_start' })
    expect(doc.events[1]).toMatchObject({ type: 'frame', data: { n: 12 } })
    expect(parseTrace(JSON.parse(JSON.stringify(doc)))).toHaveProperty('trace')
  })

  it('records a big answer cut, marked as cut', () => {
    const trace = new TraceRecorder()
    trace.http({ method: 'GET', path: '/api/x', token: 't' }, performance.now(), {
      answer: {
        status: 200,
        headers: {},
        body: { rows: 'y'.repeat(TRACE_LIMITS.body_chars) },
        duration_ms: 3,
      },
    })
    const [event] = trace.document(RESULT).events
    expect(event).toMatchObject({ type: 'http', user: 'a token of no declared user', status: 200 })
    expect(event).toHaveProperty('response_body_cut.size', TRACE_LIMITS.body_chars + 11)
  })
})

describe('reading a trace back', () => {
  it('names what is wrong with a file that is not a trace', () => {
    expect(parseTrace([])).toEqual({ problems: ['not a JSON object'] })
    expect(parseTrace({ format: 'fanspole-scenario-trace', version: 1, events: 'no' })).toMatchObject({
      problems: expect.arrayContaining(['events: Invalid input: expected array, received string']),
    })
  })
})

describe('the timeline renders bodies compactly', () => {
  it('unquotes keys and plain words; an error answer shows its error keys', () => {
    expect(compact({ type: 'locked', n: 5, text: 'two words', list: [1, null] })).toBe(
      '{type: locked, n: 5, text: "two words", list: [1, null]}',
    )
    expect(keyPart({ error: 'Contest is full', code: 'contest_full', contest: { id: 1 } })).toBe(
      '{error: "Contest is full", code: contest_full}',
    )
  })
})

describe('the failed step in the timeline', () => {
  it('lists each difference once, with the headline only when it says more', () => {
    const trace = new TraceRecorder()
    const status = { path: 'status', message: 'expected status 200, actual 404' }
    trace.stepStart({ index: 1, name: 'joins', kind: 'http' })
    trace.stepEnd({
      ...{ index: 1, name: 'joins', kind: 'http' },
      status: 'failed',
      duration_ms: 2,
      error: 'status: expected status 200, actual 404',
      mismatches: [{ ...status, expected: 200 }],
    })
    trace.stepStart({ index: 2, name: 'hears', kind: 'cable_message' })
    trace.stepEnd({
      ...{ index: 2, name: 'hears', kind: 'cable_message' },
      status: 'failed',
      duration_ms: 2,
      error: 'no message matched',
      mismatches: [{ path: 'message.type', message: 'expected "a", actual "b"', expected: 'a' }],
    })
    const lines = renderTrace(trace.document(RESULT), style(false))
    expect(lines.filter((l) => l.includes('expected status 200, actual 404'))).toEqual([
      '      status: expected status 200, actual 404',
    ])
    expect(lines).toContain('    ✗ no message matched')
    expect(lines).toContain('      message.type: expected "a", actual "b"')
  })
})

describe('trace file names', () => {
  it('come from the scenario file and name, the same on every run', () => {
    expect(traceFileName('scenarios/daily-loop.yaml', 'Daily loop: join & win')).toBe(
      'daily-loop--daily-loop-join-win.trace.json',
    )
    expect(traceFileName('x/auth.yaml', 'auth')).toBe('auth.trace.json')
    // Cut at 60 characters, never ending on a dash.
    expect(traceFileName('x.yaml', `${'a'.repeat(59)} b`)).toBe(`x--${'a'.repeat(59)}.trace.json`)
  })
})

describe('the HTML check used on the report', () => {
  it('finds an element left open, a wrong close and a stray <', () => {
    expect(unclosedTags('<!DOCTYPE html><html><body><p>a<br>b</p></body></html>')).toEqual([])
    expect(unclosedTags('<div><span></div>')).toHaveLength(2)
    expect(unclosedTags('<p>1 < 2</p>')).toEqual([expect.stringMatching(/^stray/)])
  })
})
