import { sql } from 'kysely'
import type { Executor } from '../../db/tx'
import { contestBase } from '../contests'

/**
 * Discover (docs/social.md, "Feeds and discover"): public contests that are still open to join,
 * ordered by what the list is for. `friends` are contests created or joined by people I follow.
 */
export type DiscoverType = 'trending' | 'new' | 'big_prizes' | 'friends'

export function discoverContests(
  db: Executor,
  type: DiscoverType,
  viewerId: number | null,
  page: { limit: number; offset: number },
) {
  let q = contestBase(db).where('c.is_private', '=', 0).where('c.status', '=', 'open')
  if (type === 'friends') {
    if (viewerId === null) return Promise.resolve([])
    const followees = db.selectFrom('follows').select('followee_id').where('follower_id', '=', viewerId)
    q = q.where((eb) =>
      eb.or([
        eb('c.created_by_id', 'in', followees),
        eb.exists(
          eb
            .selectFrom('contest_members as cm')
            .select('cm.id')
            .whereRef('cm.contest_id', '=', 'c.id')
            .where('cm.user_id', 'in', followees),
        ),
      ]),
    )
  }
  if (type === 'trending') q = q.orderBy('likes_count', 'desc').orderBy('c.members_count', 'desc')
  else if (type === 'big_prizes') q = q.orderBy('c.prize_pool_paise', 'desc')
  else q = q.orderBy('c.created_at_ms', 'desc')
  return q.orderBy('c.id', 'desc').limit(page.limit).offset(page.offset).execute()
}

/** `%`, `_` and `\` typed by the caller match themselves. */
export const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`

/** lower(column) contains the pattern; ESCAPE spelled out (SQLite has no default escape). */
const contains = (column: string, pattern: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`

/**
 * 0 for an exact match of any of the columns, 1 for a prefix, 2 otherwise: the ranking is in
 * SQL, so the best matches are found however many rows merely contain `q`.
 */
function matchRank(columns: string[], key: string, prefix: string) {
  const lowered = columns.map((c) => sql`lower(${sql.ref(c)})`)
  const any = (test: (col: (typeof lowered)[number]) => ReturnType<typeof sql>) =>
    sql.join(lowered.map(test), sql` or `)
  return sql<number>`case when ${any((c) => sql`${c} = ${key}`)} then 0 when ${any(
    (c) => sql`${c} like ${prefix} escape '\\'`,
  )} then 1 else 2 end`
}

/**
 * Users (username or full name), public open-or-locked contests and series whose name contains
 * `q`, case-insensitively (`lower()` on both sides, same on SQLite and PostgreSQL), exact and
 * prefix matches first.
 */
export async function searchAll(db: Executor, q: string, limit: number) {
  const pattern = likePattern(q)
  const key = q.toLowerCase()
  const prefix = pattern.slice(1)
  const users = await db
    .selectFrom('users as u')
    .leftJoin('avatars as av', 'av.id', 'u.avatar_id')
    .select((eb) => [
      'u.id',
      'u.slug',
      'u.username',
      'u.full_name',
      // An uploaded picture, else the chosen avatar (as on profiles).
      eb.fn.coalesce('u.image_url', 'av.url').as('image_url'),
    ])
    .where('u.status', '=', 'active')
    .where((eb) => eb.or([contains('u.username', pattern), contains('u.full_name', pattern)]))
    .orderBy(matchRank(['u.username', 'u.full_name'], key, prefix))
    .orderBy('u.follower_count', 'desc')
    .orderBy('u.id')
    .limit(limit)
    .execute()
  const contests = await db
    .selectFrom('contests')
    .select(['id', 'name', 'status', 'prize_pool_paise', 'members_count'])
    .where('is_private', '=', 0)
    .where('status', 'in', ['open', 'locked'])
    .where(contains('name', pattern))
    .orderBy(matchRank(['name'], key, prefix))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  const series = await db
    .selectFrom('series')
    .select(['id', 'name', 'short_name', 'status'])
    .where((eb) => eb.or([contains('name', pattern), contains('short_name', pattern)]))
    .orderBy(matchRank(['name', 'short_name'], key, prefix))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return {
    users,
    contests: contests.map((c) => ({
      id: c.id,
      name: c.name,
      status: c.status,
      prize_amount: Number(c.prize_pool_paise) / 100,
      members_count: c.members_count,
    })),
    series,
  }
}
