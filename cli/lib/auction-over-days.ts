import type { Command } from 'commander'
import { isTimeZone, minutesOfDay } from '../../server/domain/auction/quiet-hours'
import { UsageError } from './errors'
import { DURATION_EXAMPLES, parseDuration } from './time'

/**
 * `fanspole auction create`'s flags for an auction that runs over days (docs/auctions.md,
 * "Over days"): `--lot-timer 6h`, `--quiet-hours 22:00-08:00 --time-zone Asia/Kolkata`,
 * `--stand-in`. Checked here first (exit 2 naming the form), then by the server.
 */
export interface OverDaysFlags {
  lotSeconds: string
  lotTimer?: string
  quietHours?: string
  timeZone?: string
  standIn?: boolean
}

export const QUIET_HOURS_FORM = 'HH:MM-HH:MM in 24-hour time, e.g. 22:00-08:00 (a window may cross midnight)'

export function overDaysOptions(cmd: Command): Command {
  return cmd
    .option(
      '--lot-timer <duration>',
      `a lot's timer as a duration (${DURATION_EXAMPLES}; instead of --lot-seconds): up to 2m, or up to 24h with --quiet-hours`,
    )
    .option('--quiet-hours <from-to>', `the clock stops every night in this window: ${QUIET_HOURS_FORM}`)
    .option(
      '--time-zone <zone>',
      'the time zone of --quiet-hours, e.g. Asia/Kolkata (default: this computer’s)',
    )
    .option('--stand-in', 'when a lot opens, a bot bids for each absent student until they bid again')
}

/** The create body's `lot_seconds`, `quiet_hours` and `stand_in` from the flags. */
export function overDaysBody(flags: OverDaysFlags): Record<string, unknown> {
  const body: Record<string, unknown> = { lot_seconds: Number(flags.lotSeconds) }
  if (flags.lotTimer !== undefined) {
    const ms = parseDuration(flags.lotTimer)
    if (ms === undefined || ms < 1000 || ms % 1000 !== 0)
      throw new UsageError(
        `--lot-timer: expected a whole number of seconds as a duration (${DURATION_EXAMPLES}), got ${JSON.stringify(flags.lotTimer)}`,
      )
    body.lot_seconds = ms / 1000
  }
  if (flags.timeZone !== undefined && flags.quietHours === undefined)
    throw new UsageError(
      '--time-zone goes with --quiet-hours (e.g. --quiet-hours 22:00-08:00 --time-zone Asia/Kolkata)',
    )
  if (flags.quietHours !== undefined) {
    const [from, to, ...rest] = flags.quietHours.split('-')
    if (
      from === undefined ||
      to === undefined ||
      rest.length > 0 ||
      minutesOfDay(from) === null ||
      minutesOfDay(to) === null
    )
      throw new UsageError(
        `--quiet-hours: expected ${QUIET_HOURS_FORM}, got ${JSON.stringify(flags.quietHours)}`,
      )
    if (from === to)
      throw new UsageError(
        `--quiet-hours: from and to must differ, got ${JSON.stringify(flags.quietHours)} (${QUIET_HOURS_FORM})`,
      )
    const zone = flags.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone
    if (!isTimeZone(zone))
      throw new UsageError(
        `--time-zone: expected an IANA time zone such as Asia/Kolkata or Europe/London, got ${JSON.stringify(zone)}`,
      )
    body.quiet_hours = { from, to, time_zone: zone }
  }
  if (flags.standIn) body.stand_in = true
  return body
}

/** `Quiet 22:00–08:00 Asia/Kolkata: paused overnight — resumes …` for `create` and `show`. */
export function overDaysLine(a: {
  quiet_hours?: { from: string; to: string; time_zone: string } | null
  paused_note?: string | null
  stand_in?: boolean
}): string | null {
  const parts: string[] = []
  if (a.quiet_hours)
    parts.push(`Quiet hours ${a.quiet_hours.from}–${a.quiet_hours.to} (${a.quiet_hours.time_zone})`)
  if (a.stand_in) parts.push('bots stand in for absent students')
  if (a.paused_note) parts.push(a.paused_note)
  return parts.length > 0 ? parts.join(' · ') : null
}

/** `12 s`, or for a long lot `5h 59m` (`6h 00m`). */
export function timeLeft(ms: number): string {
  const s = Math.ceil(ms / 1000)
  if (s < 120) return `${s} s`
  const minutes = Math.floor(s / 60)
  return minutes < 60
    ? `${minutes}m`
    : `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`
}
