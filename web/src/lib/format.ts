import { trimText } from '../../../server/domain/text'
import { serverNow } from './server-time'

/** Indian digit grouping everywhere (1,23,45,678); formatters are built once, they are costly. */
const numberFormat = new Intl.NumberFormat('en-IN')
const rupeesWhole = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
})
const rupeesPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

export function formatNumber(value: number): string {
  return numberFormat.format(value)
}

/** Rupees as the API sends them (49.5) → "₹49.50"; whole amounts drop the paise ("₹1,200"). */
export function formatMoney(rupees: number): string {
  return Number.isInteger(rupees) ? rupeesWhole.format(rupees) : rupeesPaise.format(rupees)
}

const UNITS: Array<[limitSeconds: number, seconds: number, unit: Intl.RelativeTimeFormatUnit]> = [
  [60, 1, 'second'],
  [3600, 60, 'minute'],
  [86_400, 3600, 'hour'],
  [Number.POSITIVE_INFINITY, 86_400, 'day'],
]
const relative = new Intl.RelativeTimeFormat('en-IN', { numeric: 'always' })

/** "12 seconds ago", "5 minutes ago", "3 hours ago", "2 days ago" (or "in …" for the future). */
export function relativeTime(atMs: number, nowMs: number = serverNow()): string {
  const diffSeconds = Math.round((atMs - nowMs) / 1000)
  const abs = Math.abs(diffSeconds)
  if (abs < 5) return 'just now'
  for (const [limit, size, unit] of UNITS) {
    if (abs < limit) return relative.format(Math.trunc(diffSeconds / size), unit)
  }
  return relative.format(Math.trunc(diffSeconds / 86_400), 'day')
}

export { trimText }
