import { describe, expect, it } from 'vitest'
import { csvField, toCsv } from '../../../server/domain/csv'

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r', '"cr\r"'],
    [' padded ', '" padded "'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['@cmd, x', `"'@cmd, x"`],
    [-10, '-10'],
    [2.5, '2.5'],
    [null, ''],
    [undefined, ''],
  ])('writes %j as %s', (value, written) => {
    expect(csvField(value)).toBe(written)
  })
})

describe('toCsv', () => {
  const columns = [
    { header: 'name', value: (r: { name: string; n: number }) => r.name },
    { header: 'n', value: (r: { name: string; n: number }) => r.n },
  ]
  it('writes the header alone for no rows', () => {
    expect(toCsv(columns, [])).toBe('name,n\r\n')
  })
  it('ends every line with CRLF and quotes fields that need it', () => {
    expect(
      toCsv(columns, [
        { name: 'Asha, "Ace"', n: 1 },
        { name: 'line\nbreak', n: -2 },
      ]),
    ).toBe('name,n\r\n"Asha, ""Ace""",1\r\n"line\nbreak",-2\r\n')
  })
})
