import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Avatar } from '../../components/Common'
import { TimeAgo } from '../../components/TimeAgo'
import { formatNumber } from '../../lib/format'
import type { Comment, Post } from './api'
import { CommentLike, PostLike } from './LikeButton'
import styles from './posts.module.css'
import { RichText } from './RichText'

/** Who wrote it (or won it: the feed's contest results), where (a contest or a wall), and when — "5 minutes ago", kept true while the page is open. */
export function Byline({
  user,
  at,
  edited,
  where,
}: {
  user: Pick<Post['user'], 'slug' | 'username' | 'image_url'>
  at: number
  edited?: boolean
  where?: ReactNode
}) {
  return (
    <div className={styles.byline}>
      <Avatar src={user.image_url} name={user.username} size={34} />
      <div className={styles.bylineText}>
        <Link to={`/users/${user.slug}`} className={styles.author}>
          {user.username}
        </Link>
        {where}
        <span className={styles.when}>
          <TimeAgo atMs={at} />
          {edited ? ' · edited' : ''}
        </span>
      </div>
    </div>
  )
}

const whereOf = (post: Post) =>
  post.contest ? (
    <span className={styles.where}>
      in <Link to={`/contests/${post.contest.id}/comments`}>{post.contest.name}</Link>
    </span>
  ) : post.wall && post.wall.slug !== post.user.slug ? (
    <span className={styles.where}>
      on <Link to={`/users/${post.wall.slug}`}>{post.wall.slug}</Link>’s wall
    </span>
  ) : null

/**
 * A post as every list shows it: byline, text, like and comment counts, and (unless
 * `compact`) its latest comments. The count links to the post page, where the thread is.
 */
export function PostCard({
  post,
  compact,
  actions,
  label,
}: {
  post: Post
  compact?: boolean
  actions?: ReactNode
  label?: ReactNode
}) {
  return (
    <article
      className={compact ? `${styles.post} ${styles.compact}` : styles.post}
      data-testid="post-card"
      data-post-id={post.id}
    >
      {label ? <div className={styles.label}>{label}</div> : null}
      <Byline user={post.user} at={post.created_at_in_millis} edited={post.edited} where={whereOf(post)} />
      <RichText
        text={compact ? clip(post.content) : post.content}
        mentions={post.mentions}
        testId="post-text"
      />
      <footer className={styles.postFoot}>
        <PostLike post={post} small={compact} />
        <Link to={`/posts/${post.id}`} className={styles.commentsLink} data-testid="post-comments-link">
          {formatNumber(post.comments_count)} comment{post.comments_count === 1 ? '' : 's'}
        </Link>
        {actions}
      </footer>
      {!compact && post.comments.length > 0 ? (
        <ul className={styles.latest}>
          {post.comments.map((c) => (
            <LatestComment key={c.id} comment={c} />
          ))}
          {post.comments_count > post.comments.length ? (
            <li>
              <Link to={`/posts/${post.id}`} className={styles.more}>
                See all {formatNumber(post.comments_count)} comments
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </article>
  )
}

function LatestComment({ comment }: { comment: Comment }) {
  return (
    <li className={styles.latestItem}>
      <Link to={`/users/${comment.user.slug}`} className={styles.author}>
        {comment.user.username}
      </Link>{' '}
      <RichText text={clip(comment.content)} mentions={comment.mentions} />
      <CommentLike comment={comment} />
    </li>
  )
}

const CLIP = 280
const clip = (text: string) => (text.length > CLIP ? `${text.slice(0, CLIP - 1)}…` : text)
