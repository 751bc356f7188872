import {
  ENTRY_FEE_MAX_PAISE,
  FULL_BPS,
  type PercentRange,
  percentRangeErrors,
  percentToBps,
  prizeOption,
} from '../../domain/contest-creation'
import {
  DEFAULT_REVEAL_MINUTES,
  ESPORTS_GAMES,
  type EsportsKind,
  type EsportsMode,
  GAME_LEVEL_MAX,
  maxSlots,
  REVEAL_MINUTES_MAX,
  REVEAL_MINUTES_MIN,
  START_MARGIN_MINUTES,
  STARTS_AT_MAX_DAYS,
} from '../../domain/esports/rules'
import { rupeesToPaise } from '../../domain/money'
import { DEFAULT_RAKE_BPS } from '../../domain/prizes'
import type { FieldErrors } from '../../http/errors'

export const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

export interface PrizeRangeInput {
  from: number
  to: number
  percent: number | string
}

export interface EsportsContestInput {
  kind: EsportsKind
  mode: EsportsMode
  name: string
  description?: string | null
  map?: string | null
  entry_fee: number | string
  per_kill?: number | string
  prize_ranges?: PrizeRangeInput[]
  prize_option?: string
  slots: number
  min_level?: number
  starts_at?: number | string
  /** Instead of starts_at: minutes from now on the league clock (the CLI's --starts-in). */
  starts_in_minutes?: number
  reveal_minutes?: number
  is_private?: boolean
}

export type EsportsContestEdit = Partial<Omit<EsportsContestInput, 'kind' | 'mode' | 'starts_in_minutes'>>

export class Problems {
  fields: FieldErrors = {}
  add(field: string, message: string) {
    const list = this.fields[field]
    if (list) list.push(message)
    else this.fields[field] = [message]
  }
  get any() {
    return Object.keys(this.fields).length > 0
  }
  merge(errors: FieldErrors | null) {
    for (const [k, v] of Object.entries(errors ?? {})) for (const m of v) this.add(k, m)
  }
}

/** `starts_at` as epoch ms or an ISO time; null when it is neither. */
export function parseStartsAt(value: number | string): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null
  const text = value.trim()
  if (/^\d{1,15}$/.test(text)) return Number(text)
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null
  const ms = Date.parse(text)
  return Number.isFinite(ms) ? ms : null
}

function wholeRupees(p: Problems, field: string, value: number | string, maxPaise: number, what: string) {
  const paise = rupeesToPaise(value)
  if (paise === null || paise < 0 || paise % 100 !== 0 || paise > maxPaise) {
    p.add(field, `must be whole rupees from 0 to ${maxPaise / 100}${what}`)
    return null
  }
  return paise
}

function percentsOf(
  p: Problems,
  input: { prize_ranges?: PrizeRangeInput[]; prize_option?: string },
  slots: number,
) {
  if (input.prize_ranges && input.prize_option)
    p.add('prize_option', 'give prize_option or prize_ranges, not both')
  if (input.prize_option) {
    const option = prizeOption(input.prize_option, slots)
    if (!option) {
      p.add('prize_option', `is not offered for ${slots} slots`)
      return []
    }
    return option.ranges
  }
  if (!input.prize_ranges) return prizeOption('winner_takes_all', slots)?.ranges ?? []
  const ranges: PercentRange[] = []
  input.prize_ranges.forEach((r, i) => {
    const n = typeof r.percent === 'number' ? r.percent : Number(r.percent)
    const bps = percentToBps(n)
    if (bps === null) p.add(`prize_ranges.${i}.percent`, 'must be a percent with at most 2 decimals')
    ranges.push({ from: r.from, to: r.to, percent_bps: bps ?? 0 })
  })
  return ranges
}

interface Money {
  entry_fee_paise: number
  rake_bps: number
  per_kill_paise: number
  prize_percents: PercentRange[]
  slots: number
  is_private: boolean
}

/** The money side of a draft (fee, rake, per kill, prize table, slots, privacy): checks into `p`. */
export function resolveMoney(
  p: Problems,
  game: (typeof ESPORTS_GAMES)[keyof typeof ESPORTS_GAMES]['slug'],
  mode: EsportsMode,
  input: {
    entry_fee: number | string
    per_kill?: number | string
    prize_ranges?: PrizeRangeInput[]
    prize_option?: string
    slots: number
    is_private?: boolean
  },
  defaults: { is_private: boolean | undefined },
): Money {
  const max = maxSlots(game, mode)
  if (!Number.isInteger(input.slots) || input.slots < 2 || input.slots > max)
    p.add('slots', `must be from 2 to ${max} (${ESPORTS_GAMES[game].name} ${mode})`)
  const fee = wholeRupees(p, 'entry_fee', input.entry_fee, ENTRY_FEE_MAX_PAISE, ' per player') ?? 0
  const rake = fee > 0 ? DEFAULT_RAKE_BPS : 0
  const isPrivate = input.is_private ?? defaults.is_private ?? fee === 0
  const killMax = Math.floor((fee * (FULL_BPS - rake)) / FULL_BPS / 100) * 100
  let perKill = 0
  let percents: PercentRange[] = []
  if (fee === 0) {
    if (!isPrivate) p.add('is_private', 'a free contest must be private')
    const kill = input.per_kill === undefined ? 0 : rupeesToPaise(input.per_kill)
    if (kill !== 0) p.add('per_kill', 'a free contest has no kill prizes')
    if (input.prize_ranges?.length || input.prize_option)
      p.add('prize_ranges', 'a free contest has no prizes')
  } else {
    perKill =
      input.per_kill === undefined
        ? 0
        : (wholeRupees(p, 'per_kill', input.per_kill, killMax, ' (at most the entry fee less the rake)') ?? 0)
    percents = percentsOf(p, input, input.slots)
    if (Number.isInteger(input.slots) && input.slots >= 2) p.merge(percentRangeErrors(percents, input.slots))
  }
  return {
    entry_fee_paise: fee,
    rake_bps: rake,
    per_kill_paise: perKill,
    prize_percents: percents,
    slots: input.slots,
    is_private: isPrivate,
  }
}

export function resolveSchedule(
  p: Problems,
  nowMs: number,
  input: { starts_at: number | string; reveal_minutes?: number },
): { starts_at_ms: number; reveal_minutes: number } {
  const reveal = input.reveal_minutes ?? DEFAULT_REVEAL_MINUTES
  if (!Number.isInteger(reveal) || reveal < REVEAL_MINUTES_MIN || reveal > REVEAL_MINUTES_MAX)
    p.add('reveal_minutes', `must be from ${REVEAL_MINUTES_MIN} to ${REVEAL_MINUTES_MAX}`)
  const starts = parseStartsAt(input.starts_at)
  if (starts === null) p.add('starts_at', 'must be a time (epoch milliseconds or ISO 8601)')
  else {
    const earliest = nowMs + (reveal + START_MARGIN_MINUTES) * MINUTE_MS
    if (starts < earliest)
      p.add(
        'starts_at',
        `must be at least ${reveal + START_MARGIN_MINUTES} minutes from now (the reveal time plus ${START_MARGIN_MINUTES})`,
      )
    else if (starts > nowMs + STARTS_AT_MAX_DAYS * DAY_MS)
      p.add('starts_at', `must be at most ${STARTS_AT_MAX_DAYS} days ahead`)
  }
  return { starts_at_ms: starts ?? 0, reveal_minutes: reveal }
}

export function checkMap(p: Problems, game: keyof typeof ESPORTS_GAMES, map: string | null | undefined) {
  if (map === undefined || map === null || map === '') return null
  const found = ESPORTS_GAMES[game].maps.find((m) => m.toLowerCase() === map.trim().toLowerCase())
  if (!found) p.add('map', `must be one of ${ESPORTS_GAMES[game].maps.join(', ')}`)
  return found ?? null
}

export function checkLevel(p: Problems, level: number | undefined) {
  const v = level ?? 0
  if (!Number.isInteger(v) || v < 0 || v > GAME_LEVEL_MAX)
    p.add('min_level', `must be from 0 to ${GAME_LEVEL_MAX}`)
  return v
}

export function checkName(p: Problems, name: string) {
  const n = name.trim()
  if (n.length < 3 || n.length > 60) p.add('name', 'must be 3 to 60 characters')
  return n
}

// ---------------------------------------------------------------------------------------------
// Creating, editing, cancelling
