import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { type Body, data, http, type RequestBody, type Schema } from '../../lib/client'

/**
 * Posts, comments, feeds and discover (docs/social.md). The shapes are the server's own schemas
 * (through the generated API types), so a renamed field breaks the build, not the page. Query keys start with one of
 * POST_HOLDERS, so likes.ts can find every cached copy of a post, a comment or a contest.
 */
export type Post = Schema<'Post'>
export type Comment = Schema<'Comment'>
export type Topic = Schema<'Topic'>
export type FeedResult = Schema<'FeedResult'>
/** A post (or a post on a contest), or a prize won by someone I follow or me. */
export type FeedItem = Schema<'FeedItem'>
export type DiscoverType = 'trending' | 'new' | 'big_prizes' | 'friends'
export type Discover = Body<'/api/discover'>
export type SearchResults = Body<'/api/discover/search'>

/** Every query key that can hold a post, a comment or a contest (likes.ts walks them all). */
export const POST_HOLDERS = [['feeds'], ['discover'], ['post'], ['posts'], ['contests'], ['contest']] as const

const PER_PAGE = 20
const older = (last: { next_before_id: number | null }) => last.next_before_id ?? undefined

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
      data(
        http.GET('/api/contests/{id}/posts', {
          params: { path: { id: contestId }, query: { before_id: pageParam, per_page: PER_PAGE } },
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: older,
    staleTime: 15_000,
  })

export const wallPostsQuery = (slug: string) =>
  infiniteQueryOptions({
    queryKey: ['posts', 'wall', slug.toLowerCase()],
    queryFn: ({ pageParam }) =>
      data(
        http.GET('/api/users/{slug}/posts', {
          params: { path: { slug }, query: { before_id: pageParam, per_page: PER_PAGE } },
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: older,
    staleTime: 15_000,
  })

export const postQuery = (id: number) =>
  queryOptions({
    queryKey: ['post', id],
    queryFn: async () => (await data(http.GET('/api/posts/{id}', { params: { path: { id } } }))).post,
    staleTime: 15_000,
    // The post page says itself that a post is gone (deleted while open, or hidden).
    meta: { silent: true },
  })

/** All of a post's comments, oldest first (pages of 200 followed to the end: threads are short). */
export const commentsQuery = (postId: number) =>
  queryOptions({
    queryKey: ['post', postId, 'comments'],
    queryFn: async () => {
      const all: Comment[] = []
      let after: number | null = 0
      while (after !== null) {
        const page: { comments: Comment[]; next_after_id: number | null } = await data(
          http.GET('/api/posts/{id}/comments', {
            params: { path: { id: postId }, query: { after_id: after || undefined, per_page: 200 } },
          }),
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
  queryFn: () => data(http.GET('/api/discover')),
  staleTime: 30_000,
})

export const discoverContestsQuery = (type: DiscoverType) =>
  infiniteQueryOptions({
    queryKey: ['discover', 'contests', type],
    queryFn: ({ pageParam }) =>
      data(
        http.GET('/api/discover/contests', {
          params: { query: { type, page: pageParam, per_page: PER_PAGE } },
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.contests.length === PER_PAGE ? page + 1 : undefined),
    staleTime: 30_000,
  })

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ['discover', 'search', q],
    queryFn: () => data(http.GET('/api/discover/search', { params: { query: { q, per_page: 10 } } })),
    staleTime: 30_000,
  })

export const socialReasonsQuery = queryOptions({
  queryKey: ['social-report-reasons'],
  queryFn: async () => (await data(http.GET('/api/reports/social_reasons'))).reasons,
  staleTime: Number.POSITIVE_INFINITY,
})

export const createWallPost = (content: string) => data(http.POST('/api/posts', { body: { content } }))
export const createContestPost = (contestId: number, content: string) =>
  data(http.POST('/api/contests/{id}/posts', { params: { path: { id: contestId } }, body: { content } }))
export const editPost = (id: number, content: string) =>
  data(http.PATCH('/api/posts/{id}', { params: { path: { id } }, body: { content } }))
export const deletePost = (id: number) => data(http.DELETE('/api/posts/{id}', { params: { path: { id } } }))
export const addComment = (postId: number, content: string, parentId?: number) =>
  data(
    http.POST('/api/posts/{id}/comments', {
      params: { path: { id: postId } },
      body: { content, parent_id: parentId },
    }),
  )
export const editComment = (id: number, content: string) =>
  data(http.PATCH('/api/comments/{id}', { params: { path: { id } }, body: { content } }))
export const deleteComment = (id: number) =>
  data(http.DELETE('/api/comments/{id}', { params: { path: { id } } }))
/** One of the reasons GET /api/reports/social_reasons lists. */
export type SocialReason = RequestBody<'/api/posts/{id}/report'>['reason']
export const reportItem = (subject: 'posts' | 'comments', id: number, reason: SocialReason, text: string) => {
  const init = { params: { path: { id } }, body: { reason, text } }
  return data(
    subject === 'posts'
      ? http.POST('/api/posts/{id}/report', init)
      : http.POST('/api/comments/{id}/report', init),
  )
}
const byId = (id: number) => ({ params: { path: { id } } })
export const likePost = (id: number, like: boolean) =>
  data(http.POST(like ? '/api/posts/{id}/like' : '/api/posts/{id}/unlike', byId(id)))
export const likeComment = (id: number, like: boolean) =>
  data(http.POST(like ? '/api/comments/{id}/like' : '/api/comments/{id}/unlike', byId(id)))
export const likeContest = (id: number, like: boolean) =>
  data(http.POST(like ? '/api/contests/{id}/like' : '/api/contests/{id}/unlike', byId(id)))
