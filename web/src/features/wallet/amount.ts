import { rupeesToPaise } from '../../../../server/domain/money'

/** Deposit limits (DESIGN §5): ₹10 to ₹10,000 a time, at most two decimals. */
export const MIN_DEPOSIT_PAISE = 1_000
export const MAX_DEPOSIT_PAISE = 1_000_000
export const QUICK_AMOUNTS = [100, 250, 500, 1000] as const

/**
 * The same rule the server applies, so the form says what is wrong before a round trip.
 * Returns the message, or null when the amount is fine.
 */
export function depositAmountError(text: string): string | null {
  if (!text.trim()) return 'Enter an amount'
  const paise = rupeesToPaise(text)
  if (paise === null || paise < 0) return 'Enter rupees with at most two decimals, like 250 or 99.50'
  if (paise < MIN_DEPOSIT_PAISE) return 'The least you can add is ₹10'
  if (paise > MAX_DEPOSIT_PAISE) return 'The most you can add at once is ₹10,000'
  return null
}

/** Rupees from a withdrawal field, or null when it is not an amount with at most two decimals. */
export function parseRupees(text: string): number | null {
  const paise = rupeesToPaise(text)
  return paise === null || paise < 0 ? null : paise / 100
}

/** Whole paise arithmetic for what arrives after a fee (no float decides a paisa). */
export function minusFee(amount: number, fee: number): number {
  return (Math.round(amount * 100) - Math.round(fee * 100)) / 100
}
