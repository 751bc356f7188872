import { rowWhere } from '../../db/query'
import type { ReportSubjectType } from '../../db/schema'
import type { AfterCommit, Executor } from '../../db/tx'
import { topicStream, visibleComment, visiblePost } from '../posts'
import { visibleUser } from '../users'

/**
 * Reports of users, posts and comments (docs/social.md "Reports") share the contests'
 * queue and table: `contest_type`/`contest_id` hold the subject's kind and id. Social reports
 * take their own reasons; labels of both lists resolve through `reasonLabel`.
 */
export const SOCIAL_REPORT_REASONS = [
  { key: 'spam', label: 'Spam or advertising' },
  { key: 'harassment', label: 'Harassment or bullying' },
  { key: 'hate', label: 'Hate or offensive content' },
  { key: 'impersonation', label: 'Pretending to be someone else' },
  { key: 'other', label: 'Something else' },
] as const

export type SocialReason = (typeof SOCIAL_REPORT_REASONS)[number]['key']
export const SOCIAL_REASON_KEYS = SOCIAL_REPORT_REASONS.map((r) => r.key) as [SocialReason, ...SocialReason[]]
export type SocialSubject = 'user' | 'post' | 'comment'

/**
 * The subject as the reporter may see it, through the visibility rule of its kind: a user
 * nobody may see (disabled, invited), a post or comment on a contest the reporter is not in, or
 * a hidden one, is the 404 a missing one gets — and no report, so no label of its text.
 */
export async function checkSocialSubject(
  db: Executor,
  type: SocialSubject,
  id: number,
  viewer: { id: number; role: string },
): Promise<void> {
  const who = { id: viewer.id, role: viewer.role === 'admin' ? ('admin' as const) : ('player' as const) }
  if (type === 'user') await visibleUser(db, { id })
  else if (type === 'post') await visiblePost(db, id, who)
  else await visibleComment(db, id, who)
}

/** A short name of the subject for the queue and the reporter's notification. */
export async function subjectLabel(
  db: Executor,
  type: ReportSubjectType,
  id: number,
): Promise<string | null> {
  if (type === 'contest')
    return (
      (await db.selectFrom('contests').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null
    )
  if (type === 'championship_contest')
    return (
      (await db.selectFrom('championship_contests').select('name').where('id', '=', id).executeTakeFirst())
        ?.name ?? null
    )
  if (type === 'esports_contest')
    return (
      (await db.selectFrom('esports_contests').select('name').where('id', '=', id).executeTakeFirst())
        ?.name ?? null
    )
  if (type === 'user')
    return (
      (await db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst())?.username ??
      null
    )
  const row =
    type === 'post'
      ? await db.selectFrom('posts').select('content').where('id', '=', id).executeTakeFirst()
      : await db.selectFrom('comments').select('content').where('id', '=', id).executeTakeFirst()
  return row ? clip(row.content) : null
}

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text)

/**
 * Hides a reported post or comment (a resolution's `hide`): it then answers 404 everywhere and
 * leaves lists and counts, and open pages are told over the post's topic stream as for a
 * deletion. Answers false when there is nothing to hide (already gone).
 */
export async function hideSubject(
  db: Executor,
  after: AfterCommit,
  type: ReportSubjectType,
  id: number,
): Promise<boolean> {
  if (type === 'post') {
    const r = await db
      .updateTable('posts')
      .set({ hidden: 1 })
      .where('id', '=', id)
      .where('hidden', '=', 0)
      .returning('topic_id')
      .executeTakeFirst()
    if (!r) return false
    // Open feeds and the post's page drop it, as they do a deleted one.
    after.publish(topicStream(r.topic_id), { type: 'post_removed', post_id: id })
    return true
  }
  if (type !== 'comment') return false
  const comment = await rowWhere(db, 'comments', { id, hidden: 0 })
  if (!comment) return false
  // The comment and its visible replies leave the post's count together.
  const r = await db
    .updateTable('comments')
    .set({ hidden: 1 })
    .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
    .where('hidden', '=', 0)
    .executeTakeFirst()
  await db
    .updateTable('posts')
    .set((eb) => ({ comments_count: eb('comments_count', '-', Number(r.numUpdatedRows)) }))
    .where('id', '=', comment.post_id)
    .execute()
  const post = await rowWhere(db, 'posts', { id: comment.post_id })
  if (post)
    after.publish(topicStream(post.topic_id), {
      type: 'comment_removed',
      post_id: comment.post_id,
      comment_id: id,
    })
  return true
}

/** The page of a report's subject, for the reporter's "resolved" notification. */
export async function subjectPath(db: Executor, type: ReportSubjectType, id: number): Promise<string | null> {
  if (type === 'contest' || type === 'esports_contest') return `/contests/${id}`
  if (type === 'championship_contest') return `/contests/${id}/championship-stats`
  if (type === 'post') return `/posts/${id}`
  if (type === 'user') {
    const user = await db.selectFrom('users').select('slug').where('id', '=', id).executeTakeFirst()
    return user ? `/users/${encodeURIComponent(user.slug)}` : null
  }
  const comment = await db.selectFrom('comments').select('post_id').where('id', '=', id).executeTakeFirst()
  return comment ? `/posts/${comment.post_id}` : null
}
