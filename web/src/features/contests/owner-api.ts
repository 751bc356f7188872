import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query'
import { type Body, data, http, type RequestBody, type Schema } from '../../lib/client'
import type { Meta } from './api'

/** One line of a contest's activity (joins, edits, removals, lock, cancel, prizes), newest first. */
export type Activity = Schema<'ContestActivity'>

export type ContestKind = 'contest' | 'championship_contest'
const byId = (id: number) => ({ params: { path: { id } } })

export const ACTIVITIES_PER_PAGE = 30
export const activitiesKey = (kind: ContestKind, id: number) => ['contest-activities', kind, id] as const
export const activitiesQuery = (kind: ContestKind, id: number) =>
  infiniteQueryOptions({
    queryKey: activitiesKey(kind, id),
    queryFn: ({ pageParam }) => {
      const params = { path: { id }, query: { page: pageParam, per_page: ACTIVITIES_PER_PAGE } }
      return kind === 'contest'
        ? data(http.GET('/api/contests/{id}/activities', { params }))
        : data(http.GET('/api/championship/contests/{id}/activities', { params }))
    },
    initialPageParam: 1,
    getNextPageParam: (last: { meta: Meta }) =>
      last.meta.page < last.meta.total_pages ? last.meta.page + 1 : undefined,
    staleTime: 10_000,
  })

/**
 * A pushed activity goes on top of the first page (once: a repeat after a reconnect is
 * dropped by id). Later pages shift by one, which a refetch on the next visit puts right.
 */
export function prependActivity(client: QueryClient, kind: ContestKind, id: number, activity: Activity) {
  client.setQueryData(activitiesQuery(kind, id).queryKey, (old) => {
    if (!old) return old
    const [first, ...rest] = old.pages
    if (!first || old.pages.some((p) => p.activities.some((a) => a.id === activity.id))) return old
    const meta = { ...first.meta, total: first.meta.total + 1 }
    return { ...old, pages: [{ ...first, activities: [activity, ...first.activities], meta }, ...rest] }
  })
}

export type RefundStatus = Body<'/api/contests/{id}/refund_status'>['refund_status']
export const refundStatusQuery = (id: number) =>
  queryOptions({
    queryKey: ['contest', id, 'refund-status'],
    queryFn: async () => (await data(http.GET('/api/contests/{id}/refund_status', byId(id)))).refund_status,
    staleTime: 30_000,
  })

/** The owner cancels the contest before lock: every member is refunded (DELETE /api/contests/{id}, or the championship one). */
export const deleteContest = (kind: ContestKind, id: number): Promise<unknown> =>
  kind === 'contest'
    ? data(http.DELETE('/api/contests/{id}', byId(id)))
    : data(http.DELETE('/api/championship/contests/{id}', byId(id)))

/** The owner removes entries before lock; each is refunded (POST …/update_members). */
export const removeMembers = (id: number, memberIds: number[]) =>
  data(
    http.POST('/api/contests/{id}/update_members', { ...byId(id), body: { remove_member_ids: memberIds } }),
  )

/** After a delete or a removal the contest, its members, its lists and my wallet all moved. */
export function afterOwnerChange(client: QueryClient, id: number, kind: ContestKind = 'contest') {
  void client.invalidateQueries({
    queryKey: kind === 'contest' ? ['contest', id] : ['championship', 'contest', id],
  })
  void client.invalidateQueries({ queryKey: ['contests'] })
  void client.invalidateQueries({ queryKey: activitiesKey(kind, id) })
  void client.invalidateQueries({ queryKey: ['me'] })
}

export type ReportReason = Body<'/api/reports/reasons'>['reasons'][number]
export const reportReasonsQuery = queryOptions({
  queryKey: ['report-reasons'],
  queryFn: async () => (await data(http.GET('/api/reports/reasons'))).reasons,
  staleTime: Number.POSITIVE_INFINITY,
})

export type ReportDraft = RequestBody<'/api/reports'>
export const sendReport = (draft: ReportDraft) => data(http.POST('/api/reports', { body: draft }))
