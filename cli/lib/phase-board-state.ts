import type { FeedState } from './cable'
import { entryName, type PhaseBoard, type PhaseStatus, type SeriesPhase } from './championship'
import { lastMove, type MovingRow } from './rank-moves'

export interface PhaseRow extends MovingRow {
  id: number
  score: number
  name: string
  mine: boolean
}

/** What `championship leaderboard --watch` shows, from ChampionshipChannel messages and board pages. */
export interface PhaseBoardState {
  phase: SeriesPhase
  status: PhaseStatus
  total: number
  /** The scoreboard version of the rows; null until the first live update. */
  version: number | null
  rows: PhaseRow[]
  /** The phase matches being played now (from the last leaderboard message). */
  liveMatchIds: number[]
  mine: { id: number; score: number; rank: number | null; liveMatchId: number | null } | null
  connection: FeedState
}

function moved(before: PhaseRow[], id: number, rank: number | null) {
  const old = before.find((r) => r.id === id)
  return lastMove(old, rank)
}

export function initialPhaseBoard(phase: SeriesPhase, board: PhaseBoard): PhaseBoardState {
  return withBoard(
    {
      phase,
      status: phase.status,
      total: 0,
      version: null,
      rows: [],
      liveMatchIds: [],
      mine: null,
      connection: { kind: 'connecting' },
    },
    board,
  )
}

/** Rows from a leaderboard page (GET …/series_phases/{id}/leaderboard). */
export function withBoard(state: PhaseBoardState, board: PhaseBoard): PhaseBoardState {
  const me = board.current_user_classic_team
  return {
    ...state,
    total: board.meta.total,
    rows: board.classic_teams.map((e) => ({
      id: e.id,
      rank: e.rank,
      score: e.score,
      name: entryName(e),
      moved: moved(state.rows, e.id, e.rank),
      mine: me?.id === e.id,
    })),
    mine: me
      ? { id: me.id, score: me.score, rank: me.rank, liveMatchId: state.mine?.liveMatchId ?? null }
      : state.mine,
  }
}

interface TopEntry {
  classic_team_id?: number
  id?: number
  rank: number
  score?: number
  points?: number
  user?: { team_name?: string | null; display_name?: string; username?: string } | null
}

/** The phase's status as read again (GET …/series_phases/{id}): it ends when its last match does. */
export const withStatus = (state: PhaseBoardState, status: PhaseStatus): PhaseBoardState =>
  status === state.status ? state : { ...state, status }

/** Folds one ChampionshipChannel message (leaderboard, my_team) into the state. */
export function phaseBoardReduce(state: PhaseBoardState, message: Record<string, unknown>): PhaseBoardState {
  switch (message.type) {
    case 'leaderboard': {
      const version = typeof message.version === 'number' ? message.version : null
      // Messages of an older scoreboard can arrive after a refetch; never go back.
      if (version !== null && state.version !== null && version < state.version) return state
      const rows = ((message.top as TopEntry[]) ?? []).map((e) => {
        const id = Number(e.classic_team_id ?? e.id)
        return {
          id,
          rank: e.rank,
          score: Number(e.score ?? e.points ?? 0),
          name: e.user ? entryName({ user: { id: 0, team_name: null, ...e.user } }) : `team ${id}`,
          moved: moved(state.rows, id, e.rank),
          mine: state.mine?.id === id,
        }
      })
      const live = Array.isArray(message.live_match_ids) ? (message.live_match_ids as number[]) : null
      return {
        ...state,
        version: version ?? state.version,
        rows,
        liveMatchIds: live ?? state.liveMatchIds,
        status: live && live.length > 0 ? 'live' : state.status,
      }
    }
    case 'my_team': {
      // No team in this phase: nothing of mine to show.
      if (message.classic_team_id === null || message.classic_team_id === undefined) return state
      const id = Number(message.classic_team_id)
      const rank = message.rank === null || message.rank === undefined ? null : Number(message.rank)
      return {
        ...state,
        mine: {
          id,
          score: Number(message.score ?? 0),
          rank,
          liveMatchId:
            message.live_match_id === null || message.live_match_id === undefined
              ? null
              : Number(message.live_match_id),
        },
        rows: state.rows.map((r) => (r.id === id ? { ...r, mine: true } : r)),
      }
    }
    default:
      return state
  }
}
