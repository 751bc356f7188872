import { describe, expect, it } from 'vitest'
import { formatRecord, passes, pathMatcher, STATUS_SPEC, statusMatcher } from '../../../cli/lib/log-filter'
import { redact } from '../../../server/http/request-tap'

const request = (over: Record<string, unknown> = {}) => ({
  type: 'request',
  at_ms: Date.UTC(2026, 11, 3, 12, 1, 2, 345),
  method: 'POST',
  path: '/api/contests/12/join',
  query: '',
  status: 201,
  ms: 14,
  user_email: 'alice@example.test',
  ...over,
})

describe('logs tail filters', () => {
  it('reads --path as a glob (* within a segment, ** across) or a /regular expression/', () => {
    expect(pathMatcher('/api/contests/*/join').test('/api/contests/12/join')).toBe(true)
    expect(pathMatcher('/api/*').test('/api/contests/12/join')).toBe(false)
    expect(pathMatcher('/api/**').test('/api/contests/12/join')).toBe(true)
    expect(pathMatcher('/api/me').test('/api/me')).toBe(true)
    expect(pathMatcher('/api/nothing').test('/api/nothing')).toBe(true)
    expect(pathMatcher('/join$/i').test('/api/contests/12/JOIN')).toBe(true)
  })

  it('reads --status as codes and classes', () => {
    expect(STATUS_SPEC.test('4xx,201')).toBe(true)
    expect(STATUS_SPEC.test('9xx')).toBe(false)
    const match = statusMatcher('4xx,201')
    expect([201, 404, 422, 200, 500].map(match)).toEqual([true, true, true, false, false])
  })

  it('filters requests by user, path and status; broadcasts only by path', () => {
    const broadcast = { type: 'broadcast', stream: 'contest:12', message_type: 'leaderboard' }
    expect(passes(request(), { user: 'ALICE@example.test' })).toBe(true)
    expect(passes(request(), { user: 'bob@example.test' })).toBe(false)
    expect(passes(request(), { status: statusMatcher('4xx') })).toBe(false)
    expect(passes(broadcast, { user: 'alice@example.test' })).toBe(false)
    expect(passes(broadcast, { path: pathMatcher('contest:*') })).toBe(true)
    expect(passes(broadcast, {})).toBe(true)
  })

  it('prints a request and a broadcast as one line each (UTC)', () => {
    expect(formatRecord(request())).toBe(
      '12:01:02.345 alice@example.test POST /api/contests/12/join 201 14ms',
    )
    expect(
      formatRecord({
        type: 'broadcast',
        at_ms: Date.UTC(2026, 11, 3, 12, 1, 2, 400),
        stream: 'contest:12',
        channel: 'ContestChannel',
        message_type: 'locked',
      }),
    ).toBe('12:01:02.400 → broadcast ContestChannel contest:12 locked')
  })
})

describe('redact (the server log)', () => {
  it('hides passwords, tokens, OTPs, card and UPI numbers, and keeps the rest', () => {
    expect(
      redact({
        email: 'a@b.test',
        password: 'hunter2',
        grant_type: 'password',
        refresh_token: 'abc',
        otp: '123456',
        upi_id: 'alice@okbank',
        card_number: '4111 1111 1111 1111',
        note: '4111111111111111',
        nested: [{ access_token: 'x', team_id: 5 }],
        scratch_card_id: 7,
      }),
    ).toEqual({
      email: 'a@b.test',
      password: '[redacted]',
      grant_type: 'password',
      refresh_token: '[redacted]',
      otp: '[redacted]',
      upi_id: '[redacted]',
      card_number: '[redacted]',
      note: '[redacted]',
      nested: [{ access_token: '[redacted]', team_id: 5 }],
      scratch_card_id: 7,
    })
  })
})
