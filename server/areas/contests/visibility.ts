import type { Selectable } from 'kysely'
import { rowWhere } from '../../db/query'
import type { Database } from '../../db/schema'
import type { Executor } from '../../db/tx'
import { notFound } from '../../http/errors'

/**
 * Who sees a contest — daily, championship or esports (docs/visibility.md, and
 * docs/contest-creation.md "Private contests"): a public one, anyone; a private one, its owner
 * (an esports contest's host), its members, admins, and whoever brings its invite code.
 * Everyone else gets the 404 an unknown contest gets, so a private contest's existence does not
 * leak through its id. Every route, channel, card, report and topic that takes a contest's id
 * asks `visibleContest`.
 */
export interface Viewer {
  id: number
  role?: 'player' | 'admin' | string
}

export type ContestKind = 'contest' | 'championship_contest' | 'esports_contest'

const TABLES = {
  contest: { table: 'contests', members: 'contest_members' },
  championship_contest: { table: 'championship_contests', members: 'championship_contest_members' },
  esports_contest: { table: 'esports_contests', members: 'esports_members' },
} as const

type TableOf<K extends ContestKind> = (typeof TABLES)[K]['table']
export type ContestRowOf<K extends ContestKind> = Selectable<Database[TableOf<K>]>

/** The columns the rule reads: a daily or championship contest's owner, an esports contest's host. */
export type Guarded = { id: number; is_private: number; invite_code: string | null } & (
  | { created_by_id: number | null }
  | { host_id: number }
)

/** Invite codes are upper case; what a player types is trimmed and upper-cased first. */
export const normalizeCode = (code: string | undefined | null) => (code ?? '').trim().toUpperCase()

async function isMember(db: Executor, kind: ContestKind, contestId: number, userId: number) {
  // Refunded esports members (they left, or were removed) are members no more.
  const row =
    kind === 'esports_contest'
      ? await rowWhere(db, 'esports_members', { contest_id: contestId, user_id: userId, refunded: 0 })
      : await db
          .selectFrom(TABLES[kind].members)
          .select('id')
          .where('contest_id', '=', contestId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
  return row !== undefined
}

/** The rule itself, for a contest already read. */
export async function canSeeContest(
  db: Executor,
  kind: ContestKind,
  contest: Guarded,
  viewer: Viewer | null,
  code?: string | null,
): Promise<boolean> {
  if (contest.is_private !== 1) return true
  const given = normalizeCode(code)
  if (given !== '' && contest.invite_code !== null && given === normalizeCode(contest.invite_code))
    return true
  if (!viewer) return false
  const owner = 'host_id' in contest ? contest.host_id : contest.created_by_id
  if (viewer.role === 'admin' || viewer.id === owner) return true
  return isMember(db, kind, contest.id, viewer.id)
}

/**
 * The contest if the viewer may see it, else 404 `Contest not found` (the same answer as a
 * contest that does not exist). Given an id it reads the contest's row; given a row it checks
 * that row and answers it.
 */
export async function visibleContest<K extends ContestKind>(
  db: Executor,
  kind: K,
  id: number,
  viewer: Viewer | null,
  code?: string | null,
): Promise<ContestRowOf<K>>
export async function visibleContest<R extends Guarded>(
  db: Executor,
  kind: ContestKind,
  row: R | undefined,
  viewer: Viewer | null,
  code?: string | null,
): Promise<R>
export async function visibleContest(
  db: Executor,
  kind: ContestKind,
  idOrRow: number | Guarded | undefined,
  viewer: Viewer | null,
  code?: string | null,
): Promise<Guarded> {
  const row =
    typeof idOrRow === 'number'
      ? ((await db.selectFrom(TABLES[kind].table).selectAll().where('id', '=', idOrRow).executeTakeFirst()) as
          | Guarded
          | undefined)
      : idOrRow
  if (!row || !(await canSeeContest(db, kind, row, viewer, code))) throw notFound('Contest')
  return row
}
