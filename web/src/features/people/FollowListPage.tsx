import { useQuery } from '@tanstack/react-query'
import { useParams, useSearchParams } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { Card, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { Pager } from '../../components/Pager'
import { formatNumber } from '../../lib/format'
import { useMe } from '../../lib/me'
import { useSignedIn } from '../../lib/use-session'
import { type FollowSide, followListQuery, profileQuery, userPath } from './api'
import { useProfileLive } from './live'
import styles from './people.module.css'
import { UserRow } from './UserRow'

export const FollowersPage = () => <FollowList side="followers" />
export const FollowingsPage = () => <FollowList side="followings" />

/**
 * `/users/:slug/followers` and `/followings`: newest follow first, 20 a page (the page is in
 * the URL, so Back returns to it), a follow button on every row.
 */
function FollowList({ side }: { side: FollowSide }) {
  const slug = useParams().slug ?? ''
  const [search, setSearch] = useSearchParams()
  const page = Math.max(1, Number(search.get('page')) || 1)
  const signedIn = useSignedIn()
  const me = useMe(signedIn)
  const profile = useQuery(profileQuery(slug))
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
      <PageHead
        title={side === 'followers' ? 'Followers' : 'Following'}
        subtitle={
          total === null
            ? who
            : `${who} · ${formatNumber(total)} ${side === 'followers' ? 'followers' : 'following'}`
        }
        actions={
          <ButtonLink to={userPath(slug)} variant="ghost" small>
            Profile
          </ButtonLink>
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
            onPage={(p) => setSearch(p > 1 ? { page: String(p) } : {})}
          />
        </Card>
      )}
    </div>
  )
}
