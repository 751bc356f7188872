import type { z } from '@hono/zod-openapi'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { ContestJson as Contest } from '../../../../server/areas/contests/serialize'
import type { FeedResultSchema } from '../../../../server/areas/posts/feed-results'
import type { CommentSchema, PostSchema, TopicSchema } from '../../../../server/areas/posts/schemas'
import { api, del, get, post } from '../../lib/api'

/**
 * Posts, comments, feeds and discover (docs/social.md). The shapes are the server's own zod
 * schemas, so a renamed field breaks the build, not the page. Query keys start with one of
 * POST_HOLDERS, so likes.ts can find every cached copy of a post, a comment or a contest.
 */
export type Post = z.infer<typeof PostSchema>
export type Comment = z.infer<typeof CommentSchema>
export type Topic = z.infer<typeof TopicSchema>
export type FeedResult = z.infer<typeof FeedResultSchema>
/** A post (or a post on a contest), or a prize won by someone I follow or me. */
export type FeedItem =
  | { kind: 'post' | 'contest_share'; post: Post }
  | { kind: 'contest_result'; result: FeedResult }
export interface PostsPage {
  topic: Topic
  posts: Post[]
  next_before_id: number | null
}
export interface FeedPage {
  items: FeedItem[]
  next_before_id: number | null
}
export type DiscoverType = 'trending' | 'new' | 'big_prizes' | 'friends'
export interface Discover {
  trending: Contest[]
  new: Contest[]
  big_prizes: Contest[]
  posts: Post[]
}
export interface SearchResults {
  users: Array<{
    id: number
    slug: string
    username: string
    full_name: string | null
    image_url: string | null
  }>
  contests: Array<{ id: number; name: string; status: string; prize_amount: number; members_count: number }>
  series: Array<{ id: number; name: string; short_name: string; status: string }>
}

/** Every query key that can hold a post, a comment or a contest (likes.ts walks them all). */
export const POST_HOLDERS = [['feeds'], ['discover'], ['post'], ['posts'], ['contests'], ['contest']] as const

const PER_PAGE = 20
const older = (last: { next_before_id: number | null }) => last.next_before_id ?? undefined

export const feedQuery = infiniteQueryOptions({
  queryKey: ['feeds', 'items'],
  queryFn: ({ pageParam }) =>
    get<FeedPage>('/api/feeds', { query: { before_id: pageParam, per_page: PER_PAGE } }),
  initialPageParam: undefined as number | undefined,
  getNextPageParam: older,
  staleTime: 30_000,
})

/**
 * The post ids of `feed_item`s (NotificationsChannel) seen while signed in: the feed shows the
 * ones it has not loaded as "N new posts". Outside ['feeds'], so refetching the feed keeps it.
 */
export const feedArrivalsKey = ['feed-arrivals'] as const
/** Whether NotificationsChannel (and so the feed's "new posts") is connected right now. */
export const notificationsLiveKey = ['notifications-live'] as const

export const contestPostsQuery = (contestId: number) =>
  infiniteQueryOptions({
    queryKey: ['posts', 'contest', contestId],
    queryFn: ({ pageParam }) =>
      get<PostsPage>(`/api/contests/${contestId}/posts`, {
        query: { before_id: pageParam, per_page: PER_PAGE },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: older,
    staleTime: 15_000,
  })

export const wallPostsQuery = (slug: string) =>
  infiniteQueryOptions({
    queryKey: ['posts', 'wall', slug.toLowerCase()],
    queryFn: ({ pageParam }) =>
      get<PostsPage>(`/api/users/${encodeURIComponent(slug)}/posts`, {
        query: { before_id: pageParam, per_page: PER_PAGE },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: older,
    staleTime: 15_000,
  })

export const postQuery = (id: number) =>
  queryOptions({
    queryKey: ['post', id],
    queryFn: async () => (await get<{ post: Post }>(`/api/posts/${id}`)).post,
    staleTime: 15_000,
  })

/** All of a post's comments, oldest first (pages of 200 followed to the end: threads are short). */
export const commentsQuery = (postId: number) =>
  queryOptions({
    queryKey: ['post', postId, 'comments'],
    queryFn: async () => {
      const all: Comment[] = []
      let after: number | null = 0
      while (after !== null) {
        const page: { comments: Comment[]; next_after_id: number | null } = await get(
          `/api/posts/${postId}/comments`,
          { query: { after_id: after || undefined, per_page: 200 } },
        )
        all.push(...page.comments)
        after = page.next_after_id
      }
      return all
    },
    staleTime: 15_000,
  })

export const discoverQuery = queryOptions({
  queryKey: ['discover', 'home'],
  queryFn: () => get<Discover>('/api/discover'),
  staleTime: 30_000,
})

export const discoverContestsQuery = (type: DiscoverType) =>
  infiniteQueryOptions({
    queryKey: ['discover', 'contests', type],
    queryFn: ({ pageParam }) =>
      get<{ type: DiscoverType; contests: Contest[] }>('/api/discover/contests', {
        query: { type, page: pageParam, per_page: PER_PAGE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.contests.length === PER_PAGE ? page + 1 : undefined),
    staleTime: 30_000,
  })

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ['discover', 'search', q],
    queryFn: () => get<SearchResults>('/api/discover/search', { query: { q, per_page: 10 } }),
    staleTime: 30_000,
  })

export const socialReasonsQuery = queryOptions({
  queryKey: ['social-report-reasons'],
  queryFn: async () =>
    (await get<{ reasons: Array<{ key: string; label: string }> }>('/api/reports/social_reasons')).reasons,
  staleTime: Number.POSITIVE_INFINITY,
})

export const createWallPost = (content: string) => post<{ post: Post }>('/api/posts', { content })
export const createContestPost = (contestId: number, content: string) =>
  post<{ post: Post }>(`/api/contests/${contestId}/posts`, { content })
export const editPost = (id: number, content: string) =>
  api<{ post: Post }>('PATCH', `/api/posts/${id}`, { body: { content } })
export const deletePost = (id: number) => del<{ deleted: true }>(`/api/posts/${id}`)
export const addComment = (postId: number, content: string, parentId?: number) =>
  post<{ comment: Comment }>(`/api/posts/${postId}/comments`, { content, parent_id: parentId })
export const editComment = (id: number, content: string) =>
  api<{ comment: Comment }>('PATCH', `/api/comments/${id}`, { body: { content } })
export const deleteComment = (id: number) => del<{ deleted: true }>(`/api/comments/${id}`)
export const reportItem = (subject: 'posts' | 'comments', id: number, reason: string, text: string) =>
  post<unknown>(`/api/${subject}/${id}/report`, { reason, text })
export const setLike = <T>(subject: 'posts' | 'comments' | 'contests', id: number, like: boolean) =>
  post<T>(`/api/${subject}/${id}/${like ? 'like' : 'unlike'}`)
