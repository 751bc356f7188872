import type { Executor } from '../../db/tx'
import { type Caller, type EsportsContestRow, isAdmin, memberRow } from './core'

/**
 * Who sees an esports room — its id and password (docs/visibility.md, docs/esports.md "Room
 * details"): the contest's host and admins always; a member still in (not refunded) once the
 * room is revealed, unless the contest was cancelled; nobody else, ever. The contest itself
 * follows the contests' rule (`visibleContest` in server/areas/contests/visibility.ts):
 * a stranger to a private contest gets `Contest not found` before the room is considered.
 */
type RoomContest = Pick<EsportsContestRow, 'status' | 'revealed_at_ms'>

/** What the caller is to the room: `always` (host, admin), `member` (sees it once revealed) or `none`. */
export function roomAccess(
  contest: Pick<EsportsContestRow, 'status'>,
  who: { privileged: boolean; member: boolean },
): 'always' | 'member' | 'none' {
  if (who.privileged) return 'always'
  return who.member && contest.status !== 'cancelled' ? 'member' : 'none'
}

/** The rule itself: whether the room's details show to the caller now. */
export function showsRoom(contest: RoomContest, who: { privileged: boolean; member: boolean }): boolean {
  const access = roomAccess(contest, who)
  return access === 'always' || (access === 'member' && contest.revealed_at_ms !== null)
}

/** What the caller is to a contest's room, read from the database. */
export async function roomAccessOf(db: Executor, contest: EsportsContestRow, caller: Caller) {
  const privileged = contest.host_id === caller.id || isAdmin(caller)
  const member = !privileged && (await memberRow(db, contest.id, caller.id)) !== undefined
  return { privileged, member }
}

/** The room id and password as the caller may see them (null until set, or when they may not). */
export async function visibleRoom(
  db: Executor,
  contest: EsportsContestRow,
  caller: Caller,
): Promise<{ room_id: string; room_password: string } | null> {
  if (contest.room_id === null || contest.room_password === null) return null
  if (!showsRoom(contest, await roomAccessOf(db, contest, caller))) return null
  return { room_id: contest.room_id, room_password: contest.room_password }
}
