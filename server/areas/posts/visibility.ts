import { rowWhere } from '../../db/query'
import type { Executor } from '../../db/tx'
import { notFound } from '../../http/errors'
import { visibleContest } from '../contests'
import type { TopicRow, Viewer } from './topics'

/**
 * Who sees a topic, a post and a comment (docs/visibility.md, docs/social.md "Visibility"):
 * a contest's topic exactly as its contest (a private contest: owner, members, admins, invite
 * code), a wall to everyone; a post as its topic, unless a moderator hid it (then nobody); a
 * comment as its post, unless hidden. Everything else is the 404 a missing one gets. Reads,
 * edits, deletes, likes, comments, replies, reports, mentions and TopicChannel all ask here.
 */

/** What a hidden parent hides: the child answers as missing too, with its own 404. */
function hiddenAs<T>(parent: Promise<T>, what: string): Promise<T> {
  return parent.catch(() => {
    throw notFound(what)
  })
}

/** A topic the viewer may see, or 404. */
export async function visibleTopic(db: Executor, topicId: number, viewer: Viewer | null): Promise<TopicRow> {
  const row = await db
    .selectFrom('topics')
    .select(['id', 'contest_id', 'owner_id'])
    .where('id', '=', topicId)
    .executeTakeFirst()
  if (!row) throw notFound('Topic')
  if (row.contest_id !== null) await hiddenAs(visibleContest(db, 'contest', row.contest_id, viewer), 'Topic')
  return { id: Number(row.id), contest_id: row.contest_id, owner_id: row.owner_id }
}

export interface PostRef {
  id: number
  topic_id: number
  user_id: number
  likes_count: number
}

/** A post the viewer may see: not hidden, on a topic they may see; otherwise 404. */
export async function visiblePost(db: Executor, postId: number, viewer: Viewer | null): Promise<PostRef> {
  const post = await rowWhere(db, 'posts', { id: postId, hidden: 0 })
  if (!post) throw notFound('Post')
  await hiddenAs(visibleTopic(db, post.topic_id, viewer), 'Post')
  return {
    id: Number(post.id),
    topic_id: post.topic_id,
    user_id: post.user_id,
    likes_count: post.likes_count,
  }
}

export interface CommentRef {
  id: number
  post_id: number
  parent_id: number | null
  user_id: number
  topic_id: number
}

/** A comment the viewer may see: not hidden, on a post they may see; otherwise 404. */
export async function visibleComment(
  db: Executor,
  commentId: number,
  viewer: Viewer | null,
): Promise<CommentRef> {
  const comment = await rowWhere(db, 'comments', { id: commentId, hidden: 0 })
  if (!comment) throw notFound('Comment')
  const post = await hiddenAs(visiblePost(db, comment.post_id, viewer), 'Comment')
  return {
    id: Number(comment.id),
    post_id: comment.post_id,
    parent_id: comment.parent_id,
    user_id: comment.user_id,
    topic_id: post.topic_id,
  }
}
