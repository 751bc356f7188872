import type { Executor } from '../../db/tx'
import { notFound } from '../../http/errors'
import type { ContestType } from './activities'

/**
 * Who sees a private contest (docs/contest-creation.md "Private contests"): its members, its
 * owner, admins, and whoever brings its invite code. Everyone else gets the 404 an unknown
 * contest gets, so a private contest's existence does not leak through its id.
 */
export interface Viewer {
  id: number
  role?: 'player' | 'admin'
}

interface Guarded {
  id: number
  is_private: number
  created_by_id: number | null
  invite_code: string | null
}

/** Invite codes are upper case; what a player types is trimmed and upper-cased first. */
export const normalizeCode = (code: string | undefined | null) => (code ?? '').trim().toUpperCase()

export async function isMember(db: Executor, type: ContestType, contestId: number, userId: number) {
  const table = type === 'contest' ? 'contest_members' : 'championship_contest_members'
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row !== undefined
}

export async function canSee(
  db: Executor,
  type: ContestType,
  contest: Guarded,
  viewer: Viewer | null,
  code?: string | null,
): Promise<boolean> {
  if (contest.is_private !== 1) return true
  if (contest.invite_code !== null && normalizeCode(code) === contest.invite_code) return true
  if (!viewer) return false
  if (viewer.role === 'admin' || viewer.id === contest.created_by_id) return true
  return isMember(db, type, contest.id, viewer.id)
}

/** 404 unless the viewer may see the contest. */
export async function assertVisible(
  db: Executor,
  type: ContestType,
  contest: Guarded,
  viewer: Viewer | null,
  code?: string | null,
): Promise<void> {
  if (!(await canSee(db, type, contest, viewer, code))) throw notFound('Contest')
}
