import { describe, expect, it } from 'vitest'
import {
  isAllowedToRedeem,
  maskAccountNumber,
  missingForRedeem,
  normaliseMobile,
  sniffImageType,
} from '../../../server/domain/kyc-rules'
import { checkRedemption, istDayStart, strSmall } from '../../../server/domain/redemption-rules'

describe('normaliseMobile', () => {
  it('keeps 10 digits starting 6–9 and strips +91, 0091, a leading 0, spaces and dashes', () => {
    for (const input of ['9876543210', '+91 98765 43210', '0091-9876543210', '09876543210'])
      expect(normaliseMobile(input)).toBe('9876543210')
    for (const input of ['5876543210', '987654321', '98765432100', '+1 9876543210', '98765o4321'])
      expect(normaliseMobile(input)).toBeNull()
  })
})

describe('sniffImageType', () => {
  const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0)])
  it('knows PNG, JPEG and WebP by their signatures and nothing else', () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png')
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg')
    expect(sniffImageType(new TextEncoder().encode('RIFF\x10\0\0\0WEBPVP8 '))).toBe('image/webp')
    expect(sniffImageType(new TextEncoder().encode('RIFF\x10\0\0\0WAVEfmt '))).toBeNull()
    expect(sniffImageType(new TextEncoder().encode('GIF89a......'))).toBeNull()
    expect(sniffImageType(new Uint8Array([0x89, 0x50]))).toBeNull()
  })
})

describe('redeem permission', () => {
  const ok = { mobileApproved: true, pancardStatus: 'approved', hasBankDetails: false, hasActiveUpi: true }
  it('needs mobile, an approved PAN and a destination', () => {
    expect(isAllowedToRedeem(ok)).toBe(true)
    expect(isAllowedToRedeem({ ...ok, hasActiveUpi: false, hasBankDetails: true })).toBe(true)
    expect(isAllowedToRedeem({ ...ok, mobileApproved: false })).toBe(false)
    expect(isAllowedToRedeem({ ...ok, pancardStatus: 'pending' })).toBe(false)
    expect(isAllowedToRedeem({ ...ok, hasActiveUpi: false })).toBe(false)
    expect(missingForRedeem({ ...ok, pancardStatus: 'rejected', hasActiveUpi: false })).toEqual([
      'an approved PAN',
      'bank details or an active UPI id',
    ])
  })
  it('masks all but the last four digits', () => {
    expect(maskAccountNumber('001234567890')).toBe('XXXXXXXX7890')
  })
})

describe('checkRedemption', () => {
  const upi = {
    code: 'upi',
    name: 'UPI',
    minAmountPaise: 10_000,
    feePaise: 1_000,
    dailyLimitPaise: 1_000_000,
  }
  const check = (amountPaise: number, winningsPaise: number, usedTodayPaise = 0) =>
    checkRedemption({ amountPaise, type: upi, winningsPaise, usedTodayPaise })
  it('puts the fee on top of the amount', () => {
    expect(check(10_000, 11_000)).toBeNull()
    expect(check(10_000, 10_999)).toEqual({
      rule: 'insufficient_winnings',
      neededPaise: 11_000,
      winningsPaise: 10_999,
    })
  })
  it('applies the minimum and the daily limit to the amount paid out', () => {
    expect(check(9_999, 100_000)).toEqual({ rule: 'below_minimum', minimumPaise: 10_000 })
    expect(check(400_000, 10_000_000, 600_000)).toBeNull()
    expect(check(400_001, 10_000_000, 600_000)).toMatchObject({ rule: 'daily_limit' })
  })
})

describe('India time', () => {
  it('starts the day at midnight IST (18:30 UTC the day before)', () => {
    const at = Date.UTC(2026, 10, 22, 6, 0)
    expect(new Date(istDayStart(at)).toISOString()).toBe('2026-11-21T18:30:00.000Z')
    expect(istDayStart(Date.UTC(2026, 10, 22, 18, 30))).toBe(Date.UTC(2026, 10, 22, 18, 30))
    expect(istDayStart(Date.UTC(2026, 10, 22, 18, 29, 59, 999))).toBe(Date.UTC(2026, 10, 21, 18, 30))
  })
  it('writes the short date in IST with a 12-hour clock', () => {
    expect(strSmall(Date.UTC(2026, 10, 22, 6, 0))).toBe('22 Nov 2026, 11:30 AM')
    expect(strSmall(Date.UTC(2026, 10, 22, 18, 45))).toBe('23 Nov 2026, 12:15 AM')
    expect(strSmall(Date.UTC(2026, 10, 22, 7, 5))).toBe('22 Nov 2026, 12:35 PM')
  })
})
