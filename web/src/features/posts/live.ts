import { useQueryClient } from '@tanstack/react-query'
import { useGatedChannel } from '../../lib/use-channel'
import type { Comment } from './api'
import { type LikeSubject, setLikesEverywhere } from './likes'

type Broadcast =
  | { type: 'snapshot'; seq: number; topic_id: number }
  | { type: 'post' | 'post_updated' | 'post_removed'; seq: number; post_id: number }
  | { type: 'comment'; seq: number; post_id: number; comment: Comment }
  | { type: 'comment_updated' | 'comment_removed'; seq: number; post_id: number; comment_id: number }
  | { type: 'likes'; seq: number; subject: LikeSubject; id: number; likes_count: number }

/**
 * Follows a topic (a contest's posts or a wall) over TopicChannel (docs/channels.md): like
 * counts are set in every cached copy; a new comment is added to its post's thread (once: my
 * own arrives both as the POST's answer and as the broadcast); anything else refetches the
 * posts and post pages it touches. A gap in `seq` refetches everything of the topic.
 */
export function useTopicLive(topicId: number | null | undefined): boolean {
  const client = useQueryClient()
  const refetchPost = (postId: number) => {
    void client.invalidateQueries({ queryKey: ['post', postId] })
    void client.invalidateQueries({ queryKey: ['posts'] })
  }
  const refetchAll = () => {
    void client.invalidateQueries({ queryKey: ['post'] })
    void client.invalidateQueries({ queryKey: ['posts'] })
  }
  const take = (m: Broadcast) => {
    switch (m.type) {
      case 'likes':
        setLikesEverywhere(client, m.subject, m.id, { likes_count: m.likes_count })
        return
      case 'comment':
        addComment(client, m.post_id, m.comment)
        refetchPost(m.post_id)
        return
      case 'snapshot':
        return
      default:
        refetchPost(m.post_id)
    }
  }
  return useGatedChannel<Broadcast>(topicId ? { channel: 'TopicChannel', topic_id: topicId } : null, {
    snapshotSeqs: (m) => ({ topic: m.seq }),
    streamOf: () => 'topic',
    take,
    refetch: refetchAll,
  })
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
