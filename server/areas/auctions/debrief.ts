import type { Deps } from '../../core/deps'
import type { Executor } from '../../db/tx'
import {
  debriefLots,
  efficiencyOf,
  revenueOf,
  round1,
  type SpendPoint,
  spendCurves,
  valuePer100,
} from '../../domain/auction/debrief'
import type { AuctionEvent } from '../../domain/auction/engine'
import { AppError } from '../../http/errors'
import { AUCTION_COLORS } from './catalog'
import type { AuctionRow } from './queries'
import { completedMatchesOf } from './scoring'
import { type ManagerRow, managersOf, playerCards } from './serialize'
import { stateOf } from './state'
import { visibleAuction } from './visibility'

/**
 * `GET /api/auctions/{id}/debrief` (docs/auctions.md, "The debrief"): a finished auction on its
 * own timeline — lots and bids from the stored events, each manager's spend curve, revenue and
 * efficiency. Seen exactly as the auction is (404 otherwise); 409 until it has finished. A fixed
 * number of queries, whatever the number of lots, bids and managers.
 */
export async function auctionDebrief(deps: Deps, id: number, viewerId: number, opts: { anonymous: boolean }) {
  const row = await visibleAuction(deps.db, id, viewerId)
  if (row.status !== 'completed')
    throw new AppError(
      'AUCTION_STATE',
      'The debrief is ready when the auction has finished: it is still running (or waiting to start)',
    )
  const state = stateOf(deps, row)
  const events = await timelineEvents(deps.db, row.id)
  const base = new Map(state.players.map((p) => [p.id, p.basePrice]))
  const lots = debriefLots(events, (playerId) => base.get(playerId) ?? 0)
  const cards = await playerCards(deps.db, [...new Set(lots.map((l) => l.player_id))])
  const people = (await managersOf(deps.db, row.id)).filter((m) => m.status === 'approved')
  const valued = await playerValues(deps, row)
  const managers = managerRows(people, {
    squads: new Map(state.managers.map((m) => [m.id, m.squad])),
    curves: spendCurves(
      lots,
      people.map((m) => m.id),
    ),
    // The same measure for a squad as for the pool's best (efficiency compares the two).
    value: (_managerId, squad) =>
      round1(squad.reduce((sum, x) => sum + (valued.values.get(x.playerId) ?? 0), 0)),
    anonymous: opts.anonymous,
  })
  const sold = state.managers.reduce((n, m) => n + m.squad.length, 0)
  return {
    auction: {
      id: row.id,
      name: row.name,
      kind: row.kind,
      match_id: row.match_id,
      series_id: row.series_id,
      purse: row.purse,
      lot_seconds: row.lot_seconds,
      started_at_in_millis: row.started_at_ms,
      ended_at_in_millis: row.completed_at_ms,
      players_count: state.players.length,
    },
    anonymous: opts.anonymous,
    value_basis: valued.basis,
    value_note: valued.note,
    revenue: revenueOf(lots),
    bids_count: lots.reduce((n, l) => n + l.bids.length, 0),
    ...efficiencyOf(
      managers.reduce((sum, m) => sum + m.value, 0),
      state.players.map((p) => valued.values.get(p.id) ?? 0),
      sold,
    ),
    managers,
    lots: lots.map((l) => {
      const card = cards.get(l.player_id)
      return {
        ...l,
        player_name: card?.name ?? `Player ${l.player_id}`,
        role: card?.style_label ?? '',
        team: card?.team_name_attr ?? null,
        value: valued.values.get(l.player_id) ?? 0,
      }
    }),
  }
}

/**
 * The approved managers, numbered "Manager 1", "Manager 2"… in the order they joined (their
 * ids), as the projector board numbers them; with `anonymous` that id replaces the franchise
 * name and the user, and the colour is left out (it names a franchise as well as its name does).
 */
function managerRows(
  people: ManagerRow[],
  at: {
    squads: Map<number, Squad>
    curves: Map<number, SpendPoint[]>
    value: (managerId: number, squad: Squad) => number
    anonymous: boolean
  },
) {
  return people.map((m, i) => {
    const squad = at.squads.get(m.id) ?? []
    const value = at.value(m.id, squad)
    const curve = at.curves.get(m.id) ?? []
    const spent = curve.at(-1)?.spent ?? 0
    const anonymousId = `Manager ${i + 1}`
    return {
      id: m.id,
      anonymous_id: anonymousId,
      franchise_name: at.anonymous ? anonymousId : m.franchise_name,
      username: at.anonymous ? null : m.username,
      color_hex: at.anonymous ? null : (AUCTION_COLORS.find((c) => c.id === m.color)?.hex ?? null),
      is_bot: m.bot_strategy !== null,
      players_count: squad.length,
      spent,
      value,
      value_per_100: valuePer100(value, spent),
      spend_curve: curve,
    }
  })
}

type Squad = Array<{ playerId: number; price: number }>

/** The events a debrief replays, in order: lots, bids, sales and the sealed round's assignments. */
async function timelineEvents(db: Executor, auctionId: number): Promise<AuctionEvent[]> {
  const rows = await db
    .selectFrom('auction_events')
    .select(['seq', 'payload', 'at_ms'])
    .where('auction_id', '=', auctionId)
    .where('type', 'in', ['lot_opened', 'bid', 'lot_closed', 'round_changed', 'sealed_assigned'])
    .orderBy('seq')
    .execute()
  return rows.map((r) => ({ ...(JSON.parse(r.payload) as AuctionEvent), seq: r.seq, atMs: Number(r.at_ms) }))
}

/**
 * What each player of the pool is worth: the fantasy points he scored in the auction's matches
 * (its match, or its series' matches) that started after the auction ended and are completed —
 * the matches its squads play, whole; before one is, his credit value (the fantasy value its
 * base price comes from). `value_note` says which. Matches played before the end count for
 * nobody's squad, so they value nobody.
 */
async function playerValues(deps: Deps, row: AuctionRow) {
  const ended = Number(row.completed_at_ms ?? 0)
  const completed = (await completedMatchesOf(deps.db, row).execute())
    .filter((m) => Number(m.locked_at_ms ?? m.event_time_ms) >= ended)
    .map((m) => m.id)
  if (completed.length > 0) {
    const scores = await deps.db
      .selectFrom('player_match_scores')
      .select((eb) => ['player_id', eb.fn.sum<number | string>('total_score').as('points')])
      .where('match_id', 'in', completed)
      .groupBy('player_id')
      .execute()
    return {
      basis: 'points' as const,
      note: `Fantasy points scored in the ${completed.length} match${completed.length === 1 ? '' : 'es'} of the auction played since it ended (the leaderboard may count less: there an unbalanced squad scores nothing).`,
      values: new Map(scores.map((s) => [s.player_id, round1(Number(s.points))])),
    }
  }
  const ids = stateOf(deps, row).players.map((p) => p.id)
  const credits = await deps.db
    .selectFrom('players')
    .select(['id', 'value_tenths'])
    .where('id', 'in', ids.length > 0 ? ids : [0])
    .execute()
  return {
    basis: 'credits' as const,
    note: 'No match of the auction has been played since it ended: each player is valued at his fantasy credit value (9.5 credits → 9.5) until one is; the points scored replace it then.',
    values: new Map(credits.map((p) => [p.id, p.value_tenths / 10])),
  }
}

export type AuctionDebrief = Awaited<ReturnType<typeof auctionDebrief>>
