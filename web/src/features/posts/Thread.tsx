import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { COMMENT_MAX_CHARS } from '../../../../server/domain/social-text'
import { useMe } from '../../lib/me'
import { type Comment, deleteComment, editComment, type Post, addComment as sendComment } from './api'
import { Composer, EditBox } from './Composer'
import { ItemActions, LinkButton } from './ItemActions'
import { CommentLike } from './LikeButton'
import { addComment } from './live'
import { Byline } from './PostCard'
import styles from './posts.module.css'
import { ReportDialog } from './ReportDialog'
import { RichText } from './RichText'

/** Top comments oldest first, each with its replies (one level) and a reply box. */
export function Thread({ post, comments }: { post: Post; comments: Comment[] }) {
  const tops = comments.filter((c) => c.parent_id === null)
  const replies = (id: number) => comments.filter((c) => c.parent_id === id)
  return (
    <ol className={styles.thread} data-testid="thread">
      {tops.map((top) => (
        <li key={top.id} className={styles.threadItem}>
          <CommentView post={post} comment={top} />
          {replies(top.id).length > 0 ? (
            <ol className={styles.replies}>
              {replies(top.id).map((reply) => (
                <li key={reply.id}>
                  <CommentView post={post} comment={reply} />
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

function CommentView({ post, comment }: { post: Post; comment: Comment }) {
  const me = useMe()
  const client = useQueryClient()
  const [mode, setMode] = useState<'view' | 'reply' | 'edit' | 'report'>('view')
  const refetch = () => void client.invalidateQueries({ queryKey: ['post', post.id] })
  const remove = useMutation({ mutationFn: () => deleteComment(comment.id), onSuccess: refetch })
  return (
    <div
      className={styles.comment}
      id={`comment-${comment.id}`}
      data-testid="comment"
      data-comment-id={comment.id}
    >
      <Byline user={comment.user} at={comment.created_at_in_millis} edited={comment.edited} />
      {mode === 'edit' ? (
        <EditBox
          initial={comment.content}
          max={COMMENT_MAX_CHARS}
          onCancel={() => setMode('view')}
          onSave={async (content) => {
            await editComment(comment.id, content)
            refetch()
            setMode('view')
          }}
        />
      ) : (
        <RichText text={comment.content} mentions={comment.mentions} testId="comment-text" />
      )}
      <div className={styles.commentFoot}>
        <CommentLike comment={comment} />
        {me.data ? (
          <LinkButton onClick={() => setMode(mode === 'reply' ? 'view' : 'reply')} data-testid="reply">
            Reply
          </LinkButton>
        ) : null}
        <ItemActions kind="comment" authorId={comment.user.id} remove={remove} onChoose={setMode} />
      </div>
      {mode === 'reply' ? (
        <Composer
          placeholder={`Reply to ${comment.user.username}`}
          max={COMMENT_MAX_CHARS}
          submitLabel="Reply"
          testId="reply-box"
          rows={2}
          autoFocus
          onSend={(content) => sendComment(post.id, content, comment.id)}
          onSent={(answer) => {
            addComment(client, post.id, (answer as Awaited<ReturnType<typeof sendComment>>).comment)
            setMode('view')
            refetch()
          }}
        />
      ) : null}
      {mode === 'report' ? (
        <ReportDialog subject="comments" id={comment.id} onClose={() => setMode('view')} />
      ) : null}
    </div>
  )
}
