import { rowWhere } from '../../db/query'
import type { Executor } from '../../db/tx'
import {
  amountRangeErrors,
  amountsFromPercents,
  type Bill,
  contestBill,
  ENTRY_FEE_MAX_PAISE,
  FREE_CONTEST_MEMBERS_MAX,
  MAX_ENTRIES_PER_USER_MAX,
  type PercentRange,
  percentRangeErrors,
  percentsFromAmounts,
  percentToBps,
  prizeOption,
  prizeOptions,
  winnersOf,
} from '../../domain/contest-creation'
import { type GameKind, gameKind } from '../../domain/game-kinds'
import { paiseToRupees, rupeesToPaise } from '../../domain/money'
import { type PrizeRange, rankText } from '../../domain/prizes'
import { AppError, type FieldErrors, invalid } from '../../http/errors'
import { type PhaseWindow, phaseLocked, phaseWindow } from '../championship-contests'
import { findMatch, type MatchRow } from '../matches'
import { requireOwnPrizeStructure } from '../prize-structures'
import { findTeam } from '../teams'
import type { DraftBody, RangeInput } from './schemas'

/**
 * A contest draft checked and worked out (docs/contest-creation.md "Creating a contest"): the
 * target (a match or a phase), the money (pool = fee × limit less the rake), the prize table
 * in percent (kept on the contest to rescale) and in paise (what it pays), and the creator's
 * team. Every problem is a field message; all of them come back together in one 422.
 */
export interface ResolvedDraft {
  kind: GameKind
  target: { type: 'contest'; match: MatchRow } | { type: 'championship_contest'; phase: PhaseWindow }
  name: string
  description: string | null
  entry_fee_paise: number
  members_limit: number
  max_entries: number
  guaranteed: boolean
  is_private: boolean
  percents: PercentRange[]
  /** Paise per rank; empty for a free contest (no pool). */
  prizes: PrizeRange[]
  bill: Bill
  winners: number
  /** The creator's user team (match kinds) or classic team (championship); null when not given. */
  team_id: number | null
}

/** The columns a draft sets on its contest row, daily or championship, when made and when edited. */
export function draftColumns(d: ResolvedDraft) {
  return {
    name: d.name,
    description: d.description,
    entry_fee_paise: d.entry_fee_paise,
    members_limit: d.members_limit,
    guaranteed: d.guaranteed ? 1 : 0,
    is_private: d.is_private ? 1 : 0,
    prize_pool_paise: d.bill.pool_paise,
  }
}

/** The prize table columns of a draft: in percent (to rescale) and in paise, and its winners. */
export function prizeColumns(d: ResolvedDraft) {
  return {
    prize_structure: JSON.stringify(d.prizes),
    prize_percents: JSON.stringify(d.percents),
    winner_count: d.winners,
  }
}

class Problems {
  readonly fields: FieldErrors = {}
  add(key: string, message: string) {
    const list = this.fields[key]
    if (list) list.push(message)
    else this.fields[key] = [message]
  }
  merge(more: Record<string, string[]> | null) {
    for (const [k, v] of Object.entries(more ?? {})) for (const m of v) this.add(k, m)
  }
  get any() {
    return Object.keys(this.fields).length > 0
  }
}

/** The game kinds a player creates through this endpoint (auction and esports have their own). */
export function creatableKind(slug: string): GameKind | null {
  const kind = gameKind(slug)
  return kind?.available && (kind.target === 'match' || kind.target === 'phase') ? kind : null
}

export async function resolveDraft(
  db: Executor,
  userId: number,
  body: DraftBody,
  opts: { requireTeam: boolean; nowMs: number },
): Promise<ResolvedDraft> {
  const p = new Problems()
  const kind = creatableKind(body.game)
  if (!kind) {
    const known = gameKind(body.game)
    p.add(
      'game',
      !known
        ? 'is not a known game kind'
        : known.target === 'auction'
          ? 'auctions are created with POST /api/auctions'
          : known.target === 'esports'
            ? 'esports contests are created with POST /api/esports/contests'
            : `${known.name} contests open later`,
    )
    throw invalid(p.fields)
  }

  const fee = rupeesToPaise(body.entry_fee)
  if (fee === null || fee < 0 || fee > ENTRY_FEE_MAX_PAISE || fee % 100 !== 0)
    p.add('entry_fee', `must be whole rupees from 0 to ${ENTRY_FEE_MAX_PAISE / 100}`)
  const feePaise = fee ?? 0
  const limit = body.members_limit
  const isPrivate = body.is_private ?? true
  if (fee === 0) {
    if (!isPrivate) p.add('is_private', 'a free contest must be private')
    if (limit > FREE_CONTEST_MEMBERS_MAX)
      p.add('members_limit', `a free contest has at most ${FREE_CONTEST_MEMBERS_MAX} members`)
  }

  let maxEntries = 1
  if (body.multiple_entries) {
    maxEntries = body.max_entries_per_user ?? Math.min(MAX_ENTRIES_PER_USER_MAX, limit)
    if (maxEntries > limit) p.add('max_entries_per_user', `must be at most members_limit (${limit})`)
    if (kind.target === 'phase') p.add('multiple_entries', 'a championship contest takes one team per player')
  } else if (body.max_entries_per_user !== undefined && body.max_entries_per_user > 1)
    p.add('max_entries_per_user', 'needs multiple_entries')

  const target = await resolveTarget(db, kind, body, opts.nowMs, p)
  const team = target ? await resolveTeam(db, userId, target, body.team_id, opts.requireTeam, p) : null

  const bill = contestBill(feePaise, limit)
  const table = await resolvePrizes(db, userId, body, bill.pool_paise, limit, p)
  if (p.any || !target) throw invalid(p.fields)
  return {
    kind,
    target,
    name: body.name,
    description: body.description ? body.description : null,
    entry_fee_paise: feePaise,
    members_limit: limit,
    max_entries: maxEntries,
    guaranteed: body.guaranteed ?? false,
    is_private: isPrivate,
    percents: table.percents,
    prizes: table.prizes,
    bill,
    winners: bill.pool_paise > 0 ? winnersOf(table.prizes) : 0,
    team_id: team,
  }
}

async function resolveTarget(
  db: Executor,
  kind: GameKind,
  body: DraftBody,
  nowMs: number,
  p: Problems,
): Promise<ResolvedDraft['target'] | null> {
  if (kind.target === 'phase') {
    if (body.match_id !== undefined) p.add('match_id', 'is for match contests; a championship takes phase_id')
    if (body.phase_id === undefined) {
      p.add('phase_id', 'is required')
      return null
    }
    const phase = await phaseWindow(db, body.phase_id)
    if (!phase) p.add('phase_id', 'is not a known phase')
    else if (phase.starts_at_ms === null) p.add('phase_id', 'has no matches')
    else if (phaseLocked(phase, nowMs)) p.add('phase_id', 'has started; choose a phase that has not')
    else return { type: 'championship_contest', phase }
    return null
  }
  if (body.phase_id !== undefined)
    p.add('phase_id', 'is for championship contests; a match contest takes match_id')
  if (body.match_id === undefined) {
    p.add('match_id', 'is required')
    return null
  }
  const match = await findMatch(db, body.match_id)
  if (!match) p.add('match_id', 'is not a known match')
  else if (match.sport_slug !== kind.sport_slug) p.add('match_id', `is not a ${kind.name} match`)
  else if (match.status !== 'upcoming' || Number(match.event_time_ms) <= nowMs)
    p.add('match_id', 'has started; choose an upcoming match')
  else return { type: 'contest', match }
  return null
}

async function resolveTeam(
  db: Executor,
  userId: number,
  target: ResolvedDraft['target'],
  teamId: number | undefined,
  required: boolean,
  p: Problems,
): Promise<number | null> {
  if (target.type === 'championship_contest') {
    const classic = await rowWhere(db, 'classic_teams', { user_id: userId, phase_id: target.phase.phase_id })
    if (teamId !== undefined && classic?.id !== teamId)
      p.add('team_id', 'is not your championship team for this phase')
    else if (!classic && required) p.add('team_id', 'create your championship team for this phase first')
    return classic?.id ?? null
  }
  if (teamId === undefined) {
    if (required) p.add('team_id', 'is required; create a team for this match first')
    return null
  }
  const team = await findTeam(db, teamId)
  if (!team || team.user_id !== userId) p.add('team_id', 'is not one of your teams')
  else if (team.match_id !== target.match.id) p.add('team_id', 'is for another match')
  else return team.id
  return null
}

async function resolvePrizes(
  db: Executor,
  userId: number,
  body: DraftBody,
  pool: number,
  limit: number,
  p: Problems,
): Promise<{ percents: PercentRange[]; prizes: PrizeRange[] }> {
  const none = { percents: [], prizes: [] }
  const chosen = [body.prize_option, body.prize_structure_id, body.prize_ranges].filter(
    (v) => v !== undefined,
  )
  if (chosen.length > 1) {
    p.add('prize_option', 'choose one of prize_option, prize_structure_id or prize_ranges')
    return none
  }
  let percents: PercentRange[]
  if (body.prize_ranges !== undefined) {
    const custom = customRanges(body.prize_ranges, pool, limit, p)
    if (!custom) return none
    if ('prizes' in custom) return custom
    percents = custom.percents
  } else if (body.prize_structure_id !== undefined) {
    try {
      percents = (await requireOwnPrizeStructure(db, userId, body.prize_structure_id)).ranges
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        p.add('prize_structure_id', 'is not one of your saved prizes')
        return none
      }
      throw error
    }
    const errors = percentRangeErrors(percents, limit)
    if (errors) {
      p.add('prize_structure_id', `pays more winners (${winnersOf(percents)}) than members (${limit})`)
      return none
    }
  } else {
    const key = body.prize_option ?? 'winner_takes_all'
    const option = prizeOption(key, limit)
    if (!option) {
      const valid = prizeOptions(limit).map((o) => o.key)
      p.add('prize_option', `is not offered for ${limit} members; choose one of ${valid.join(', ')}`)
      return none
    }
    percents = option.ranges
  }
  return { percents, prizes: pool > 0 ? amountsFromPercents(pool, percents) : [] }
}

/** Custom ranges: all in percent (of the pool) or all in rupees (adding up to the pool). */
function customRanges(
  ranges: RangeInput[],
  pool: number,
  limit: number,
  p: Problems,
): { percents: PercentRange[] } | { percents: PercentRange[]; prizes: PrizeRange[] } | null {
  const byPercent = ranges.every((r) => r.percent !== undefined && r.amount === undefined)
  const byAmount = ranges.every((r) => r.amount !== undefined && r.percent === undefined)
  if (!byPercent && !byAmount) {
    p.add('prize_ranges', 'give every range a percent, or every range an amount')
    return null
  }
  let bad = false
  if (byPercent) {
    const percents = ranges.map((r, i) => {
      const bps = percentToBps(Number(r.percent))
      if (bps === null) {
        p.add(`prize_ranges.${i}.percent`, 'must be a percent with at most 2 decimals')
        bad = true
      }
      return { from: r.from, to: r.to, percent_bps: bps ?? 0 }
    })
    if (bad) return null
    const errors = percentRangeErrors(percents, limit)
    p.merge(errors)
    return errors ? null : { percents }
  }
  const amounts = ranges.map((r, i) => {
    const paise = rupeesToPaise(r.amount as number | string)
    if (paise === null) {
      p.add(`prize_ranges.${i}.amount`, 'must be rupees with at most 2 decimals')
      bad = true
    }
    return { from: r.from, to: r.to, amount_paise: paise ?? 0 }
  })
  if (bad) return null
  const errors = amountRangeErrors(amounts, pool, limit)
  p.merge(errors)
  if (errors) return null
  const percents = percentsFromAmounts(pool, amounts)
  if (percentRangeErrors(percents, limit)) {
    p.add('prize_ranges', 'every paid rank needs at least 0.01% of the pool')
    return null
  }
  return { percents, prizes: amounts }
}

/** The prize table a draft or a contest shows: per range, rupees and percent of the pool. */
export function prizeRows(percents: PercentRange[], prizes: PrizeRange[], pool: number) {
  if (pool <= 0 || prizes.length === 0)
    return percents.map((r) => ({
      rank_text: rankText({ ...r, amount_paise: 0 }),
      from: r.from,
      to: r.to,
      amount: 0,
      percent: r.percent_bps / 100,
    }))
  return prizes.map((r) => ({
    rank_text: rankText(r),
    from: r.from,
    to: r.to,
    amount: paiseToRupees(r.amount_paise),
    percent: Math.round((r.amount_paise * 10_000) / pool) / 100,
  }))
}

export const percentsJson = (percents: PercentRange[]) =>
  percents.map((r) => ({ from: r.from, to: r.to, percent: r.percent_bps / 100 }))
