import { type InfiniteData, infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type Body, data, http, type Schema } from '../../lib/client'

export type Notification = Schema<'Notification'>
export type NotificationsPage = Body<'/api/notifications'>

export const PER_PAGE = 20

/** GET /api/notifications, newest first, one page at a time ("Load more"). */
export const notificationsQuery = infiniteQueryOptions({
  queryKey: ['notifications'],
  queryFn: ({ pageParam }) =>
    data(http.GET('/api/notifications', { params: { query: { page: pageParam, per_page: PER_PAGE } } })),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.meta.page < last.meta.total_pages ? last.meta.page + 1 : undefined),
  staleTime: 60_000,
})

export type NotificationsData = InfiniteData<NotificationsPage, number>

/**
 * Adds a notification pushed over /cable to the cached list (once, even if it arrives twice).
 * A grouped notification ("Asha and 4 others liked your post") comes again with the same id
 * and a new body and time: it replaces the old copy and moves to the top, still one unread.
 */
export function prependNotification(data: NotificationsData | undefined, item: Notification) {
  if (!data) return data
  if (data.pages.some((p) => p.notifications.some((n) => n.id === item.id))) {
    const [head, ...others] = data.pages.map((p) => ({
      ...p,
      notifications: p.notifications.filter((n) => n.id !== item.id),
    }))
    if (!head) return data
    return { ...data, pages: [{ ...head, notifications: [item, ...head.notifications] }, ...others] }
  }
  const [first, ...rest] = data.pages
  if (!first) return data
  const unread = first.unread_count + (item.read ? 0 : 1)
  return {
    ...data,
    pages: [
      {
        ...first,
        notifications: [item, ...first.notifications],
        unread_count: unread,
        meta: { ...first.meta, total: first.meta.total + 1 },
      },
      ...rest.map((p) => ({ ...p, unread_count: unread })),
    ],
  }
}

export function withUnreadCount(data: NotificationsData | undefined, unread: number) {
  if (!data) return data
  return { ...data, pages: data.pages.map((p) => ({ ...p, unread_count: unread })) }
}

export function markAllReadIn(data: NotificationsData | undefined) {
  if (!data) return data
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      unread_count: 0,
      notifications: p.notifications.map((n) => ({ ...n, read: true })),
    })),
  }
}

export function useMarkAllRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => data(http.POST('/api/notifications/read_all')),
    onSuccess: () => client.setQueryData<NotificationsData>(notificationsQuery.queryKey, markAllReadIn),
  })
}

export { notificationLink } from './links'
