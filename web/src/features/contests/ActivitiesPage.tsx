import { useInfiniteQuery } from '@tanstack/react-query'
import { Button } from '../../components/Button'
import { Card, EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { LiveNote } from '../../components/LiveNote'
import { TimeAgo } from '../../components/TimeAgo'
import { useSignedIn } from '../../lib/use-session'
import { useActivityFeed } from './activity-live'
import styles from './owner.module.css'
import { type Activity, activitiesQuery } from './owner-api'
import { SubpageHead, useContestTarget } from './SubpageHead'

const KIND_LABEL: Record<Activity['kind'], string> = {
  created: 'Created',
  joined: 'Joined',
  edited: 'Edited',
  member_removed: 'Removed',
  locked: 'Locked',
  cancelled: 'Cancelled',
  deleted: 'Deleted',
  prizes: 'Prizes',
}

/**
 * `/contests/:id/activities` (`?type=championship` for a championship contest): joins,
 * edits, removals, the lock, a cancellation and the prizes, newest first. New ones arrive
 * over /cable while the page is open.
 */
export function ActivitiesPage() {
  const { kind, id } = useContestTarget()
  const signedIn = useSignedIn()
  const list = useInfiniteQuery(activitiesQuery(kind, id))
  const connected = useActivityFeed(kind, id, signedIn && list.isSuccess)
  const activities = list.data?.pages.flatMap((p) => p.activities) ?? []

  return (
    <div data-testid="contest-activities">
      <SubpageHead kind={kind} id={id} title="Activity" />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : activities.length === 0 ? (
        <EmptyState title="Nothing has happened yet">
          Joins, edits and prizes show up here as they happen.
        </EmptyState>
      ) : (
        <Card>
          <LiveNote connected={connected} testId="activities-live">
            {connected ? 'Live: new activity appears here as it happens.' : 'Newest first.'}
          </LiveNote>
          <ol className={styles.feed} data-testid="activity-list">
            {activities.map((a) => (
              <li key={a.id} className={styles.feedItem} data-testid="activity" data-kind={a.kind}>
                <span className={`${styles.kind} ${styles[`kind_${a.kind}`] ?? ''}`}>
                  {KIND_LABEL[a.kind] ?? a.kind}
                </span>
                <span className={styles.feedBody}>{a.body}</span>
                <TimeAgo className={styles.feedTime} atMs={a.created_at_in_millis} />
              </li>
            ))}
          </ol>
          {list.hasNextPage ? (
            <Button
              variant="ghost"
              small
              busy={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Older activity
            </Button>
          ) : null}
        </Card>
      )}
    </div>
  )
}
