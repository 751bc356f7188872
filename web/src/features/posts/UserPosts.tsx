import { useInfiniteQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { LoadMoreButton } from '../../components/LoadMore'
import { type Post, wallPostsQuery } from './api'
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
  return (
    <section data-testid="user-posts">
      <h2 className={styles.section}>Posts</h2>
      <PostStream pages={wall} empty={<EmptyState title="No posts yet" />} />
    </section>
  )
}

/** What PostStream needs of an infinite query of posts (a wall, a contest's talk). */
interface PostPages {
  isPending: boolean
  isError: boolean
  error: Error | null
  data?: { pages: { posts: Post[] }[] }
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
}

/** Posts newest first, each a PostCard, with a button for older ones; `empty` speaks when there are none. */
export function PostStream({ pages, empty }: { pages: PostPages; empty: ReactNode }) {
  const posts = pages.data?.pages.flatMap((p) => p.posts) ?? []
  if (pages.isPending) return <Loading />
  if (pages.isError) return <Alert>{pages.error?.message}</Alert>
  if (posts.length === 0) return empty
  return (
    <div className={styles.list}>
      {posts.map((p) => (
        <PostCard key={p.id} post={p} />
      ))}
      <LoadMoreButton pages={pages} label="Load older posts" />
    </div>
  )
}
