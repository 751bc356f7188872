import { describe, expect, it } from 'vitest'
import { draftGaps } from '../../../web/src/features/contest-create/ready'
import { formatClock, formatDateTime, formatDay, zoneName } from '../../../web/src/lib/format'
import { pageTitle } from '../../../web/src/lib/page-title'

// 3 Dec 2026, 09:00 UTC: 14:30 in India, 04:00 in New York (EST).
const AT = Date.UTC(2026, 11, 3, 9, 0)
const NOW = Date.UTC(2026, 11, 1)

describe('times in the reader’s zone (lib/format)', () => {
  it('says a deadline with its zone, in the zone asked for', () => {
    expect(formatDateTime(AT, { timeZone: 'Asia/Kolkata', nowMs: NOW })).toBe('3 Dec, 14:30 IST')
    expect(formatDateTime(AT, { timeZone: 'UTC', nowMs: NOW })).toBe('3 Dec, 09:00 UTC')
    expect(formatDateTime(AT, { timeZone: 'America/New_York', nowMs: NOW })).toBe('3 Dec, 04:00 GMT-5')
  })

  it('adds the year only for another year', () => {
    expect(formatDateTime(AT, { timeZone: 'UTC', nowMs: Date.UTC(2027, 0, 2) })).toBe('3 Dec 2026, 09:00 UTC')
  })

  it('crosses midnight with the zone: the day is the reader’s', () => {
    const late = Date.UTC(2026, 11, 3, 20, 0)
    expect(formatDay(late, { timeZone: 'Asia/Kolkata' })).toBe('4 Dec')
    expect(formatDay(late, { timeZone: 'America/New_York' })).toBe('3 Dec')
    expect(formatClock(late, { timeZone: 'Asia/Kolkata' })).toBe('01:30')
    expect(formatClock(late, { timeZone: 'America/New_York' })).toBe('15:00')
  })

  it('names the zone as the reader knows it', () => {
    expect(zoneName(AT, { timeZone: 'Asia/Kolkata' })).toBe('IST')
    expect(zoneName(AT, { timeZone: 'UTC' })).toBe('UTC')
  })
})

describe('pageTitle', () => {
  it('puts the page first and the site last, leaving out what is not known yet', () => {
    expect(pageTitle('Mega Contest', 'DEL vs JAI')).toBe('Mega Contest · DEL vs JAI · Fanspole')
    expect(pageTitle(undefined, null, 'Wallet')).toBe('Wallet · Fanspole')
    expect(pageTitle()).toBe('Fanspole')
  })
})

describe('draftGaps (a new contest draft worth verifying)', () => {
  const complete = {
    game: 'single-match',
    match_id: 7,
    name: 'Friends Cup',
    entry_fee: 50,
    members_limit: 4,
  }

  it('finds none in a complete draft', () => {
    expect(draftGaps(complete)).toEqual({})
    expect(draftGaps({ ...complete, game: 'championship', match_id: undefined, phase_id: 3 })).toEqual({})
  })

  it('names what the opened form still lacks, field by field', () => {
    const gaps = draftGaps({ ...complete, match_id: undefined, name: '' })
    expect(Object.keys(gaps).sort()).toEqual(['match_id', 'name'])
    expect(gaps.match_id).toEqual(['Pick a match'])
  })

  it('wants a phase, not a match, for a championship contest', () => {
    expect(Object.keys(draftGaps({ ...complete, game: 'championship' }))).toEqual(['phase_id'])
  })

  it('leaves the values to the server: a typed fee that is not a number is a gap, a big one is not', () => {
    expect(Object.keys(draftGaps({ ...complete, entry_fee: 'abc' as unknown as number }))).toEqual([
      'entry_fee',
    ])
    expect(draftGaps({ ...complete, entry_fee: 99_999_999 })).toEqual({})
  })
})
