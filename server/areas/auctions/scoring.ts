import type { Deps } from '../../core/deps'
import type { Executor } from '../../db/tx'
import type { AuctionEvent } from '../../domain/auction/engine'
import { type AuctionPlayer, balanceDeficit } from '../../domain/auction/rules'
import { BALANCED_SQUAD_SIZE, SQUAD_BALANCE } from '../../domain/auction/settings'
import type { AuctionRow } from './queries'
import { stateOf } from './state'

/**
 * Auction scoring (DESIGN §5): for every completed match of the auction's series (or its one
 * match), each manager scores the points of the squad players who played — the squad as it
 * stood when the match started (bought before, not released before) — and, in a balanced
 * auction, only if that squad was balanced: at least 11 players with a keeper, six who bat
 * and five who bowl. Abandoned matches score nothing.
 */

export interface ManagerMatchScore {
  match_id: number
  started_at_in_millis: number
  points: number
  balanced: boolean
  squad_size: number
  player_scores: Array<{ player_id: number; total_score: number; played: boolean }>
}

/** Who owned which player at `atMs`, replayed from the auction's event log. */
function ownersAt(events: AuctionEvent[], atMs: number): Map<number, number> {
  const owner = new Map<number, number>()
  for (const e of events) {
    if (e.atMs > atMs) break
    if (e.type === 'lot_closed' && e.result === 'sold' && e.managerId !== null)
      owner.set(e.playerId, e.managerId)
    else if (e.type === 'sealed_assigned') owner.set(e.playerId, e.managerId)
    else if (e.type === 'released') owner.delete(e.playerId)
  }
  return owner
}

/** Every approved manager's score per completed match, and in total. */
export async function auctionScores(deps: Deps, row: AuctionRow) {
  const state = stateOf(deps, row)
  const players = new Map(state.players.map((p) => [p.id, p]))
  const events = (
    await deps.db
      .selectFrom('auction_events')
      .select('payload')
      .where('auction_id', '=', row.id)
      .where('type', 'in', ['lot_closed', 'sealed_assigned', 'released'])
      .orderBy('seq')
      .execute()
  ).map((e) => JSON.parse(e.payload) as AuctionEvent)
  const completed = await completedMatchesOf(deps.db, row).orderBy('event_time_ms').orderBy('id').execute()
  const scores = await deps.db
    .selectFrom('player_match_scores')
    .select(['match_id', 'player_id', 'total_score'])
    .where('match_id', 'in', completed.length > 0 ? completed.map((m) => m.id) : [0])
    .execute()

  const byManager = new Map<number, ManagerMatchScore[]>(state.managers.map((m) => [m.id, []]))
  for (const match of completed) {
    const startedAt = Number(match.locked_at_ms ?? match.event_time_ms)
    const owner = ownersAt(events, startedAt)
    const points = new Map(
      scores.filter((s) => s.match_id === match.id).map((s) => [s.player_id, s.total_score]),
    )
    for (const m of state.managers) {
      const squad = [...owner].filter(([, managerId]) => managerId === m.id).map(([playerId]) => playerId)
      const balanced =
        row.balanced !== 1 ||
        (squad.length >= BALANCED_SQUAD_SIZE &&
          balanceDeficit(
            { ...state.config, balance: state.config.balance ?? { ...SQUAD_BALANCE } },
            squad.map((id) => players.get(id) as AuctionPlayer),
          ) === 0)
      const playerScores = squad
        .map((id) => ({ player_id: id, total_score: points.get(id) ?? 0, played: points.has(id) }))
        .sort((a, b) => b.total_score - a.total_score || a.player_id - b.player_id)
      ;(byManager.get(m.id) as ManagerMatchScore[]).push({
        match_id: match.id,
        started_at_in_millis: startedAt,
        points: balanced ? playerScores.reduce((sum, p) => sum + p.total_score, 0) : 0,
        balanced,
        squad_size: squad.length,
        player_scores: playerScores,
      })
    }
  }
  return byManager
}

/** The auction's completed matches: its match, or its series' matches. */
export function completedMatchesOf(db: Executor, row: Pick<AuctionRow, 'match_id' | 'series_id'>) {
  const matches = db
    .selectFrom('matches')
    .select(['id', 'event_time_ms', 'locked_at_ms'])
    .where('status', '=', 'completed')
  return row.match_id !== null
    ? matches.where('id', '=', row.match_id)
    : matches.where('series_id', '=', row.series_id ?? 0)
}

/** The auction's leaderboard: total points, ranked 1, 2, 2, 4. */
export async function auctionLeaderboard(deps: Deps, row: AuctionRow) {
  const byManager = await auctionScores(deps, row)
  const totals = [...byManager].map(([managerId, matches]) => ({
    manager_id: managerId,
    points: Math.round(matches.reduce((sum, m) => sum + m.points, 0) * 10) / 10,
    matches: matches.length,
  }))
  totals.sort((a, b) => b.points - a.points || a.manager_id - b.manager_id)
  return totals.map((t) => ({ ...t, rank: 1 + totals.filter((x) => x.points > t.points).length }))
}
