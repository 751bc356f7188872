import type { Executor } from '../../db/tx'

/**
 * A contest's discussion topic as contests see it: the bus stream of a topic (posts/topics.ts
 * owns topics) and a contest's topic id, so a like on a contest reaches its topic's watchers.
 */
export const topicStream = (topicId: number) => `topic:${topicId}`

/** The topic id of a contest, if its topic exists yet (for broadcasting contest likes). */
export async function contestTopicId(db: Executor, contestId: number): Promise<number | null> {
  const row = await db
    .selectFrom('topics')
    .select('id')
    .where('contest_id', '=', contestId)
    .executeTakeFirst()
  return row ? Number(row.id) : null
}
