import type { Deps } from '../../core/deps'
import { type AfterCommit, type Tx, withTx } from '../../db/tx'
import { invalid, notFound } from '../../http/errors'
import { notify, notifyGrouped } from '../notifications'
import { linkTo, saveMentions } from './mentions'
import { assertPostingRate } from './posting-rate'
import { groupedName, toggleLike } from './service'
import { topicStream, type Viewer } from './topics'
import { commentRowById, commentsJson } from './views'
import { visibleComment, visiblePost } from './visibility'

/**
 * Comments on a post, with replies one level deep: a reply names its parent comment, which
 * must be a visible comment on the same post (a comment on another post or topic is 422 on
 * `parent_id`; a reply to a reply answers the thread's top comment). The post's
 * `comments_count` moves in the same transaction as the comment rows.
 */

export async function createComment(
  deps: Deps,
  viewer: Viewer,
  postId: number,
  input: { content: string; parent_id?: number | undefined },
): Promise<number> {
  const now = deps.clock.now()
  return withTx(deps, async (tx, after) => {
    await assertPostingRate(deps, tx, viewer.id, now)
    const post = await visiblePost(tx, postId, viewer)
    let parentId: number | null = null
    let parentAuthor: number | null = null
    if (input.parent_id !== undefined) {
      // A parent the viewer may not see is missing, whichever post it is on.
      const parent = await visibleComment(tx, input.parent_id, viewer)
      if (parent.post_id !== postId)
        throw invalid({ parent_id: ['is a comment on another post; reply on the post it belongs to'] })
      parentId = parent.parent_id ?? Number(parent.id)
      parentAuthor = parent.user_id
    }
    const row = await tx
      .insertInto('comments')
      .values({
        post_id: postId,
        parent_id: parentId,
        user_id: viewer.id,
        content: input.content,
        created_at_ms: now,
        updated_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const id = Number(row.id)
    await tx
      .updateTable('posts')
      .set((eb) => ({ comments_count: eb('comments_count', '+', 1) }))
      .where('id', '=', postId)
      .execute()
    const name = await saveMentions(
      tx,
      after,
      { postId, commentId: id, authorId: viewer.id, content: input.content },
      now,
    )
    await tellCommented(
      tx,
      after,
      { postId, postAuthor: post.user_id, commentId: id, parentAuthor, viewerId: viewer.id, name },
      now,
    )
    const [json] = await commentsJson(tx, [(await commentRowById(tx, id))!], null)
    after.publish(topicStream(post.topic_id), { type: 'comment', post_id: postId, comment: json })
    return id
  })
}

async function tellCommented(
  tx: Tx,
  after: AfterCommit,
  c: {
    postId: number
    postAuthor: number
    commentId: number
    parentAuthor: number | null
    viewerId: number
    name: string
  },
  now: number,
) {
  const path = linkTo(c.postId, c.commentId)
  if (c.parentAuthor !== null && c.parentAuthor !== c.viewerId)
    await notify(
      tx,
      after,
      c.parentAuthor,
      {
        kind: 'comment_reply',
        body: `${c.name} replied to your comment`,
        data: { post_id: c.postId, comment_id: c.commentId, path },
      },
      now,
    )
  if (c.postAuthor === c.viewerId || c.postAuthor === c.parentAuthor) return
  const others = await tx
    .selectFrom('comments')
    .select('user_id')
    .distinct()
    .where('post_id', '=', c.postId)
    .where('hidden', '=', 0)
    .where('user_id', 'not in', [c.viewerId, c.postAuthor])
    .execute()
  await notifyGrouped(
    tx,
    after,
    c.postAuthor,
    `post_commented:${c.postId}`,
    {
      kind: 'post_commented',
      body: `${groupedName(c.name, others.length)} commented on your post`,
      data: { post_id: c.postId, comment_id: c.commentId, path, actor: c.name, others_count: others.length },
    },
    now,
  )
}

/** The viewer's own comment that they may still see, or 404. */
async function ownComment(tx: Tx, id: number, viewer: Viewer) {
  const comment = await visibleComment(tx, id, viewer)
  if (comment.user_id !== viewer.id) throw notFound('Comment')
  return comment
}

export async function editComment(deps: Deps, viewer: Viewer, id: number, content: string): Promise<void> {
  const now = deps.clock.now()
  await withTx(deps, async (tx, after) => {
    const c = await ownComment(tx, id, viewer)
    await tx.updateTable('comments').set({ content, updated_at_ms: now }).where('id', '=', id).execute()
    await saveMentions(tx, after, { postId: c.post_id, commentId: id, authorId: viewer.id, content }, now)
    after.publish(topicStream(c.topic_id), { type: 'comment_updated', post_id: c.post_id, comment_id: id })
  })
}

/** Deletes the comment and its replies (with their likes and mentions); the post's count drops by as many. */
export async function deleteComment(deps: Deps, viewer: Viewer, id: number): Promise<void> {
  await withTx(deps, async (tx, after) => {
    const c = await ownComment(tx, id, viewer)
    const gone = await removeThread(tx, id)
    await tx
      .updateTable('posts')
      .set((eb) => ({ comments_count: eb('comments_count', '-', gone) }))
      .where('id', '=', c.post_id)
      .execute()
    after.publish(topicStream(c.topic_id), { type: 'comment_removed', post_id: c.post_id, comment_id: id })
  })
}

/** Removes a comment and its replies; answers how many visible ones went. */
async function removeThread(tx: Tx, id: number): Promise<number> {
  const thread = await tx
    .selectFrom('comments')
    .select(['id', 'hidden'])
    .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
    .execute()
  const ids = thread.map((r) => Number(r.id))
  await tx.deleteFrom('comment_likes').where('comment_id', 'in', ids).execute()
  await tx.deleteFrom('mentions').where('comment_id', 'in', ids).execute()
  await tx.deleteFrom('comments').where('parent_id', '=', id).execute()
  await tx.deleteFrom('comments').where('id', '=', id).execute()
  return thread.filter((r) => r.hidden === 0).length
}

/** Likes or takes back a like of a comment; idempotent, count exact (as posts). */
export async function setCommentLike(deps: Deps, viewer: Viewer, id: number, liked: boolean): Promise<void> {
  const now = deps.clock.now()
  await withTx(deps, async (tx, after) => {
    const comment = await visibleComment(tx, id, viewer)
    await toggleLike(tx, after, { subject: 'comment', id, topicId: comment.topic_id }, viewer.id, liked, now)
  })
}
