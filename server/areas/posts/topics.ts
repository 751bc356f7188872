import type { Executor } from '../../db/tx'
import { notFound } from '../../http/errors'
import { canSee } from '../contest-creation/visibility'

/**
 * Topics (docs/social.md, "Topics"): every contest has one and so has every user's wall. A
 * topic row is made the first time anyone reads or writes it (an insert that does nothing when
 * another request made it first, then a read), so contests made by any path — creation,
 * seeds, admin tools — have one without each of them knowing about posts.
 */
export const topicStream = (topicId: number) => `topic:${topicId}`

export interface Viewer {
  id: number
  role: 'player' | 'admin'
}

export interface TopicRow {
  id: number
  contest_id: number | null
  owner_id: number | null
}

async function topicWhere(db: Executor, column: 'contest_id' | 'owner_id', id: number, nowMs: number) {
  await db
    .insertInto('topics')
    .values({ [column]: id, created_at_ms: nowMs })
    .onConflict((oc) => oc.column(column).doNothing())
    .execute()
  const row = await db
    .selectFrom('topics')
    .select(['id', 'contest_id', 'owner_id'])
    .where(column, '=', id)
    .executeTakeFirstOrThrow()
  return { id: Number(row.id), contest_id: row.contest_id, owner_id: row.owner_id }
}

/** The contest's topic (404 when the viewer may not see the contest). */
export async function contestTopic(
  db: Executor,
  contestId: number,
  viewer: Viewer | null,
  nowMs: number,
  inviteCode?: string | null,
): Promise<TopicRow> {
  const contest = await db
    .selectFrom('contests')
    .select(['id', 'is_private', 'created_by_id', 'invite_code'])
    .where('id', '=', contestId)
    .executeTakeFirst()
  if (!contest || !(await canSee(db, 'contest', contest, viewer, inviteCode))) throw notFound('Contest')
  return topicWhere(db, 'contest_id', contestId, nowMs)
}

/** The user's wall (walls are public). */
export async function wallTopic(db: Executor, userId: number, nowMs: number): Promise<TopicRow> {
  return topicWhere(db, 'owner_id', userId, nowMs)
}

/** A topic the viewer may see, or 404: a contest's topic is as visible as its contest. */
export async function visibleTopic(db: Executor, topicId: number, viewer: Viewer | null): Promise<TopicRow> {
  const row = await db
    .selectFrom('topics')
    .select(['id', 'contest_id', 'owner_id'])
    .where('id', '=', topicId)
    .executeTakeFirst()
  if (!row) throw notFound('Topic')
  if (row.contest_id !== null) {
    const contest = await db
      .selectFrom('contests')
      .select(['id', 'is_private', 'created_by_id', 'invite_code'])
      .where('id', '=', row.contest_id)
      .executeTakeFirstOrThrow()
    if (!(await canSee(db, 'contest', contest, viewer))) throw notFound('Topic')
  }
  return { id: Number(row.id), contest_id: row.contest_id, owner_id: row.owner_id }
}

/** The topic id of a contest, if its topic exists yet (for broadcasting contest likes). */
export async function contestTopicId(db: Executor, contestId: number): Promise<number | null> {
  const row = await db
    .selectFrom('topics')
    .select('id')
    .where('contest_id', '=', contestId)
    .executeTakeFirst()
  return row ? Number(row.id) : null
}
