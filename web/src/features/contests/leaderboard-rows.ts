import type { Member, MembersPage } from './api'
import type { ContestLive, LiveEntry, MyRank } from './live'

/** One line of the leaderboard, from the fetched page or a push. */
export interface Row {
  member_id: number
  rank: number | null
  points: number
  name: string
  image: string | null
  team_no: number | null
  user_team_id: number
  prize: number
  refunded: boolean
  mine: boolean
}

/**
 * The fetched page with what /cable pushed. Pushes overlay only a live page (one with a
 * version): a settled board has none, and its ranks and prizes are final — the last ball's
 * push (which carries no prizes) must not hide them.
 */
export function boardRows(
  data: MembersPage,
  live: Pick<ContestLive, 'top' | 'version' | 'mine' | 'status'>,
  pageNo: number,
) {
  const overlay = data.version !== null && live.status !== 'completed'
  const fresh = overlay && live.top !== null && live.version >= (data.version ?? -1)
  const pushed = pageNo === 1 && fresh && live.top ? live.top.map(fromLive) : []
  const pushedIds = new Set(pushed.map((r) => r.member_id))
  const rows = [...pushed, ...data.members.filter((m) => !pushedIds.has(m.id)).map(fromMember)]
  const mineLive = new Map((overlay ? (live.mine ?? []) : []).map((r) => [r.member_id, r]))
  const mine = data.current_user_members.map((m) => withLive(fromMember(m), mineLive.get(m.id)))
  const myIds = new Set(mine.map((r) => r.member_id))
  for (const r of rows) if (myIds.has(r.member_id)) r.mine = true
  return { rows, mine }
}

function fromMember(m: Member): Row {
  return {
    member_id: m.id,
    rank: m.rank,
    points: m.points,
    name: m.user.team_name ?? m.user.username,
    image: m.user.image,
    team_no: m.user_team.team_no,
    user_team_id: m.user_team.id,
    prize: m.prize,
    refunded: m.refunded,
    mine: m.is_current_user,
  }
}

function fromLive(e: LiveEntry): Row {
  return {
    member_id: e.member_id,
    rank: e.rank,
    points: e.points,
    name: e.user?.team_name ?? e.user?.username ?? 'Player',
    image: e.user?.image ?? null,
    team_no: e.team_no,
    user_team_id: e.user_team_id,
    prize: 0,
    refunded: false,
    mine: false,
  }
}

function withLive(row: Row, live: MyRank | undefined): Row {
  return live ? { ...row, rank: live.rank, points: live.points, mine: true } : { ...row, mine: true }
}
