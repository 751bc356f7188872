import { useQuery } from '@tanstack/react-query'
import { Card, EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { Pager } from '../../components/Pager'
import { formatNumber } from '../../lib/format'
import { type FollowSide, followListQuery } from './api'
import { useProfileLive } from './live'
import styles from './people.module.css'
import { UserRow } from './UserRow'
import { UserSubpageHead, useUserSubpage } from './UserSubpage'

export const FollowersPage = () => <FollowList side="followers" />
export const FollowingsPage = () => <FollowList side="followings" />

/**
 * `/users/:slug/followers` and `/followings`: newest follow first, 20 a page (the page is in
 * the URL, so Back returns to it), a follow button on every row.
 */
function FollowList({ side }: { side: FollowSide }) {
  const { slug, page, setPage, me, profile } = useUserSubpage()
  const list = useQuery(followListQuery(slug, side, page))
  useProfileLive(slug, profile.isSuccess)
  const who = profile.data ? `@${profile.data.username}` : slug
  const total = profile.data
    ? side === 'followers'
      ? profile.data.follower_count
      : profile.data.following_count
    : null
  return (
    <div data-testid={`${side}-page`}>
      <UserSubpageHead
        slug={slug}
        title={side === 'followers' ? 'Followers' : 'Following'}
        subtitle={
          total === null
            ? who
            : `${who} · ${formatNumber(total)} ${side === 'followers' ? 'followers' : 'following'}`
        }
      />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : list.data.users.length === 0 ? (
        <EmptyState title={side === 'followers' ? 'No followers yet' : 'Not following anyone yet'} />
      ) : (
        <Card>
          <ul className={styles.list} data-testid="follow-list">
            {list.data.users.map((user) => (
              <UserRow key={user.slug} user={user} mySlug={me.data?.slug} />
            ))}
          </ul>
          <Pager
            page={list.data.meta.page}
            totalPages={list.data.meta.total_pages}
            className={styles.pager}
            onPage={setPage}
          />
        </Card>
      )}
    </div>
  )
}
