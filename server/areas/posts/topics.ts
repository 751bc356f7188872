import type { Executor } from '../../db/tx'
import { topicStream, visibleContest } from '../contests'

/**
 * Topics (docs/social.md, "Topics"): every contest has one and so has every user's wall. A
 * topic row is made the first time anyone writes on it (an insert that does nothing when
 * another request made it first, then a read), so contests made by any path — creation,
 * seeds, admin tools — have one without each of them knowing about posts. Reads never write:
 * before the first post a topic answers with a null id.
 */
export { topicStream }

export interface Viewer {
  id: number
  role: 'player' | 'admin'
}

export interface TopicRow {
  id: number
  contest_id: number | null
  owner_id: number | null
}

/** A topic as a read finds it: `id` null while nothing was ever posted on it. */
export type MaybeTopic = Omit<TopicRow, 'id'> & { id: number | null }

async function topicWhere(
  db: Executor,
  column: 'contest_id' | 'owner_id',
  id: number,
  nowMs: number,
): Promise<TopicRow> {
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

async function findTopic(db: Executor, column: 'contest_id' | 'owner_id', id: number): Promise<MaybeTopic> {
  const row = await db.selectFrom('topics').select('id').where(column, '=', id).executeTakeFirst()
  return {
    id: row ? Number(row.id) : null,
    contest_id: column === 'contest_id' ? id : null,
    owner_id: column === 'owner_id' ? id : null,
  }
}

/** The contest's topic for reading (404 when the viewer may not see the contest). */
export async function readContestTopic(
  db: Executor,
  contestId: number,
  viewer: Viewer | null,
  inviteCode?: string | null,
): Promise<MaybeTopic> {
  await assertContestVisible(db, contestId, viewer, inviteCode)
  return findTopic(db, 'contest_id', contestId)
}

export const readWallTopic = (db: Executor, userId: number) => findTopic(db, 'owner_id', userId)

const assertContestVisible = (
  db: Executor,
  contestId: number,
  viewer: Viewer | null,
  inviteCode?: string | null,
) => visibleContest(db, 'contest', contestId, viewer, inviteCode)

/** The contest's topic for posting, made if need be (404 when the viewer may not see the contest). */
export async function contestTopic(
  db: Executor,
  contestId: number,
  viewer: Viewer | null,
  nowMs: number,
): Promise<TopicRow> {
  await assertContestVisible(db, contestId, viewer)
  return topicWhere(db, 'contest_id', contestId, nowMs)
}

/** The user's wall (walls are public). */
export async function wallTopic(db: Executor, userId: number, nowMs: number): Promise<TopicRow> {
  return topicWhere(db, 'owner_id', userId, nowMs)
}
