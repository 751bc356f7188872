/**
 * Withdrawal (redemption) rules, pure: the limits of a redemption type checked against the
 * user's winnings and what they already withdrew today. Amounts in paise.
 *
 * The fee is charged ON TOP of the amount: asking for ₹100 by UPI pays ₹100 out and takes
 * ₹110 from winnings. The minimum and the daily limit apply to the amount paid out.
 */

export interface RedemptionTypeRule {
  code: string
  name: string
  minAmountPaise: number
  feePaise: number
  /** Per India day, over non-rejected requests of this type; null = no limit. */
  dailyLimitPaise: number | null
}

export type RedemptionViolation =
  | { rule: 'below_minimum'; minimumPaise: number }
  | { rule: 'daily_limit'; limitPaise: number; usedTodayPaise: number }
  | { rule: 'insufficient_winnings'; neededPaise: number; winningsPaise: number }

export function checkRedemption(input: {
  amountPaise: number
  type: RedemptionTypeRule
  winningsPaise: number
  usedTodayPaise: number
}): RedemptionViolation | null {
  const { amountPaise, type } = input
  if (amountPaise < type.minAmountPaise) return { rule: 'below_minimum', minimumPaise: type.minAmountPaise }
  if (type.dailyLimitPaise !== null && input.usedTodayPaise + amountPaise > type.dailyLimitPaise)
    return { rule: 'daily_limit', limitPaise: type.dailyLimitPaise, usedTodayPaise: input.usedTodayPaise }
  const needed = amountPaise + type.feePaise
  if (needed > input.winningsPaise)
    return { rule: 'insufficient_winnings', neededPaise: needed, winningsPaise: input.winningsPaise }
  return null
}

/** India Standard Time: UTC+05:30 all year (no daylight saving). */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000
const DAY_MS = 86_400_000

/** The instant the India day containing `ms` began (midnight IST). */
export function istDayStart(ms: number): number {
  return Math.floor((ms + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** `22 Nov 2026, 11:30 AM` in IST — the short date the spec's `created_at_str_small` shows. */
export function strSmall(ms: number): string {
  const d = new Date(ms + IST_OFFSET_MS)
  const h = d.getUTCHours()
  const hour12 = h % 12 === 0 ? 12 : h % 12
  const minutes = String(d.getUTCMinutes()).padStart(2, '0')
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hour12}:${minutes} ${h < 12 ? 'AM' : 'PM'}`
}
