import type { UseMutationResult } from '@tanstack/react-query'
import { HeartIcon } from '../../components/Icons'
import type { Schema } from '../../lib/client'
import { formatNumber } from '../../lib/format'
import { useSignedIn } from '../../lib/use-session'
import type { Comment, Post } from './api'
import { likeTarget, useLikeComment, useLikeContest, useLikePost } from './likes'
import styles from './posts.module.css'

type Contest = Schema<'Contest'>

/** A heart and a count; pressed when I like it. Signed out it shows the count and does nothing. */
export function LikeButton({
  liked,
  count,
  onToggle,
  busy,
  small,
  testId = 'like',
}: {
  liked: boolean
  count: number
  onToggle: () => void
  busy?: boolean
  small?: boolean
  testId?: string
}) {
  const signedIn = useSignedIn()
  const size = small ? 14 : 17
  return (
    <button
      type="button"
      className={small ? `${styles.like} ${styles.likeSmall}` : styles.like}
      aria-pressed={liked}
      aria-label={liked ? 'Unlike' : 'Like'}
      disabled={!signedIn || busy}
      onClick={(event) => {
        // Cards are links: a like is not a click through.
        event.preventDefault()
        event.stopPropagation()
        onToggle()
      }}
      data-testid={testId}
    >
      <HeartIcon width={size} height={size} filled={liked} />
      <span data-testid={`${testId}s-count`}>{formatNumber(count)}</span>
    </button>
  )
}

type Toggle = UseMutationResult<unknown, Error, ReturnType<typeof likeTarget.post>, unknown>
const busy = (m: Toggle, id: number) => m.isPending && m.variables?.id === id

export function PostLike({ post, small }: { post: Post; small?: boolean }) {
  const like = useLikePost()
  return (
    <LikeButton
      liked={post.is_liked_by_current_user}
      count={post.likes_count}
      busy={busy(like, post.id)}
      onToggle={() => like.mutate(likeTarget.post(post))}
      small={small}
      testId="post-like"
    />
  )
}

export function CommentLike({ comment }: { comment: Comment }) {
  const like = useLikeComment()
  return (
    <LikeButton
      liked={comment.is_liked_by_current_user}
      count={comment.likes_count}
      busy={busy(like, comment.id)}
      onToggle={() => like.mutate(likeTarget.comment(comment))}
      small
      testId="comment-like"
    />
  )
}

export function ContestLike({ contest, small }: { contest: Contest; small?: boolean }) {
  const like = useLikeContest()
  return (
    <LikeButton
      liked={contest.is_liked_by_current_user}
      count={contest.topic.likes_count}
      busy={busy(like, contest.id)}
      onToggle={() => like.mutate(likeTarget.contest(contest))}
      small={small}
      testId={small ? 'card-like' : 'like'}
    />
  )
}
