import { describe, expect, it } from 'vitest'
import {
  minutesOfDay,
  nextQuietStart,
  type QuietHours,
  quietHoursProblems,
  quietNote,
  quietWindowAt,
} from '../../../server/domain/auction/quiet-hours'

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString())
const at = (text: string) => Date.parse(text)

describe('quiet hours: the window arithmetic', () => {
  const kolkata: QuietHours = { from: '22:00', to: '08:00', time_zone: 'Asia/Kolkata' }

  it('reads HH:MM and refuses anything else', () => {
    expect(minutesOfDay('22:00')).toBe(1320)
    expect(minutesOfDay('00:05')).toBe(5)
    for (const bad of ['24:00', '7:00', '22:60', '22-00', '', '22:00:00'])
      expect(minutesOfDay(bad)).toBeNull()
  })

  it('refuses from == to, bad times and unknown zones, naming each field', () => {
    expect(quietHoursProblems(kolkata)).toBeNull()
    expect(quietHoursProblems({ from: '22:00', to: '22:00', time_zone: 'UTC' })).toEqual({
      to: expect.stringContaining('must differ'),
    })
    expect(quietHoursProblems({ from: '25:00', to: '8', time_zone: 'Mars/Olympus' })).toEqual({
      from: expect.stringContaining('HH:MM'),
      to: expect.stringContaining('HH:MM'),
      time_zone: expect.stringContaining('IANA'),
    })
  })

  it('crosses midnight: 22:00–08:00 in Kolkata (UTC+5:30) is 16:30–02:30 UTC', () => {
    // 23:00 IST on 3 Dec is 17:30 UTC: inside the window that started at 22:00 IST.
    const w = quietWindowAt(kolkata, at('2026-12-03T17:30:00Z'))
    expect(iso(w?.startMs)).toBe('2026-12-03T16:30:00.000Z')
    expect(iso(w?.endMs)).toBe('2026-12-04T02:30:00.000Z')
    // 03:00 IST on 4 Dec (21:30 UTC on 3 Dec) is in the same window, from its other side.
    expect(quietWindowAt(kolkata, at('2026-12-03T21:30:00Z'))?.startMs).toBe(w?.startMs)
    // The start is inside, the end is not.
    expect(quietWindowAt(kolkata, at('2026-12-03T16:30:00Z'))).not.toBeNull()
    expect(quietWindowAt(kolkata, at('2026-12-04T02:30:00Z'))).toBeNull()
    expect(quietWindowAt(kolkata, at('2026-12-04T06:00:00Z'))).toBeNull()
    expect(iso(nextQuietStart(kolkata, at('2026-12-04T02:30:00Z')))).toBe('2026-12-04T16:30:00.000Z')
    expect(iso(nextQuietStart(kolkata, at('2026-12-03T16:30:00Z')))).toBe('2026-12-04T16:30:00.000Z')
  })

  it('a window inside one day (13:00–14:00) does not cross midnight', () => {
    const lunch: QuietHours = { from: '13:00', to: '14:00', time_zone: 'UTC' }
    expect(iso(quietWindowAt(lunch, at('2026-12-03T13:59:59Z'))?.endMs)).toBe('2026-12-03T14:00:00.000Z')
    expect(quietWindowAt(lunch, at('2026-12-03T12:00:00Z'))).toBeNull()
    expect(iso(nextQuietStart(lunch, at('2026-12-03T12:00:00Z')))).toBe('2026-12-03T13:00:00.000Z')
  })

  it('follows Europe/London across daylight saving: the window is 10 h or 9 h or 11 h long', () => {
    const london: QuietHours = { from: '22:00', to: '08:00', time_zone: 'Europe/London' }
    // Winter (GMT): 22:00–08:00 UTC.
    const winter = quietWindowAt(london, at('2026-12-03T23:00:00Z'))
    expect([iso(winter?.startMs), iso(winter?.endMs)]).toEqual([
      '2026-12-03T22:00:00.000Z',
      '2026-12-04T08:00:00.000Z',
    ])
    // Summer (BST, UTC+1): 21:00–07:00 UTC.
    const summer = quietWindowAt(london, at('2026-07-01T23:00:00Z'))
    expect([iso(summer?.startMs), iso(summer?.endMs)]).toEqual([
      '2026-07-01T21:00:00.000Z',
      '2026-07-02T07:00:00.000Z',
    ])
    // Clocks go forward at 01:00 UTC on 29 March 2026: that night is 9 hours.
    const spring = quietWindowAt(london, at('2026-03-29T00:00:00Z'))
    expect([iso(spring?.startMs), iso(spring?.endMs)]).toEqual([
      '2026-03-28T22:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
    ])
    // Clocks go back at 01:00 UTC on 25 October 2026: that night is 11 hours.
    const autumn = quietWindowAt(london, at('2026-10-25T03:00:00Z'))
    expect([iso(autumn?.startMs), iso(autumn?.endMs)]).toEqual([
      '2026-10-24T21:00:00.000Z',
      '2026-10-25T08:00:00.000Z',
    ])
  })

  it('a boundary in the spring-forward gap happens an hour later on the clock', () => {
    const gap: QuietHours = { from: '01:30', to: '06:00', time_zone: 'Europe/London' }
    // 01:30 does not exist on 29 March 2026 in London: the window starts at 02:30 BST (01:30 UTC).
    expect(iso(nextQuietStart(gap, at('2026-03-28T12:00:00Z')))).toBe('2026-03-29T01:30:00.000Z')
  })

  it('says when bidding resumes in the zone', () => {
    expect(quietNote(kolkata, at('2026-12-04T02:30:00Z'))).toBe(
      'Paused overnight — bidding resumes at Fri 08:00 (Asia/Kolkata)',
    )
  })
})
