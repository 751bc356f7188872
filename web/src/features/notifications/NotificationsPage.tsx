import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../components/Button'
import boxed from '../../components/boxed-list.module.css'
import { EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { BellIcon } from '../../components/Icons'
import { LoadMoreRow } from '../../components/LoadMore'
import { formatDateTime, formatNumber, relativeTime } from '../../lib/format'
import { serverTimeQuery } from '../../lib/server-time'
import { notificationLink, notificationsQuery, useMarkAllRead } from './api'
import styles from './notifications.module.css'

/** GET /api/notifications, newest first; new ones arrive live (see live.ts). */
export function NotificationsPage() {
  const list = useInfiniteQuery(notificationsQuery)
  const markAll = useMarkAllRead()
  useQuery(serverTimeQuery)
  useTick(30_000)

  if (list.isPending) return <Loading />
  if (list.isError) return <Alert>{list.error.message}</Alert>
  const items = list.data.pages.flatMap((page) => page.notifications)
  const unread = list.data.pages[0]?.unread_count ?? 0

  return (
    <div>
      <PageHead
        title="Notifications"
        subtitle={
          unread > 0 ? `${formatNumber(unread)} unread` : items.length > 0 ? 'All caught up' : undefined
        }
        actions={
          unread > 0 ? (
            <Button small variant="secondary" onClick={() => markAll.mutate()} busy={markAll.isPending}>
              Mark all read
            </Button>
          ) : null
        }
      />
      {items.length === 0 ? (
        <EmptyState title="No Notifications">
          Contest results, follows and wallet updates will show up here.
        </EmptyState>
      ) : (
        <ul className={boxed.list} data-testid="notifications">
          {items.map((n) => (
            <li key={n.id} className={`${styles.item} ${n.read ? '' : styles.unread}`}>
              <span className={styles.icon} aria-hidden="true">
                <BellIcon width={18} height={18} />
              </span>
              <span className={styles.body}>
                <NotificationText body={n.body} to={notificationLink(n)} />
                <time
                  className={styles.time}
                  dateTime={n.created_at}
                  title={formatDateTime(n.created_at_in_millis)}
                >
                  {relativeTime(n.created_at_in_millis)}
                </time>
              </span>
              {n.read ? null : <span className={styles.dot} role="img" aria-label="Unread" />}
            </li>
          ))}
        </ul>
      )}
      <LoadMoreRow pages={list} className={styles.more} />
    </div>
  )
}

/** The text, as a link to the notification's object when it has one. */
function NotificationText({ body, to }: { body: string; to: string | null }) {
  if (!to) return <span className={styles.text}>{body}</span>
  return (
    <Link to={to} className={`${styles.text} ${styles.link}`} data-testid="notification-link">
      {body}
    </Link>
  )
}

/** Re-renders every `ms` so relative times stay true while the page is open. */
function useTick(ms: number): void {
  const [, setTick] = useState(0)
  useEffect(() => {
    const timer = window.setInterval(() => setTick((t) => t + 1), ms)
    return () => window.clearInterval(timer)
  }, [ms])
}
