import type { AfterCommit, Executor } from '../../db/tx'
import { mentionedUsernames } from '../../domain/social-text'
import { notify } from '../notifications'
import { visibleUsersByUsernameKeys } from '../users'
import { visiblePost } from './visibility'

/** The username that mentions and notices name a writer by. */
export const usernameOf = async (db: Executor, id: number) =>
  (await db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username

/**
 * Stores the `@username` mentions of a post or comment (names of users anyone may see) and
 * tells each mentioned user who may see the post, linking to the comment (or the post). Editing replaces the stored
 * mentions; only users newly mentioned by the edit are told again. Answers the author's username.
 */
export async function saveMentions(
  tx: Executor,
  after: AfterCommit,
  at: { postId: number; commentId: number | null; authorId: number; content: string },
  nowMs: number,
): Promise<string> {
  const authorName = await usernameOf(tx, at.authorId)
  // Only accounts anyone may see are mentioned (a disabled one's name stays plain text).
  const users = await visibleUsersByUsernameKeys(tx, mentionedUsernames(at.content))
  let old = tx.deleteFrom('mentions').where('post_id', '=', at.postId)
  old =
    at.commentId === null ? old.where('comment_id', 'is', null) : old.where('comment_id', '=', at.commentId)
  const before = await old.returning('user_id').execute()
  const known = new Set(before.map((r) => r.user_id))
  for (const user of users) {
    await tx
      .insertInto('mentions')
      .values({ user_id: user.id, post_id: at.postId, comment_id: at.commentId, created_at_ms: nowMs })
      .execute()
    if (user.id === at.authorId || known.has(user.id)) continue
    // Someone who may not see the post (a private contest's) is not told about it.
    const role = user.role === 'admin' ? 'admin' : 'player'
    if (
      !(await visiblePost(tx, at.postId, { id: user.id, role }).then(
        () => true,
        () => false,
      ))
    )
      continue
    await notify(
      tx,
      after,
      user.id,
      {
        kind: 'mention',
        body: `${authorName} mentioned you in a ${at.commentId === null ? 'post' : 'comment'}`,
        data: { post_id: at.postId, comment_id: at.commentId, path: linkTo(at.postId, at.commentId) },
      },
      nowMs,
    )
  }
  return authorName
}

/** The web path of a post, or of one comment on it. */
export const linkTo = (postId: number, commentId: number | null = null) =>
  commentId === null ? `/posts/${postId}` : `/posts/${postId}#comment-${commentId}`
