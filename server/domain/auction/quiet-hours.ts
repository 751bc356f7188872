/**
 * Quiet hours (docs/auctions.md, "Over days"): a nightly window of wall-clock hours in a time
 * zone during which a long-timer auction's clock stops. Pure arithmetic over epoch ms and the
 * zone rules Intl knows, so the server, the web and the CLI read the same window.
 *
 * A window is [start, end): it starts at `from` on a local day and ends at the next `to`
 * (the same day when `to` is later, the next day when it crosses midnight). Around a daylight
 * saving change a local time that does not exist (01:30 on the spring-forward night in London)
 * is taken at the same offset as before the change, i.e. an hour later on the clock; a local
 * time that happens twice is taken the first time.
 */
export interface QuietHours {
  /** Local wall time the window starts, HH:MM (24 h). */
  from: string
  /** Local wall time the window ends, HH:MM; a value at or before `from` crosses midnight. */
  to: string
  /** An IANA time zone, e.g. `Asia/Kolkata`, `Europe/London`. */
  time_zone: string
}

export interface QuietWindow {
  startMs: number
  endMs: number
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Minutes after local midnight of an `HH:MM`, or null when it is not one. */
export function minutesOfDay(text: string): number | null {
  const m = HH_MM.exec(text)
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}

/** Whether Intl knows the zone (IANA names; `UTC` too). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '') return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** What is wrong with a window, or null: each field's problem, as the API's `errors` lists them. */
export function quietHoursProblems(q: QuietHours): Record<string, string> | null {
  const out: Record<string, string> = {}
  const from = minutesOfDay(q.from)
  const to = minutesOfDay(q.to)
  if (from === null) out.from = 'must be a time of day as HH:MM (24 h), e.g. 22:00'
  if (to === null) out.to = 'must be a time of day as HH:MM (24 h), e.g. 08:00'
  if (from !== null && from === to) out.to = 'must differ from `from` (an empty or whole-day window)'
  if (!isTimeZone(q.time_zone))
    out.time_zone = 'must be an IANA time zone, e.g. Asia/Kolkata or Europe/London'
  return Object.keys(out).length > 0 ? out : null
}

const DAY_MS = 86_400_000

/** The zone's wall clock at an instant, as if it were UTC (y, m, d, h, min of the local time). */
function wallAsUtc(zone: string, atMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(atMs))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
}

/** The zone's offset from UTC at an instant, in ms (whole seconds: the sub-second part dropped). */
function offsetAt(zone: string, atMs: number): number {
  const whole = Math.floor(atMs / 1000) * 1000
  return wallAsUtc(zone, whole) - whole
}

/** The instant a local wall time (given as if UTC) happens in the zone: see the DST note above. */
function instantOf(zone: string, wallMs: number): number {
  const before = offsetAt(zone, wallMs - DAY_MS / 2)
  const first = wallMs - before
  if (offsetAt(zone, first) === before) return first
  // The offset changed between: take the later offset if the wall time exists under it
  // (else it fell in a spring-forward gap, and the earlier offset's instant stands).
  const after = offsetAt(zone, wallMs + DAY_MS / 2)
  const second = wallMs - after
  return wallAsUtc(zone, second) === wallMs ? second : first
}

/** The window that starts on the local day `dayWallMs` (a local midnight, as if UTC). */
function windowOfDay(q: QuietHours, dayWallMs: number): QuietWindow {
  const from = minutesOfDay(q.from) ?? 0
  const to = minutesOfDay(q.to) ?? 0
  const endDay = to > from ? dayWallMs : dayWallMs + DAY_MS
  return {
    startMs: instantOf(q.time_zone, dayWallMs + from * 60_000),
    endMs: instantOf(q.time_zone, endDay + to * 60_000),
  }
}

/** The windows starting on the local days around an instant, in order. */
function windowsAround(q: QuietHours, atMs: number): QuietWindow[] {
  const wall = wallAsUtc(q.time_zone, atMs)
  const day = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS)
  return [-1, 0, 1, 2].map((d) => windowOfDay(q, day + d * DAY_MS))
}

/** The window an instant falls in (start included, end excluded), or null outside every window. */
export function quietWindowAt(q: QuietHours, atMs: number): QuietWindow | null {
  return windowsAround(q, atMs).find((w) => w.startMs <= atMs && atMs < w.endMs) ?? null
}

/** The start of the first window after an instant (strictly later). */
export function nextQuietStart(q: QuietHours, atMs: number): number {
  const next = windowsAround(q, atMs).find((w) => w.startMs > atMs)
  return next ? next.startMs : atMs + DAY_MS
}

/** "08:00" with the zone, for messages: `Paused overnight — bidding resumes at 08:00 (Asia/Kolkata)`. */
export function quietNote(q: QuietHours, untilMs: number): string {
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone: q.time_zone,
    hourCycle: 'h23',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(untilMs))
  return `Paused overnight — bidding resumes at ${local} (${q.time_zone})`
}
