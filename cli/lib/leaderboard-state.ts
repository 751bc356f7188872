import type { FeedState } from './cable'
import type { Contest, ContestStatus, MembersPage } from './contests'
import { lastMove, type MovingRow } from './rank-moves'

export interface BoardRow extends MovingRow {
  member_id: number
  points: number
  username: string
  team_no: number | null
  /** The prize paid, once the contest is settled. */
  prize: number | null
  mine: boolean
}

/** What the live leaderboard shows, from ContestChannel messages and members pages. */
export interface LeaderboardState {
  contest: Contest
  status: ContestStatus
  matchStatus: string
  membersCount: number
  /** The scoreboard version of the rows (grows with every scored event); null before the start. */
  version: number | null
  rows: BoardRow[]
  mine: Array<{ member_id: number; rank: number | null; points: number }>
  mySlug: string | null
  /** Why the contest was cancelled. */
  reason: string | null
  connection: FeedState
}

export function initialLeaderboard(contest: Contest, page: MembersPage | null): LeaderboardState {
  const state: LeaderboardState = {
    contest,
    status: contest.contest_status,
    matchStatus: contest.match_status,
    membersCount: contest.members_count,
    version: null,
    rows: [],
    mine: [],
    mySlug: null,
    reason: contest.status_reason,
    connection: { kind: 'connecting' },
  }
  return page ? withMembers(state, page) : state
}

function moved(before: BoardRow[], id: number, rank: number | null) {
  const old = before.find((r) => r.member_id === id)
  return lastMove(old, rank)
}

/** Rows from a members page (GET /api/contests/{id}/members): the start, and the settled result. */
export function withMembers(state: LeaderboardState, page: MembersPage): LeaderboardState {
  const mine = page.current_user_members
  return {
    ...state,
    version: page.version ?? state.version,
    membersCount: page.meta.total,
    rows: page.members.map((m) => ({
      member_id: m.id,
      rank: m.rank,
      points: m.points,
      username: m.user.username,
      team_no: m.user_team.team_no,
      moved: moved(state.rows, m.id, m.rank),
      prize: state.status === 'completed' || m.prize > 0 ? m.prize : null,
      mine: m.is_current_user,
    })),
    mine: mine.map((m) => ({ member_id: m.id, rank: m.rank, points: m.points })),
    mySlug: mine[0]?.user.slug ?? state.mySlug,
  }
}

interface TopEntry {
  member_id: number
  rank: number
  points: number
  user: { slug: string; username: string } | null
  team_no: number | null
}

/** Folds one ContestChannel message (snapshot, leaderboard, my_ranks, members, status) into the state. */
export function leaderboardReduce(
  state: LeaderboardState,
  message: Record<string, unknown>,
): LeaderboardState {
  switch (message.type) {
    case 'snapshot':
      return {
        ...state,
        status: message.contest_status as ContestStatus,
        matchStatus: String(message.match_status),
        membersCount: Number(message.members_count ?? state.membersCount),
      }
    case 'leaderboard': {
      const version = Number(message.version)
      // Messages of an older scoreboard can arrive after a refetch; never go back.
      if (state.version !== null && version < state.version) return state
      const mine = new Set(state.mine.map((m) => m.member_id))
      const rows = ((message.top as TopEntry[]) ?? []).map((e) => ({
        member_id: e.member_id,
        rank: e.rank,
        points: e.points,
        username: e.user?.username ?? `entry ${e.member_id}`,
        team_no: e.team_no,
        moved: moved(state.rows, e.member_id, e.rank),
        prize: null,
        mine: mine.has(e.member_id) || (state.mySlug !== null && e.user?.slug === state.mySlug),
      }))
      return { ...state, version, rows, matchStatus: 'live' }
    }
    case 'my_ranks': {
      const entries = (message.entries as Array<{ member_id: number; rank: number; points: number }>) ?? []
      const ids = new Set(entries.map((e) => e.member_id))
      return {
        ...state,
        mine: entries.map((e) => ({ member_id: e.member_id, rank: e.rank, points: e.points })),
        rows: state.rows.map((r) => (ids.has(r.member_id) ? { ...r, mine: true } : r)),
      }
    }
    case 'members':
      return { ...state, membersCount: Number(message.members_count ?? state.membersCount) }
    case 'status':
      return {
        ...state,
        status: (message.contest_status as ContestStatus) ?? state.status,
        reason: typeof message.reason === 'string' ? message.reason : state.reason,
      }
    default:
      return state
  }
}

export const contestFinished = (status: ContestStatus) => status === 'completed' || status === 'cancelled'
