import { describe, expect, it } from 'vitest'
import { style, visibleWidth } from '../../../cli/lib/style'
import { formatFields, formatTable, rupees } from '../../../cli/lib/table'
import { formatDuration, formatInstant, parseDuration, parseInstant } from '../../../cli/lib/time'

describe('parseDuration', () => {
  it.each([
    ['90s', 90_000],
    ['15m', 900_000],
    ['2h', 7_200_000],
    ['3d', 259_200_000],
    ['1w', 604_800_000],
    ['1h30m', 5_400_000],
    ['250ms', 250],
    ['1.5h', 5_400_000],
    [' 2H ', 7_200_000],
  ])('reads %s', (text, ms) => {
    expect(parseDuration(text)).toBe(ms)
  })

  it.each(['', '2', '2 hours', 'h', '-1h', '2h-', '1y'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined()
  })
})

describe('parseInstant', () => {
  it('reads epoch milliseconds and ISO date-times with or without an offset', () => {
    expect(parseInstant('1795327200000')).toBe(1_795_327_200_000)
    expect(parseInstant('2026-11-22T06:00:00Z')).toBe(Date.UTC(2026, 10, 22, 6))
    expect(parseInstant('2026-11-22T11:30:00+05:30')).toBe(Date.UTC(2026, 10, 22, 6))
    expect(parseInstant('2026-11-22')).toBe(Date.UTC(2026, 10, 22))
  })

  it.each(['tomorrow', '22/11/2026', '2026-13-45T00:00:00Z', 'now'])('refuses %j', (text) => {
    expect(parseInstant(text)).toBeUndefined()
  })
})

describe('formatting', () => {
  it('writes durations and instants for people', () => {
    expect(formatDuration(93_784_000)).toBe('1d 2h 3m 4s')
    expect(formatDuration(0)).toBe('0s')
    expect(formatInstant(Date.UTC(2026, 10, 22, 6, 5, 7, 123))).toBe('2026-11-22 06:05:07 UTC')
  })

  it('groups rupees the Indian way', () => {
    expect(rupees(100000)).toBe('₹1,00,000.00')
    expect(rupees(49.5)).toBe('₹49.50')
  })
})

describe('formatTable', () => {
  const rows = [
    { name: 'kohli', runs: 12_169 },
    { name: 'de villiers', runs: 8 },
  ]

  it('pads every column to its widest cell and right-aligns numbers', () => {
    const text = formatTable(
      rows,
      [
        { header: 'NAME', value: (r) => r.name },
        { header: 'RUNS', value: (r) => r.runs },
      ],
      style(false),
    )
    expect(text).toBe('NAME          RUNS\nkohli        12169\nde villiers      8\n')
  })

  it('keeps the alignment when cells are coloured', () => {
    const s = style(true)
    const text = formatTable(
      rows,
      [
        { header: 'NAME', value: (r) => r.name, paint: (t) => s.green(t) },
        { header: 'RUNS', value: (r) => r.runs },
      ],
      s,
    )
    const widths = text
      .trimEnd()
      .split('\n')
      .map((line) => visibleWidth(line))
    expect(new Set(widths).size).toBe(1)
    expect(text).toContain('\u001b[32m')
  })

  it('shows a dash for missing values and pads field labels', () => {
    expect(
      formatFields(
        [
          ['full name', null],
          ['id', 7],
        ],
        style(false),
        '  ',
      ),
    ).toBe('  full name  -\n  id         7\n')
  })
})
