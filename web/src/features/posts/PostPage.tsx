import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router'
import { COMMENT_MAX_CHARS, POST_MAX_CHARS } from '../../../../server/domain/social-text'
import { EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { usePageTitle } from '../../lib/page-title'
import { useSignedIn } from '../../lib/use-session'
import { commentsQuery, deletePost, editPost, type Post, postQuery, addComment as sendComment } from './api'
import { Composer, EditBox } from './Composer'
import { ItemActions } from './ItemActions'
import { addComment, useTopicLive } from './live'
import { PostCard } from './PostCard'
import styles from './posts.module.css'
import { ReportDialog } from './ReportDialog'
import { Thread } from './Thread'

/**
 * `/posts/:id`: the post, its comments oldest first with one level of replies, a comment box
 * and a reply box per thread; new comments and like counts arrive live (TopicChannel). The
 * author edits or deletes their own post; anyone signed in can report it.
 */
export function PostPage() {
  usePageTitle('Post')
  const id = Number(useParams().id)
  const post = useQuery(postQuery(id))
  const comments = useQuery(commentsQuery(id))
  const live = useTopicLive(post.data?.topic_id)
  const hash = useLocation().hash
  const ready = Boolean(comments.data)
  useEffect(() => {
    // A notification links to `#comment-{id}`: show that comment once the thread is in.
    if (ready && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'center' })
  }, [ready, hash])

  if (post.isPending) return <Loading />
  if (post.isError) return <Alert>{post.error.message}</Alert>
  return (
    <div className={styles.narrow} data-testid="post-page" data-live={live || undefined}>
      <OwnPost post={post.data} />
      <h2 className={styles.section}>Comments</h2>
      <CommentBox post={post.data} />
      {comments.isPending ? (
        <Loading />
      ) : comments.isError ? (
        <Alert>{comments.error.message}</Alert>
      ) : comments.data.length === 0 ? (
        <EmptyState title="No comments yet">Be the first to say something.</EmptyState>
      ) : (
        <Thread post={post.data} comments={comments.data} />
      )}
    </div>
  )
}

function CommentBox({ post }: { post: Post }) {
  const client = useQueryClient()
  const signedIn = useSignedIn()
  if (!signedIn) return <p className={styles.hint}>Sign in to comment.</p>
  return (
    <Composer
      placeholder="Write a comment"
      max={COMMENT_MAX_CHARS}
      submitLabel="Comment"
      testId="comment-box"
      rows={2}
      onSend={(content) => sendComment(post.id, content)}
      onSent={(answer) => {
        addComment(client, post.id, (answer as Awaited<ReturnType<typeof sendComment>>).comment)
        void client.invalidateQueries({ queryKey: ['post', post.id], exact: true })
      }}
    />
  )
}

/** The post, and for its author the edit and delete controls; for others, report. */
function OwnPost({ post }: { post: Post }) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const [editing, setEditing] = useState(false)
  const [reporting, setReporting] = useState(false)
  const remove = useMutation({
    mutationFn: () => deletePost(post.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['posts'] })
      void client.invalidateQueries({ queryKey: ['feeds'] })
      client.removeQueries({ queryKey: ['post', post.id] })
      navigate(post.contest ? `/contests/${post.contest.id}/comments` : '/feeds', { replace: true })
    },
  })
  if (editing)
    return (
      <EditBox
        initial={post.content}
        max={POST_MAX_CHARS}
        onCancel={() => setEditing(false)}
        onSave={async (content) => {
          const { post: fresh } = await editPost(post.id, content)
          client.setQueryData(postQuery(post.id).queryKey, fresh)
          void client.invalidateQueries({ queryKey: ['posts'] })
          void client.invalidateQueries({ queryKey: ['feeds'] })
          setEditing(false)
        }}
      />
    )
  const actions = (
    <ItemActions
      kind="post"
      authorId={post.user.id}
      remove={remove}
      onChoose={(action) => (action === 'edit' ? setEditing(true) : setReporting(true))}
      className={styles.actions}
    />
  )
  return (
    <>
      <PostCard post={{ ...post, comments: [] }} actions={actions} />
      {reporting ? <ReportDialog subject="posts" id={post.id} onClose={() => setReporting(false)} /> : null}
    </>
  )
}
