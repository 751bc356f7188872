import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { POST_MAX_CHARS } from '../../../../server/domain/social-text'
import { EmptyState, PageHead } from '../../components/Common'
import { useSignedIn } from '../../lib/use-session'
import {
  Composer,
  ContestLike,
  contestPostsQuery,
  createContestPost,
  type Post,
  PostStream,
  postsStyles as styles,
  useTopicLive,
} from '../posts'
import { contestQuery } from './api'

/**
 * `/contests/:id/comments`: the contest's posts, newest first, each with its latest comments;
 * a post box for players; live (TopicChannel) once the topic exists — the first post makes it,
 * and the refetch after posting brings its id.
 */
export function ContestPostsPage() {
  const id = Number(useParams().id)
  const contest = useQuery(contestQuery(id))
  const posts = useInfiniteQuery(contestPostsQuery(id))
  const topic = posts.data?.pages[0]?.topic
  const live = useTopicLive(topic?.id)
  return (
    <div className={styles.narrow} data-testid="contest-posts" data-live={live || undefined}>
      <PageHead
        title={contest.data ? `${contest.data.name}: talk` : 'Contest talk'}
        subtitle={<Link to={`/contests/${id}`}>Back to the contest</Link>}
        actions={contest.data ? <ContestLike contest={contest.data} /> : null}
      />
      <PostBox contestId={id} />
      <PostStream
        pages={posts}
        empty={<EmptyState title="No posts yet">Start the conversation about this contest.</EmptyState>}
      />
    </div>
  )
}

function PostBox({ contestId }: { contestId: number }) {
  const client = useQueryClient()
  const signedIn = useSignedIn()
  if (!signedIn) return <p className={styles.hint}>Sign in to post.</p>
  return (
    <Composer
      placeholder="Say something about this contest"
      max={POST_MAX_CHARS}
      submitLabel="Post"
      testId="post-box"
      onSend={(content) => createContestPost(contestId, content)}
      onSent={(answer) => {
        const { post } = answer as { post: Post }
        void client.invalidateQueries({ queryKey: contestPostsQuery(contestId).queryKey })
        void client.invalidateQueries({ queryKey: ['feeds'] })
        client.setQueryData(['post', post.id], post)
      }}
    />
  )
}
