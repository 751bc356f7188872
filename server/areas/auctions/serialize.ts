import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import type { Executor } from '../../db/tx'
import { type AuctionState, currentNextBid } from '../../domain/auction/engine'
import { BIDDING_INTERVALS, maxBid } from '../../domain/auction/rules'
import { STYLE_LABEL } from '../../domain/styles'
import { idField } from '../../http/ids'
import { AUCTION_COLORS } from './catalog'
import { auctionCapacity } from './pools'
import { type AuctionRow, heldColors, managerOf } from './queries'
import { quietFields } from './quiet'
import { stateOf } from './state'
import { canSeeAuction } from './visibility'

export type ManagerRow = Awaited<ReturnType<typeof managersOf>>[number]

/** An auction's managers with their user (any status), oldest first. */
export function managersOf(db: Executor, auctionId: number) {
  return db
    .selectFrom('auction_managers as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.auction_id',
      'm.user_id',
      'm.franchise_name',
      'm.color',
      'm.status',
      'm.charge_coins',
      'm.bot_strategy',
      'm.autopilot',
      'm.joined_at_ms',
      'u.slug',
      'u.username',
      'u.image_url',
    ])
    .where('m.auction_id', '=', auctionId)
    .orderBy('m.id')
    .execute()
}

/** A manager as the API shows it: franchise, colour, user, purse and squad size from the engine. */
export function managerJson(m: ManagerRow, state: AuctionState) {
  const engine = state.managers.find((x) => x.id === m.id)
  return {
    id: m.id,
    auction_id: m.auction_id,
    franchise_name: m.franchise_name,
    color: m.color,
    color_hex: AUCTION_COLORS.find((c) => c.id === m.color)?.hex ?? null,
    status: m.status,
    is_bot: m.bot_strategy !== null,
    /** A bot is playing for this manager while they are away. */
    autopilot: m.autopilot !== null,
    user: { id: m.user_id, slug: m.slug, username: m.username, image: m.image_url },
    purse_remaining: engine?.purse ?? state.config.purse,
    players_count: engine?.squad.length ?? 0,
    spent: engine ? engine.squad.reduce((sum, x) => sum + x.price, 0) : 0,
  }
}

/** How many of the auction's managers have a status: `count('approved')`. */
async function managerCounts(db: Executor, auctionId: number) {
  const counts = await db
    .selectFrom('auction_managers')
    .select(['status', db.fn.countAll<number>().as('n')])
    .where('auction_id', '=', auctionId)
    .groupBy('status')
    .execute()
  return (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0)
}

/** The auction (spec entity "Auction"), with the caller's own manager when they have one. */
export async function auctionJson(deps: Deps, row: AuctionRow, viewerId: number) {
  const state = stateOf(deps, row)
  const me = await managerOf(deps.db, row.id, viewerId)
  const count = await managerCounts(deps.db, row.id)
  const mine = me ? state.managers.find((m) => m.id === me.id) : undefined
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    // A public auction's code is no secret; a private one's only its owner, its managers and
    // the members of the group it was created from see.
    code: (await canSeeAuction(deps.db, row, viewerId)) ? row.code : null,
    group_uuid_id: row.group_id === null ? null : await groupUuidOf(deps.db, row.group_id),
    status: state.paused ? 'paused' : row.status,
    phase: state.phase,
    paused: state.paused !== null,
    round: state.round,
    sport_slug: 'cricket',
    series_id: row.series_id,
    match_id: row.match_id,
    owner_id: row.owner_id,
    is_owner: row.owner_id === viewerId,
    private: row.is_private === 1,
    purse: row.purse,
    squad_min: row.squad_min,
    squad_max: row.squad_max,
    max_stars: row.max_stars,
    balanced: row.balanced === 1,
    lot_seconds: row.lot_seconds,
    bidding_interval: row.bidding_interval,
    bidding_intervals: BIDDING_INTERVALS[row.bidding_interval]?.bands ?? [],
    charges: row.charges,
    starts_at_in_millis: row.starts_at_ms,
    started_at_in_millis: row.started_at_ms,
    completed_at_in_millis: row.completed_at_ms,
    players_count: state.players.length,
    sold_count: state.managers.reduce((sum, m) => sum + m.squad.length, 0),
    unsold_count: state.unsold.length,
    managers_count: count('approved'),
    pending_managers_count: count('pending'),
    // How many managers it takes (docs/auctions.md "Pools and capacity"): joins, approvals and
    // bots beyond it get 409. Seats are held by approved and pending managers.
    ...capacityFields(row, state, count('approved') + count('pending')),
    seq: state.seq,
    reset_seconds: state.config.resetMs / 1000,
    bot_takeover_seconds: row.takeover_seconds,
    ...quietFields(row, state),
    sealed_closes_at_in_millis: state.sealed?.closesAtMs ?? null,
    taken_colors: await heldColors(deps.db, row.id),
    current_manager: me
      ? {
          id: me.id,
          status: me.status,
          franchise_name: me.franchise_name,
          color: me.color,
          purse_remaining: mine?.purse ?? row.purse,
          players_count: mine?.squad.length ?? 0,
        }
      : null,
  }
}

/** `max_managers`, `seats_left` and the `capacity` they come from; a tournament has only its own cap. */
function capacityFields(row: AuctionRow, state: AuctionState, seated: number) {
  if (row.kind === 'tournament') return { max_managers: row.max_managers }
  const capacity = auctionCapacity(state, row)
  return {
    max_managers: capacity.max_managers,
    seats_left: Math.max(0, capacity.max_managers - seated),
    capacity,
  }
}

/** Names and sides of players, for lots, bids and squads. */
export async function playerCards(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, PlayerCard>()
  const rows = await db
    .selectFrom('players as p')
    .innerJoin('real_teams as t', 't.id', 'p.real_team_id')
    .select([
      'p.id',
      'p.name',
      'p.display_name',
      'p.style',
      'p.is_star',
      't.name_attr as team_name_attr',
      't.team_color',
    ])
    .where('p.id', 'in', ids)
    .execute()
  return new Map(
    rows.map((p) => [
      p.id,
      {
        id: p.id,
        name: p.name,
        display_name: p.display_name,
        style: p.style,
        style_label: STYLE_LABEL[p.style] ?? '',
        is_star: p.is_star === 1,
        team_name_attr: p.team_name_attr,
        team_color: p.team_color,
      },
    ]),
  )
}

export interface PlayerCard {
  id: number
  name: string
  display_name: string
  style: number
  style_label: string
  is_star: boolean
  team_name_attr: string
  team_color: string | null
}

/**
 * The current lot (`GET /api/auctions/{id}/bidding_player`): the player, the bids so far, the
 * caller's last bid, the next bid amount and the end time with the server's time, so clients
 * draw the countdown from the server clock.
 */
export async function biddingPlayerJson(deps: Deps, row: AuctionRow, viewerId: number) {
  const state = stateOf(deps, row)
  const me = await managerOf(deps.db, row.id, viewerId)
  const lot = state.lot
  const now = deps.clock.now()
  const base = {
    server_time_in_millis: now,
    phase: state.phase,
    paused: state.paused !== null,
    seq: state.seq,
    // A pause for quiet hours: when bidding resumes, and the room's line for it.
    paused_until_in_millis: state.paused?.untilMs ?? null,
    paused_note: state.paused?.note ?? null,
  }
  if (!lot)
    return {
      ...base,
      bidding_player: null,
      player_bids: [],
      current_user_last_bid: null,
      next_bid_amount: null,
      ends_at_in_millis: null,
      remaining_millis: null,
      max_bid_amount: null,
    }
  const player = state.players.find((p) => p.id === lot.playerId)
  const cards = await playerCards(deps.db, [lot.playerId])
  const managers = await managersOf(deps.db, row.id)
  const mine = me ? state.managers.find((m) => m.id === me.id) : undefined
  const pool = [...state.queue, ...state.unsold, lot.playerId].map(
    (id) => state.players.find((p) => p.id === id)?.basePrice ?? Number.POSITIVE_INFINITY,
  )
  const bids = [...lot.bids].reverse().map((b) => {
    const m = managers.find((x) => x.id === b.managerId)
    return {
      manager_id: b.managerId,
      franchise_name: m?.franchise_name ?? null,
      color: m?.color ?? null,
      amount: b.amount,
      at_in_millis: b.atMs,
      ...(b.standIn ? { stand_in: true } : {}),
    }
  })
  return {
    ...base,
    bidding_player: { ...cards.get(lot.playerId), base_price: player?.basePrice ?? 0 },
    player_bids: bids,
    current_user_last_bid: me ? (bids.find((b) => b.manager_id === me.id) ?? null) : null,
    next_bid_amount: currentNextBid(state),
    ends_at_in_millis: lot.endsAtMs,
    remaining_millis: state.paused ? state.paused.remainingMs : Math.max(0, lot.endsAtMs - now),
    max_bid_amount: mine ? maxBid(state.config, mine.purse, mine.squad.length, Math.min(...pool)) : null,
  }
}

/**
 * Every player of an auction with where he stands: upcoming (queued, or before the start), on
 * the block, sold (to whom, for how much) or unsold.
 */
export async function playersJson(deps: Deps, state: AuctionState) {
  const cards = await playerCards(
    deps.db,
    state.players.map((p) => p.id),
  )
  const owner = new Map(
    state.managers.flatMap((m) => m.squad.map((x) => [x.playerId, { manager_id: m.id, price: x.price }])),
  )
  const order = new Map(state.queue.map((id, i) => [id, i]))
  return state.players.map((p) => {
    const sold = owner.get(p.id)
    const status: 'sold' | 'bidding' | 'upcoming' | 'unsold' = sold
      ? 'sold'
      : state.lot?.playerId === p.id
        ? 'bidding'
        : order.has(p.id) || state.phase === 'waiting'
          ? 'upcoming'
          : 'unsold'
    return {
      ...cards.get(p.id),
      base_price: p.basePrice,
      status,
      manager_id: sold?.manager_id ?? null,
      price: sold?.price ?? null,
      lot_position: order.get(p.id) ?? null,
    }
  })
}

/** A bid's body, open or sealed: the player and the amount. */
export const BidBody = z.strictObject({ player_id: idField(), bid_amount: z.number().int().positive() })

/** The `group_uuid_id` of the group an auction was created from. */
async function groupUuidOf(db: Executor, groupId: number): Promise<string | null> {
  const row = await db.selectFrom('groups').select('uuid').where('id', '=', groupId).executeTakeFirst()
  return row?.uuid ?? null
}
