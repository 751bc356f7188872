import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkPosting, splitDebit } from '../../../server/domain/ledger'
import { creditsToTenths, paiseToRupees, rupeesToPaise, tenthsToCredits } from '../../../server/domain/money'

describe('money', () => {
  it('parses rupees into integer paise without floats', () => {
    expect(rupeesToPaise('49.5')).toBe(4950)
    expect(rupeesToPaise(49.5)).toBe(4950)
    expect(rupeesToPaise('0.07')).toBe(7)
    expect(rupeesToPaise(0.1 + 0.2)).toBeNull() // 0.30000000000000004 has more than 2 decimals
    expect(rupeesToPaise('10')).toBe(1000)
    expect(rupeesToPaise('-3.25')).toBe(-325)
    expect(rupeesToPaise('1.234')).toBeNull()
    expect(rupeesToPaise('abc')).toBeNull()
    expect(rupeesToPaise('1e3')).toBeNull()
  })

  it('round-trips every two-decimal amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (paise) => {
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise)
      }),
    )
  })

  it('keeps credits as tenths', () => {
    expect(creditsToTenths('9.5')).toBe(95)
    expect(creditsToTenths(100)).toBe(1000)
    expect(creditsToTenths('9.55')).toBeNull()
    expect(tenthsToCredits(95)).toBe(9.5)
  })
})

describe('ledger rules', () => {
  it('accepts balanced postings and names every broken rule', () => {
    expect(
      checkPosting([
        { accountId: 1, currency: 'INR', amount: -500 },
        { accountId: 2, currency: 'INR', amount: 500 },
      ]),
    ).toEqual([])
    expect(checkPosting([{ accountId: 1, currency: 'INR', amount: 5 }]).map((p) => p.rule)).toEqual([
      'too_few_lines',
      'unbalanced',
    ])
    expect(
      checkPosting([
        { accountId: 1, currency: 'INR', amount: -5 },
        { accountId: 2, currency: 'COIN', amount: 5 },
      ]).map((p) => p.rule),
    ).toEqual(['unbalanced', 'unbalanced'])
    expect(
      checkPosting([
        { accountId: 1, currency: 'INR', amount: 0.5 },
        { accountId: 1, currency: 'INR', amount: -0.5 },
      ]).map((p) => p.rule),
    ).toEqual(['bad_amount', 'bad_amount', 'duplicate_account'])
  })

  it('debits unused balance first, then winnings', () => {
    expect(splitDebit(50, { unused: 30, winnings: 100 })).toEqual({
      fromUnused: 30,
      fromWinnings: 20,
      sufficient: true,
    })
    expect(splitDebit(50, { unused: 80, winnings: 0 })).toEqual({
      fromUnused: 50,
      fromWinnings: 0,
      sufficient: true,
    })
    expect(splitDebit(50, { unused: 10, winnings: 10 }).sufficient).toBe(false)
  })
})
