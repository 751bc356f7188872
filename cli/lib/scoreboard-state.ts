import type { FeedState } from './cable'
import { describeEvent, type Match, type MatchStatus, type Names, namesOf, type Player } from './matches'

/** What the live scoreboard shows, built from the MatchChannel messages. */
export interface ScoreboardState {
  match: Match
  names: Names
  status: MatchStatus
  summary: Record<string, unknown>
  /** The latest events, newest first. */
  recent: Array<{ seq: number; text: string; correction: boolean }>
  points: ReadonlyMap<number, number>
  connection: FeedState
}

const RECENT = 6

export function initialScoreboard(match: Match, players: readonly Player[]): ScoreboardState {
  return {
    match,
    names: namesOf(players),
    status: match.match_status,
    summary: match.score_summary,
    recent: [],
    points: new Map(players.filter((p) => p.points !== null).map((p) => [p.id, p.points as number])),
    connection: { kind: 'connecting' },
  }
}

type Scores = Array<{ player_id: number; total_score: number }>

/** Folds one MatchChannel message (snapshot, event, player_points, status) into the state. */
export function scoreboardReduce(state: ScoreboardState, message: Record<string, unknown>): ScoreboardState {
  switch (message.type) {
    case 'snapshot':
      return {
        ...state,
        status: message.match_status as MatchStatus,
        summary: (message.summary as Record<string, unknown>) ?? {},
        points: new Map(((message.player_points as Scores) ?? []).map((p) => [p.player_id, p.total_score])),
      }
    case 'event': {
      const event = message.event as Record<string, unknown>
      const seq = Number(event.seq)
      const line = {
        seq,
        text: describeEvent(state.match, event, state.names),
        correction: message.correction === true,
      }
      // A correction replaces the line of the event it corrects.
      const rest = state.recent.filter((r) => r.seq !== seq)
      return {
        ...state,
        summary: (message.summary as Record<string, unknown>) ?? state.summary,
        recent: [line, ...rest].sort((a, b) => b.seq - a.seq).slice(0, RECENT),
      }
    }
    case 'player_points': {
      const points = new Map(state.points)
      for (const p of (message.players as Scores) ?? []) points.set(p.player_id, p.total_score)
      return { ...state, points }
    }
    case 'status':
      return { ...state, status: message.match_status as MatchStatus }
    default:
      return state
  }
}

/** The best-scoring players so far, with their side. */
export function topPlayers(state: ScoreboardState, count = 8) {
  return [...state.points]
    .filter(([, points]) => points !== 0)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, count)
    .map(([id, points]) => ({
      id,
      points,
      name: state.names.get(id)?.name ?? `#${id}`,
      side: state.names.get(id)?.side ?? '',
    }))
}

export const matchFinished = (status: MatchStatus) => status === 'completed' || status === 'abandoned'
