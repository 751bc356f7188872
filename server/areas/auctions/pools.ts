import type { Executor } from '../../db/tx'
import { type Capacity, capacityOf } from '../../domain/auction/capacity'
import type { AuctionState } from '../../domain/auction/engine'
import type { AuctionPlayer } from '../../domain/auction/rules'
import { SQUAD_BALANCE } from '../../domain/auction/settings'
import { AppError } from '../../http/errors'
import { AUCTION_COLORS, basePriceOf } from './catalog'

/**
 * Which players an auction offers, and how many managers that lets it take
 * (docs/auctions.md "Pools and capacity"):
 * - `match`: both sides' squads of its match (about 36 players);
 * - `series`: every side's squad in its series (the T20 league: 10 sides, about 175);
 * - `league`: every cricket player of the league, whatever the match or series it scores.
 */
export const AUCTION_POOLS = ['match', 'series', 'league'] as const
export type AuctionPool = (typeof AUCTION_POOLS)[number]

export interface PoolSource {
  series_id?: number | undefined
  match_id?: number | undefined
  kind?: 'live' | 'tournament'
  pool?: AuctionPool | undefined
}

/** The pool an auction gets when the owner does not say: its match's, else its series'. */
export const defaultPool = (input: PoolSource): AuctionPool =>
  input.pool ?? (input.match_id !== undefined ? 'match' : 'series')

/** A pool the auction's source cannot give: a match pool needs a match. */
export function poolProblem(input: PoolSource): string | null {
  if (defaultPool(input) === 'match' && input.match_id === undefined) return 'match needs a match_id'
  return null
}

/** The players of an auction's pool, cheapest id first (the engine orders the lots itself). */
export async function poolOf(db: Executor, sportId: number, input: PoolSource): Promise<AuctionPlayer[]> {
  const pool = defaultPool(input)
  let query = db
    .selectFrom('players')
    .select(['id', 'style', 'value_tenths', 'is_star'])
    .where('sport_id', '=', sportId)
  if (pool !== 'league') {
    const seriesOfMatch = db
      .selectFrom('matches')
      .select('series_id')
      .where('id', '=', input.match_id ?? 0)
    const sides = db
      .selectFrom('match_teams as mt')
      .innerJoin('matches as m', 'm.id', 'mt.match_id')
      .select('mt.real_team_id')
    const scoped =
      pool === 'match'
        ? sides.where('m.id', '=', input.match_id ?? 0)
        : input.series_id !== undefined
          ? sides.where('m.series_id', '=', input.series_id)
          : sides.where('m.series_id', 'in', seriesOfMatch)
    query = query.where('real_team_id', 'in', scoped)
  }
  const rows = await query.orderBy('id').execute()
  // Tournaments price players on their 170,000-credit scale: a 9.0-credit player is 9,000.
  return rows.map(
    (p): AuctionPlayer => ({
      id: p.id,
      basePrice: input.kind === 'tournament' ? p.value_tenths * 100 : basePriceOf(p.value_tenths),
      style: p.style,
      star: p.is_star === 1,
    }),
  )
}

/**
 * How many managers an auction takes (owner and bots included): what its pool can give a
 * full squad each, the franchise colours, and the owner's `max_managers`. The auction JSON
 * shows it as `capacity` and `max_managers`; joins, approvals and bots beyond it get 409.
 */
export function auctionCapacity(state: AuctionState, row: { max_managers: number | null }): Capacity {
  return capacityOf(state.config, state.players, AUCTION_COLORS.length, row.max_managers)
}

/**
 * The capacity an auction would have, before creating it (a classroom sizing its auction):
 * the same pool and the same count as `POST /api/auctions` uses.
 */
export async function previewCapacity(
  db: Executor,
  input: PoolSource & { squad_min: number; balanced: boolean; max_managers?: number | null },
): Promise<Capacity> {
  const sport = await db
    .selectFrom('sports')
    .select('id')
    .where('slug', '=', 'cricket')
    .executeTakeFirstOrThrow()
  const pool = await poolOf(db, sport.id, input)
  const rules = { squadMin: input.squad_min, balance: input.balanced ? { ...SQUAD_BALANCE } : null }
  return capacityOf(rules, pool, AUCTION_COLORS.length, input.max_managers ?? null)
}

/** Managers holding a seat: everyone not rejected (a pending request holds its seat until decided). */
export async function seatsTaken(db: Executor, auctionId: number, status?: 'approved'): Promise<number> {
  const row = await db
    .selectFrom('auction_managers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('auction_id', '=', auctionId)
    .$call((q) => (status ? q.where('status', '=', status) : q.where('status', '!=', 'rejected')))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Refuses `adding` more managers when the auction has no seats for them (409). Call it under
 * the auction's row lock, as joins, decisions and bots take it, so two cannot take the last seat.
 */
export async function requireSeats(
  db: Executor,
  row: { id: number; kind: string; max_managers: number | null },
  state: AuctionState,
  adding: number,
  status?: 'approved',
): Promise<void> {
  // Tournaments keep their own limit (docs/auctions.md): joins there check max_managers alone.
  if (row.kind === 'tournament') return
  const capacity = auctionCapacity(state, row)
  const taken = await seatsTaken(db, row.id, status)
  if (taken + adding <= capacity.max_managers) return
  const left = Math.max(0, capacity.max_managers - taken)
  throw new AppError(
    'CONTEST_FULL',
    `The auction is full: it takes ${capacity.max_managers} managers (${reasonOf(capacity)})${left > 0 ? `, ${left} seat${left === 1 ? '' : 's'} left` : ''}`,
  )
}

/** Why an auction takes no more: the smallest of its limits, in words. */
export function reasonOf(c: Capacity): string {
  if (c.owner_cap !== null && c.owner_cap === c.max_managers) return 'the owner’s max_managers'
  if (c.pool_managers === c.max_managers)
    return `its pool of ${c.pool_players} players gives ${c.pool_managers} managers a squad of ${c.squad_size}`
  return `one of ${c.colors} franchise colours each`
}
