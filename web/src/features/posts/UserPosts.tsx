import { useInfiniteQuery } from '@tanstack/react-query'
import { EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { LoadMoreButton } from '../../components/LoadMore'
import { wallPostsQuery } from './api'
import { useTopicLive } from './live'
import { PostCard } from './PostCard'
import styles from './posts.module.css'

/**
 * A user's wall (`GET /api/users/{slug}/posts`), newest first, live over TopicChannel once the
 * wall has a topic. For the profile page: `<UserPosts slug={slug} />`.
 */
export function UserPosts({ slug }: { slug: string }) {
  const wall = useInfiniteQuery(wallPostsQuery(slug))
  useTopicLive(wall.data?.pages[0]?.topic.id)
  const posts = wall.data?.pages.flatMap((p) => p.posts) ?? []
  return (
    <section data-testid="user-posts">
      <h2 className={styles.section}>Posts</h2>
      {wall.isPending ? (
        <Loading />
      ) : wall.isError ? (
        <Alert>{wall.error.message}</Alert>
      ) : posts.length === 0 ? (
        <EmptyState title="No posts yet" />
      ) : (
        <div className={styles.list}>
          {posts.map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
          <LoadMoreButton pages={wall} label="Load older posts" />
        </div>
      )}
    </section>
  )
}
