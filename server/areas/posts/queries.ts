import { type Param, prepared } from '../../db/prepared'
import type { Executor } from '../../db/tx'

export interface OlderPage {
  before_id?: number | undefined
  per_page: number
}

/** A page of a topic's visible post ids, newest first, older than `before_id`. */
export async function topicPostIds(db: Executor, topicId: number, q: OlderPage): Promise<number[]> {
  let query = db
    .selectFrom('posts')
    .select('id')
    .where('topic_id', '=', topicId)
    .where('hidden', '=', 0)
    .orderBy('id', 'desc')
    .limit(q.per_page)
  if (q.before_id !== undefined) query = query.where('id', '<', q.before_id)
  return (await query.execute()).map((r) => Number(r.id))
}

export async function contestLikesCount(db: Executor, contestId: number): Promise<number> {
  const row = await db
    .selectFrom('contest_likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('contest_id', '=', contestId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function slugOf(db: Executor, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('slug').where('id', '=', userId).executeTakeFirst()
  return row?.slug ?? null
}

/** No cursor: ids below every id there is (within a 32-bit integer, on both databases). */
const NO_CURSOR = 2_147_483_647

const feedPage = prepared((db, $: Param<{ meId: number; beforeId: number; perPage: number }>) =>
  db
    .selectFrom('posts as p')
    .innerJoin('topics as t', 't.id', 'p.topic_id')
    .leftJoin('contests as c', 'c.id', 't.contest_id')
    .select('p.id')
    .where('p.hidden', '=', 0)
    .where((eb) =>
      eb.or([
        eb('p.user_id', '=', $('meId')),
        eb(
          'p.user_id',
          'in',
          eb.selectFrom('follows').select('followee_id').where('follower_id', '=', $('meId')),
        ),
      ]),
    )
    .where((eb) =>
      eb.or([eb('c.id', 'is', null), eb('c.is_private', '=', 0), eb('p.user_id', '=', $('meId'))]),
    )
    .where('p.id', '<', $('beforeId'))
    .orderBy('p.id', 'desc')
    .limit($('perPage')),
)

/**
 * A page of a player's feed: visible posts of people they follow and their own, newest first.
 * Posts on private contests show only to their author here.
 */
export async function feedPostIds(db: Executor, meId: number, q: OlderPage): Promise<number[]> {
  const rows = await feedPage(db, { meId, beforeId: q.before_id ?? NO_CURSOR, perPage: q.per_page })
  return rows.map((r) => Number(r.id))
}

/**
 * When the post a cursor names was written: the upper end of the next page's results. A post
 * deleted since is replaced by the next surviving one after it (null: none, no upper end).
 */
export async function postInstant(db: Executor, postId: number): Promise<number | null> {
  const row = await db
    .selectFrom('posts')
    .select('created_at_ms')
    .where('id', '>=', postId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return row ? Number(row.created_at_ms) : null
}

/** The ten most liked visible public posts written since `sinceMs`. */
export async function popularPostIds(db: Executor, sinceMs: number): Promise<number[]> {
  const rows = await db
    .selectFrom('posts as p')
    .innerJoin('topics as t', 't.id', 'p.topic_id')
    .leftJoin('contests as c', 'c.id', 't.contest_id')
    .select('p.id')
    .where('p.hidden', '=', 0)
    .where((eb) => eb.or([eb('c.id', 'is', null), eb('c.is_private', '=', 0)]))
    .where('p.created_at_ms', '>=', sinceMs)
    .orderBy('p.likes_count', 'desc')
    .orderBy('p.id', 'desc')
    .limit(10)
    .execute()
  return rows.map((r) => Number(r.id))
}
