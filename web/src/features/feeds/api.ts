import { infiniteQueryOptions } from '@tanstack/react-query'
import { data, http } from '../../lib/client'

/**
 * The feed's own query (docs/social.md), here rather than in features/posts so that the route
 * can start it beside the page's chunk without pulling the posts components into the entry.
 * Its key starts with `feeds`, one of posts' POST_HOLDERS, so likes and edits reach its copies.
 */
export const feedQuery = infiniteQueryOptions({
  queryKey: ['feeds', 'items'],
  queryFn: ({ pageParam }) =>
    data(http.GET('/api/feeds', { params: { query: { before_id: pageParam, per_page: 20 } } })),
  initialPageParam: undefined as number | undefined,
  getNextPageParam: (last: { next_before_id: number | null }) => last.next_before_id ?? undefined,
  staleTime: 30_000,
})
