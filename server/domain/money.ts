/**
 * Money is integer paise everywhere inside; the API shows rupees as numbers (49.5).
 * Conversions go through strings so that no float ever decides a paisa.
 */
export const PAISE_PER_RUPEE = 100

/** Parses rupees ("49.5", 49.5, "10") into paise; null when not a valid amount with ≤ 2 decimals. */
export function rupeesToPaise(value: number | string): number | null {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim()
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  const [, sign, whole, frac = ''] = match
  const paise = Number(whole) * PAISE_PER_RUPEE + Number(frac.padEnd(2, '0'))
  if (!Number.isSafeInteger(paise)) return null
  return sign ? -paise : paise
}

/** Paise → rupees for display and JSON (4950 → 49.5). */
export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE
}

/** Credits are integer tenths: 9.5 credits → 95, budget 100 → 1000. */
export function creditsToTenths(value: number | string): number | null {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim()
  const match = /^(\d+)(?:\.(\d))?$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 10 + Number(match[2] ?? '0')
}

export function tenthsToCredits(tenths: number): number {
  return tenths / 10
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return 'NaN'
  // Avoid exponent notation; more than 2 decimals is rejected by the caller's pattern anyway.
  return value.toFixed(Math.min(20, Math.max(0, decimals(value))))
}

function decimals(value: number): number {
  const s = String(value)
  if (s.includes('e-')) return Number(s.split('e-')[1]) + 2
  const dot = s.indexOf('.')
  return dot === -1 ? 0 : s.length - dot - 1
}
