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

/**
 * Times, all in one zone: the browser's. The server sends instants (epoch ms); the page says them
 * where the reader is, with the zone's short name where a misread costs something (deadlines,
 * match starts, passbook rows): "3 Dec, 14:30 IST". The formatters are cached per zone, so a
 * test (or a caller) may ask for another zone without building one per call.
 */
export interface ZoneOption {
  /** An IANA zone ("Asia/Kolkata"); the browser's own when left out. */
  timeZone?: string
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(kind: 'stamp' | 'clock' | 'day' | 'year', timeZone: string | undefined) {
  const key = `${kind}|${timeZone ?? ''}`
  let found = formatters.get(key)
  if (!found) {
    const base: Intl.DateTimeFormatOptions = { timeZone }
    const options: Intl.DateTimeFormatOptions =
      kind === 'clock'
        ? { ...base, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : kind === 'day'
          ? { ...base, day: 'numeric', month: 'short' }
          : kind === 'year'
            ? { ...base, year: 'numeric' }
            : {
                ...base,
                day: 'numeric',
                month: 'short',
                hour: '2-digit',
                minute: '2-digit',
                hourCycle: 'h23',
                timeZoneName: 'short',
              }
    found = new Intl.DateTimeFormat('en-IN', options)
    formatters.set(key, found)
  }
  return found
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? ''
}

/** The zone's short name as the reader knows it: "IST", "UTC", "GMT-5". */
export function zoneName(atMs: number, zone: ZoneOption = {}): string {
  return part(formatter('stamp', zone.timeZone).formatToParts(atMs), 'timeZoneName')
}

/**
 * "3 Dec, 14:30 IST" — a day, a 24-hour clock and the zone; the year only when it is not this
 * year's ("3 Dec 2025, 14:30 IST").
 */
export function formatDateTime(atMs: number, zone: ZoneOption & { nowMs?: number } = {}): string {
  const parts = formatter('stamp', zone.timeZone).formatToParts(atMs)
  const year = formatter('year', zone.timeZone)
  const thisYear = year.format(zone.nowMs ?? serverNow())
  const yearText = year.format(atMs) === thisYear ? '' : ` ${year.format(atMs)}`
  const clock = `${part(parts, 'hour')}:${part(parts, 'minute')}`
  return `${part(parts, 'day')} ${part(parts, 'month')}${yearText}, ${clock} ${part(parts, 'timeZoneName')}`
}

/** "14:30": a clock time where the day and zone are plain from the page (chat messages). */
export function formatClock(atMs: number, zone: ZoneOption = {}): string {
  return formatter('clock', zone.timeZone).format(atMs)
}

/** "3 Dec": a day alone. */
export function formatDay(atMs: number, zone: ZoneOption = {}): string {
  return formatter('day', zone.timeZone).format(atMs)
}
