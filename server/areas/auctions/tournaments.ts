import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { type AfterCommit, type Executor, type Tx, withTx } from '../../db/tx'
import type { AuctionCommand, AuctionEvent } from '../../domain/auction/engine'
import { maxBid } from '../../domain/auction/rules'
import { AppError, notFound } from '../../http/errors'
import { notify } from '../notifications'
import { AUCTION_COLORS } from './catalog'
import { runCommand } from './commands'
import { createAuction } from './lifecycle'
import { type AuctionRow, findAuction, managerOf } from './queries'
import { auctionJson, playerCards } from './serialize'
import { stateOf } from './state'
import { roomStream } from './streams'

/**
 * Auction tournaments (the first generation, spec §7 v1 calls; DESIGN §5): a series-long
 * game of sealed windows. 170,000 credits, at most 15 players and 4 stars, a squad that can
 * still be balanced; the first window opens when the 4th manager joins and each window's bids
 * are executed together at its end, when the next one opens. At most 5 tournaments per series
 * per user.
 */

export const TOURNAMENT = {
  purse: 170_000,
  squadMin: 11,
  squadMax: 15,
  maxStars: 4,
  startsAt: 4,
  perSeries: 5,
}
export const WINDOW_HOURS = [6, 8, 12, 24] as const

async function tournamentsInSeries(db: Executor, userId: number, seriesId: number): Promise<number> {
  const mine = db.selectFrom('auction_managers').select('auction_id').where('user_id', '=', userId)
  const row = await db
    .selectFrom('auctions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'tournament')
    .where('series_id', '=', seriesId)
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('id', 'in', mine)]))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function createTournament(
  deps: Deps,
  userId: number,
  input: { name: string; series_id: number; window_hours: number; max_managers: number; private: boolean },
) {
  const limit = async (tx: Executor) => {
    // Counted under the user's lock, in the transaction that creates the tournament.
    await lockRows(tx, 'users', userId)
    if ((await tournamentsInSeries(tx, userId, input.series_id)) >= TOURNAMENT.perSeries)
      throw new AppError('CONFLICT', `You are already in ${TOURNAMENT.perSeries} tournaments of this series`)
  }
  await limit(deps.db)
  const row = await createAuction(deps, userId, {
    kind: 'tournament',
    name: input.name,
    sport_slug: 'cricket',
    series_id: input.series_id,
    purse: TOURNAMENT.purse,
    squad_min: TOURNAMENT.squadMin,
    squad_max: TOURNAMENT.squadMax,
    max_stars: TOURNAMENT.maxStars,
    balanced: true,
    lot_seconds: 15,
    bidding_interval: 'standard',
    charges: 0,
    starts_at_ms: null,
    private: input.private,
    window_hours: input.window_hours,
    max_managers: input.max_managers,
    before: limit,
  })
  await joinTournament(deps, userId, row.id, { code: row.code })
  return (await findAuction(deps.db, row.id)) as AuctionRow
}

/** Joins as a manager (public: no code needed), approved at once; the 4th manager starts the first window. */
export async function joinTournament(deps: Deps, userId: number, id: number, input: JoinTournamentInput) {
  const now = deps.clock.now()
  const { row, manager } = await withTx(deps, (tx, after) =>
    seatInTournament(tx, after, userId, id, input, now),
  )
  await enterTournament(deps, row, now)
  return manager
}

type JoinTournamentInput = { code?: string | undefined; franchise_name?: string | undefined }

/** The manager's row, approved at once, in the first colour free (404, 409 and full refused). */
async function seatInTournament(
  tx: Tx,
  after: AfterCommit,
  userId: number,
  id: number,
  input: JoinTournamentInput,
  now: number,
) {
  // The player (their tournaments per series), then the tournament (its seats and colours):
  // joins at once take turns, so neither limit is passed and no colour is given twice.
  await lockRows(tx, 'users', userId)
  await lockRows(tx, 'auctions', id)
  const row = await findAuction(tx, id)
  if (row?.kind !== 'tournament') throw notFound('Tournament')
  if (row.is_private && row.owner_id !== userId && row.code !== input.code?.trim().toUpperCase())
    throw notFound('Tournament')
  if (row.status === 'completed') throw new AppError('AUCTION_STATE', 'The tournament is over')
  if (await managerOf(tx, id, userId))
    throw new AppError('ALREADY_JOINED', 'You are already in this tournament')
  if (
    row.owner_id !== userId &&
    (await tournamentsInSeries(tx, userId, row.series_id ?? 0)) >= TOURNAMENT.perSeries
  )
    throw new AppError('CONFLICT', `You are already in ${TOURNAMENT.perSeries} tournaments of this series`)
  const managers = await tx
    .selectFrom('auction_managers')
    .select(['id', 'color', 'user_id'])
    .where('auction_id', '=', id)
    .where('status', '=', 'approved')
    .orderBy('id')
    .execute()
  if (row.max_managers !== null && managers.length >= row.max_managers)
    throw new AppError('CONTEST_FULL', 'The tournament is full')
  const user = await tx
    .selectFrom('users')
    .select(['team_name', 'username'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const color = AUCTION_COLORS.find((c) => !managers.some((m) => m.color === c.id))?.id ?? 'black'
  const inserted = await tx
    .insertInto('auction_managers')
    .values({
      auction_id: id,
      user_id: userId,
      franchise_name: input.franchise_name?.trim() || user.team_name || user.username,
      color,
      status: 'approved',
      joined_at_ms: now,
      decided_at_ms: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  after.publish(roomStream(id), { type: 'managers_changed', manager_id: inserted.id })
  return { row, manager: inserted }
}

/**
 * Every approved manager the engine does not have yet is added; the 4th starts the tournament:
 * the first sealed window opens and the managers are told.
 */
async function enterTournament(deps: Deps, row: AuctionRow, now: number): Promise<void> {
  const id = row.id
  // Read after this join committed: joins at once each bring into the engine whoever it does
  // not have yet, so whichever command runs last, everyone is in.
  const managers = await deps.db
    .selectFrom('auction_managers')
    .select(['id', 'user_id'])
    .where('auction_id', '=', id)
    .where('status', '=', 'approved')
    .orderBy('id')
    .execute()
  const window = (row.window_hours ?? 24) * 3600_000
  let started = false
  await runCommand(deps, id, (state) => {
    const missing = managers.filter((m) => !state.managers.some((x) => x.id === m.id))
    const adds = missing.map((m): AuctionCommand => ({ type: 'add_manager', managerId: m.id, atMs: now }))
    if (state.phase !== 'waiting') return adds
    if (managers.length < TOURNAMENT.startsAt) return [] as AuctionCommand[]
    // The 4th manager: everyone enters, and the first window opens.
    started = true
    return [
      ...adds,
      { type: 'start', atMs: now, sealedOnly: true },
      { type: 'start_sealed', atMs: now, closesAtMs: now + window },
    ]
  })
  if (started)
    await withTx(deps, async (tx, after) => {
      for (const m of managers)
        await notify(
          tx,
          after,
          m.user_id,
          {
            kind: 'auction_started',
            body: `${row.name} has started: the first ${row.window_hours}-hour bidding window is open.`,
            data: { auction_id: id },
          },
          now,
        )
    })
}

/** The events that assigned each player the manager still owns: `bid_id` is that event's seq. */
async function successBids(deps: Deps, row: AuctionRow, managerId: number) {
  const state = stateOf(deps, row)
  const squad = state.managers.find((m) => m.id === managerId)?.squad ?? []
  const events = await deps.db
    .selectFrom('auction_events')
    .select(['seq', 'payload'])
    .where('auction_id', '=', row.id)
    .where('type', 'in', ['sealed_assigned', 'lot_closed'])
    .orderBy('seq', 'desc')
    .execute()
  const cards = await playerCards(
    deps.db,
    squad.map((x) => x.playerId),
  )
  return squad.map((x) => {
    const event = events.find((e) => {
      const p = JSON.parse(e.payload) as { playerId: number; managerId: number | null }
      return p.playerId === x.playerId && p.managerId === managerId
    })
    return {
      bid_id: event?.seq ?? null,
      player_id: x.playerId,
      player: cards.get(x.playerId) ?? null,
      bid_amount: x.price,
    }
  })
}

/** The caller's manager with the bid block (what they may still bid) and their active sealed bids. */
/**
 * A tournament as every reader gets it — the HTTP answers and the channel's snapshot alike
 * (a snapshot without the window length and the seat limit left the page reading "—").
 */
export async function tournamentJson(deps: Deps, row: AuctionRow, userId: number) {
  return {
    ...(await auctionJson(deps, row, userId)),
    window_hours: row.window_hours,
    max_managers: row.max_managers,
  }
}

export async function managerView(deps: Deps, row: AuctionRow, userId: number) {
  const mine = await managerOf(deps.db, row.id, userId)
  if (!mine) return null
  const state = stateOf(deps, row)
  const engine = state.managers.find((m) => m.id === mine.id)
  const purse = engine?.purse ?? row.purse
  const squad = engine?.squad ?? []
  const stars = squad.filter((x) => state.players.find((p) => p.id === x.playerId)?.star).length
  const cheapest = Math.min(
    ...state.unsold.map((id) => state.players.find((p) => p.id === id)?.basePrice ?? Infinity),
  )
  const bids = (state.sealed?.bids ?? []).filter((b) => b.managerId === mine.id)
  const cards = await playerCards(
    deps.db,
    bids.map((b) => b.playerId),
  )
  return {
    id: mine.id,
    franchise_name: mine.franchise_name,
    color: mine.color,
    purse_remaining: purse,
    players_count: squad.length,
    bid_block: {
      purse_remaining: purse,
      max_bid: Number.isFinite(cheapest) ? maxBid(state.config, purse, squad.length, cheapest) : purse,
      slots_left: state.config.squadMax - squad.length,
      stars_left: (state.config.maxStars ?? 0) - stars,
      window_closes_at_in_millis: state.sealed?.closesAtMs ?? null,
    },
    active_bids_info: bids.map((b) => ({
      player_id: b.playerId,
      player: cards.get(b.playerId) ?? null,
      bid_amount: b.amount,
      at_in_millis: b.atMs,
    })),
    success_bids: await successBids(deps, row, mine.id),
  }
}

/** The public history: who joined, bought and released, and when windows opened. */
export async function activities(deps: Deps, row: AuctionRow) {
  const events = await deps.db
    .selectFrom('auction_events')
    .select(['seq', 'type', 'payload', 'at_ms'])
    .where('auction_id', '=', row.id)
    .where('type', 'in', ['manager_added', 'sealed_assigned', 'released', 'round_changed', 'completed'])
    .orderBy('seq', 'desc')
    .limit(200)
    .execute()
  const managers = await deps.db
    .selectFrom('auction_managers')
    .select(['id', 'franchise_name'])
    .where('auction_id', '=', row.id)
    .execute()
  const parsed = events.map((e) => ({ ...e, event: JSON.parse(e.payload) as AuctionEvent }))
  const cards = await playerCards(
    deps.db,
    parsed.flatMap((e) => ('playerId' in e.event ? [e.event.playerId] : [])),
  )
  const franchise = (id: number) => managers.find((m) => m.id === id)?.franchise_name ?? 'A manager'
  const player = (id: number) => cards.get(id)?.display_name ?? `player ${id}`
  return parsed.flatMap(({ seq, at_ms, event: e }) => {
    const text =
      e.type === 'manager_added'
        ? `${franchise(e.managerId)} joined`
        : e.type === 'sealed_assigned'
          ? `${franchise(e.managerId)} bought ${player(e.playerId)} for ${e.price.toLocaleString('en-IN')}${e.tie ? ' (tie)' : ''}`
          : e.type === 'released'
            ? `${franchise(e.managerId)} released ${player(e.playerId)}`
            : e.type === 'round_changed' && e.phase === 'sealed'
              ? `Window ${e.round} opened`
              : e.type === 'completed'
                ? 'The tournament ended'
                : null
    return text ? [{ seq, type: e.type, text, at_in_millis: at_ms }] : []
  })
}
