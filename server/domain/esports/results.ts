/**
 * Results of an esports room, pure (docs/esports.md "Results, payouts and corrections"):
 * checking what the host entered, scoring and ranking the squads, drawing an outcome with the
 * battle-royale simulator, and the money each member gets. All amounts are integer paise.
 */
import { amountsFromPercents, type PercentRange } from '../contest-creation'
import { competitionRanks, distributePrizes, prizePool } from '../prizes'
import { type EsportsGame, type EsportsMode, squadPoints } from './rules'

/** One squad's line of a result: where it finished and how many players its members killed. */
export interface ResultRow {
  squad_id: number
  placement: number
  kills: number
}

/** A squad of the contest as the checks need it: its name and the players it put in the room. */
export interface ResultSquad {
  id: number
  name: string
  players: number
}

export type FieldErrors = Record<string, string[]>

export const ordinal = (n: number): string => {
  const tens = n % 100
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th'
  return `${n}${suffix}`
}

const listNames = (names: readonly string[]): string =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] as string}`

/** "1 kill", "3 kills": error messages read as sentences. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

/** Every row after the first at one placement, named with the squads that share it. */
function sharedPlacements(
  atPlacement: Map<number, number[]>,
  rows: readonly ResultRow[],
  byId: Map<number, ResultSquad>,
  add: (key: string, message: string) => void,
): void {
  for (const [placement, indices] of atPlacement) {
    if (indices.length < 2) continue
    const names = indices.map(
      (i) => byId.get((rows[i] as ResultRow).squad_id)?.name ?? `Squad ${rows[i]?.squad_id}`,
    )
    const message = `${listNames(names)} ${names.length === 2 ? 'both' : 'all'} placed ${ordinal(placement)}`
    for (const i of indices.slice(1)) add(`results.${i}.placement`, message)
  }
}

/**
 * What is wrong with `rows` as the outcome of a room with these squads, field by field
 * (`results.<i>.squad_id|placement|kills`, and `results` for the whole), or null when they are
 * a possible outcome: every squad exactly once, placements 1..n each once, kills whole numbers
 * ≥ 0, a squad's kills at most the players outside it, all kills together at most players − 1
 * (the last one standing was not killed), and in solo a player placed p killed at most the
 * n − p players out before them. Messages name the squads.
 */
export function validateResults(
  squads: readonly ResultSquad[],
  rows: readonly ResultRow[],
  contest: { mode: EsportsMode },
): FieldErrors | null {
  const errors: FieldErrors = {}
  const add = (key: string, message: string) => {
    const list = errors[key]
    if (list) list.push(message)
    else errors[key] = [message]
  }
  const byId = new Map(squads.map((s) => [s.id, s]))
  const n = squads.length
  const totalPlayers = squads.reduce((sum, s) => sum + s.players, 0)
  const seenSquad = new Map<number, number>()
  const atPlacement = new Map<number, number[]>()
  rows.forEach((row, i) => {
    const squad = byId.get(row.squad_id)
    if (!squad) add(`results.${i}.squad_id`, `Squad ${row.squad_id} is not in this contest`)
    else if (seenSquad.has(row.squad_id)) add(`results.${i}.squad_id`, `${squad.name} has two rows`)
    else seenSquad.set(row.squad_id, i)
    if (!Number.isInteger(row.placement) || row.placement < 1 || row.placement > n)
      add(`results.${i}.placement`, `${squad?.name ?? 'A squad'} must be placed from 1st to ${ordinal(n)}`)
    else atPlacement.set(row.placement, [...(atPlacement.get(row.placement) ?? []), i])
    if (!Number.isInteger(row.kills) || row.kills < 0)
      add(`results.${i}.kills`, `${squad?.name ?? 'A squad'}’s kills must be a whole number, 0 or more`)
    else if (squad && row.kills > totalPlayers - squad.players)
      add(
        `results.${i}.kills`,
        `${squad.name} has ${count(row.kills, 'kill')}; at most ${count(totalPlayers - squad.players, 'player')} could be killed`,
      )
    else if (
      squad &&
      contest.mode === 'solo' &&
      Number.isInteger(row.placement) &&
      row.placement >= 1 &&
      row.placement <= n &&
      row.kills > n - row.placement
    )
      add(
        `results.${i}.kills`,
        `${squad.name} placed ${ordinal(row.placement)} has ${count(row.kills, 'kill')}; only ${count(n - row.placement, 'player')} ${n - row.placement === 1 ? 'was' : 'were'} out before them`,
      )
  })
  sharedPlacements(atPlacement, rows, byId, add)
  const missing = squads.filter((s) => !seenSquad.has(s.id))
  if (missing.length > 0)
    add(
      'results',
      `${listNames(missing.map((s) => s.name))} ${missing.length === 1 ? 'has' : 'have'} no result: every squad of the contest needs one row`,
    )
  // All kills together, once every squad's own kills are possible (one row per squad counted).
  const killsWrong = Object.keys(errors).some((k) => k.endsWith('.kills'))
  const counted = [...seenSquad.values()].map((i) => rows[i] as ResultRow)
  const killsTotal = counted.reduce((sum, r) => sum + r.kills, 0)
  if (!killsWrong && n > 0 && killsTotal > totalPlayers - 1) {
    const killers = counted.filter((r) => r.kills > 0).map((r) => byId.get(r.squad_id)?.name as string)
    add(
      'results',
      `${listNames(killers)} ${killers.length === 1 ? 'has' : 'have'} ${killsTotal} kills together; at most ${totalPlayers - 1} of the ${totalPlayers} players could be killed`,
    )
  }
  return Object.keys(errors).length > 0 ? errors : null
}

export interface Standing extends ResultRow {
  points: number
  rank: number
}

/**
 * Points per squad (the game's point table) and ranks by points, ties shared (standard
 * competition ranking 1, 2, 2, 4), best first; equal points are listed by placement.
 */
export function standings(game: EsportsGame, rows: readonly ResultRow[]): Standing[] {
  const points = rows.map((r) => squadPoints(game, r.placement, r.kills))
  const ranks = competitionRanks(points)
  return rows
    .map((r, i) => ({ ...r, points: points[i] as number, rank: ranks[i] as number }))
    .sort((a, b) => a.rank - b.rank || a.placement - b.placement)
}

export interface PayoutContest {
  entry_fee_paise: number
  rake_bps: number
  per_kill_paise: number
  prize_percents: readonly PercentRange[]
}

export interface PayoutMember {
  id: number
  squad_id: number
  /** 1..team size inside the squad: the squad's odd paise go to the lowest. */
  position: number
  refunded: boolean
}

export interface SquadPayout {
  squad_id: number
  kill_prize: number
  rank_prize: number
  total: number
}

export interface Payouts {
  /** Entry fees paid in (fee × members not refunded). */
  gross: number
  /** What the prizes may use: the gross less the rake, floored to whole rupees. */
  pool: number
  squads: SquadPayout[]
  /** Member id → prize. Every member not refunded is listed (0 when nothing). */
  members: Map<number, number>
  /** Σ of members' prizes (≤ pool). */
  paid: number
  /** gross − paid: goes to the house. */
  house: number
}

/**
 * Who gets what (docs/esports.md has a worked example). pool = prizePool(fee, paid members,
 * rake). Kill prizes first: per kill × the squad's kills (scaled down pro rata, floored, if
 * they would exceed the pool). The rest is split by the prize table over the squads' ranks,
 * tied squads sharing the summed prizes of the positions they occupy; ranks nobody holds
 * (fewer squads than winning ranks) stay unpaid. A squad's total is split equally between its
 * members not refunded (floor; the odd paise to the lowest position). A free contest pays 0.
 */
export function payouts(
  contest: PayoutContest,
  table: readonly Standing[],
  members: readonly PayoutMember[],
): Payouts {
  const paying = members.filter((m) => !m.refunded)
  const gross = contest.entry_fee_paise * paying.length
  const pool =
    contest.entry_fee_paise > 0 ? prizePool(contest.entry_fee_paise, paying.length, contest.rake_bps) : 0
  const totalKills = table.reduce((sum, s) => sum + s.kills, 0)
  const killsWanted = contest.per_kill_paise * totalKills
  const killPrize = (kills: number) =>
    pool <= 0 || kills <= 0
      ? 0
      : killsWanted <= pool
        ? contest.per_kill_paise * kills
        : Math.floor((pool * kills) / totalKills)
  const killPrizes = table.map((s) => killPrize(s.kills))
  const rest = pool - killPrizes.reduce((a, b) => a + b, 0)
  const structure = rest > 0 ? amountsFromPercents(rest, contest.prize_percents) : []
  // Tied squads: the better placement takes the odd paise (distributePrizes orders by id).
  const rankPrizes = distributePrizes(
    structure,
    table.map((s) => ({ id: s.placement, rank: s.rank })),
  )
  const squads = table.map((s, i) => {
    const kill = killPrizes[i] as number
    const rank = rankPrizes[i] as number
    return { squad_id: s.squad_id, kill_prize: kill, rank_prize: rank, total: kill + rank }
  })
  const out = new Map<number, number>(paying.map((m) => [m.id, 0]))
  for (const s of squads) {
    const team = paying
      .filter((m) => m.squad_id === s.squad_id)
      .sort((a, b) => a.position - b.position || a.id - b.id)
    if (team.length === 0 || s.total === 0) continue
    const share = Math.floor(s.total / team.length)
    for (const [k, m] of team.entries()) out.set(m.id, share + (k === 0 ? s.total - share * team.length : 0))
  }
  const paid = [...out.values()].reduce((a, b) => a + b, 0)
  return { gross, pool, squads, members: out, paid, house: gross - paid }
}
