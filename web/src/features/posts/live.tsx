import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useMe } from '../../lib/me'
import { useGatedChannel } from '../../lib/use-channel'
import type { Comment } from './api'
import { type LikeSubject, setLikesEverywhere } from './likes'
import { gone, refreshPost } from './post-cache'

type Broadcast =
  | { type: 'snapshot'; seq: number; topic_id: number }
  | { type: 'post' | 'post_updated' | 'post_removed'; seq: number; post_id: number }
  | { type: 'comment'; seq: number; post_id: number; comment: Comment }
  | { type: 'comment_updated' | 'comment_removed'; seq: number; post_id: number; comment_id: number }
  | {
      type: 'likes'
      seq: number
      subject: LikeSubject
      id: number
      likes_count: number
      by_user_id?: number
      liked?: boolean
    }

/**
 * Follows a topic (a contest's posts or a wall) over TopicChannel (docs/channels.md): like
 * counts are set in every cached copy (and my own heart, when the like was mine from another
 * tab); a new comment is added to its post's thread (once: my own arrives both as the POST's
 * answer and as the broadcast); an edit, a comment or a deletion rewrites the post wherever it
 * is cached — the feed, discover, walls, the post page — or drops it (post-cache.ts); a new post
 * refetches the topic's lists. A gap in `seq` or a reconnect refetches everything.
 */
export function useTopicLive(topicId: number | null | undefined): boolean {
  const client = useQueryClient()
  const me = useMe()
  const take = (m: Broadcast) => {
    if (m.type === 'snapshot') return
    if (m.type === 'likes') {
      const mine = m.by_user_id !== undefined && m.by_user_id === me.data?.id
      setLikesEverywhere(client, m.subject, m.id, {
        likes_count: m.likes_count,
        ...(mine && m.liked !== undefined ? { liked: m.liked } : {}),
      })
    } else if (m.type === 'post') void client.invalidateQueries({ queryKey: ['posts'] })
    else if (m.type === 'post_removed') gone(client, m.post_id)
    else {
      if (m.type === 'comment') addComment(client, m.post_id, m.comment)
      else if (m.type !== 'post_updated')
        void client.invalidateQueries({ queryKey: ['post', m.post_id, 'comments'], exact: true })
      void refreshPost(client, m.post_id)
    }
  }
  return useGatedChannel<Broadcast>(topicId ? { channel: 'TopicChannel', topic_id: topicId } : null, {
    snapshotSeqs: (m) => ({ topic: m.seq }),
    streamOf: () => 'topic',
    take,
    refetch: () => refetchAll(client),
  })
}

function refetchAll(client: QueryClient) {
  for (const queryKey of [['post'], ['posts'], ['feeds'], ['discover']])
    void client.invalidateQueries({ queryKey })
}

/** Puts a comment into its post's thread (oldest first) unless it is already there. */
export function addComment(
  client: ReturnType<typeof useQueryClient>,
  postId: number,
  comment: Comment,
): void {
  client.setQueryData<Comment[]>(['post', postId, 'comments'], (old) =>
    !old || old.some((c) => c.id === comment.id) ? old : [...old, comment],
  )
}

/**
 * At most this many topics followed by one list page: a connection holds 100 subscriptions
 * (docs/channels.md) and a page needs a few more. The feed's first pages stay well under it.
 */
const MAX_TOPICS = 40

/**
 * Follows the topics of every post a page shows (the feed, discover): each post's likes,
 * comments, edits and deletion arrive live wherever it is (useTopicLive). Renders one hidden
 * marker per topic (`data-live` once its subscription is confirmed).
 */
export function TopicsLive({ posts }: { posts: Array<{ topic_id: number }> }) {
  const ids = [...new Set(posts.map((p) => p.topic_id))].slice(0, MAX_TOPICS)
  return (
    <>
      {ids.map((id) => (
        <TopicLive key={id} topicId={id} />
      ))}
    </>
  )
}

function TopicLive({ topicId }: { topicId: number }) {
  const live = useTopicLive(topicId)
  return <span hidden data-testid="topic-live" data-topic={topicId} data-live={live || undefined} />
}
