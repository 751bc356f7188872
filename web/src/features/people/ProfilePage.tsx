import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { Card, EmptyState, Loading, Tabs } from '../../components/Common'
import { Alert } from '../../components/Field'
import { ProfileIdentity } from '../../components/ProfileIdentity'
import hero from '../../components/profile-hero.module.css'
import { ApiError } from '../../lib/api'
import { formatNumber } from '../../lib/format'
import { useMe } from '../../lib/me'
import { usePageTitle } from '../../lib/page-title'
import { useSignedIn } from '../../lib/use-session'
import { ContestCard } from '../contests'
import { MessageButton } from '../groups'
import { UserPosts } from '../posts'
import { type PublicUser, profileQuery, type UserContestsType, userContestsQuery, userPath } from './api'
import { FollowButton } from './FollowButton'
import { useProfileLive } from './live'
import styles from './people.module.css'
import { Stars } from './UserRow'

/**
 * `/users/:slug`: another player's public profile (never e-mail, mobile, money or KYC: the
 * API does not carry them). Follower and following counts link to the lists and move live
 * over ProfileChannel while the page is open.
 */
export function UserProfilePage() {
  usePageTitle(useParams().slug)
  const slug = useParams().slug ?? ''
  const signedIn = useSignedIn()
  const me = useMe(signedIn)
  const profile = useQuery(profileQuery(slug))
  const live = useProfileLive(slug, profile.isSuccess)
  if (profile.isPending) return <Loading />
  if (profile.isError)
    return profile.error instanceof ApiError && profile.error.status === 404 ? (
      <EmptyState title="No such player">
        Nobody here goes by “{slug}”. <Link to="/users/suggestions">Find people to follow</Link>.
      </EmptyState>
    ) : (
      <Alert>{profile.error.message}</Alert>
    )
  const user = profile.data
  const isMe = me.data?.slug === user.slug
  return (
    <div className={styles.layout} data-testid="user-profile" data-live={live}>
      <section className={styles.hero}>
        <ProfileIdentity user={user} nameClassName={styles.name} />
        <div className={styles.level}>
          <span className={styles.levelBadge}>Level {user.cricket_level.level}</span>
          <span>{user.cricket_level.level_name}</span>
        </div>
        {user.about_me ? <p className={`${hero.about} ${styles.about}`}>{user.about_me}</p> : null}
        <Counts user={user} />
        <div className={styles.actions}>
          {isMe ? (
            <ButtonLink to="/profile/settings" variant="secondary" small>
              Edit profile
            </ButtonLink>
          ) : (
            <>
              <FollowButton user={user} mySlug={me.data?.slug} />
              {signedIn ? <MessageButton slug={user.slug} /> : null}
            </>
          )}
        </div>
      </section>
      <div>
        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>Rating</h2>
          <RatingSummary user={user} />
        </Card>
        <UserContests slug={user.slug} />
        <UserPosts slug={user.slug} />
      </div>
    </div>
  )
}

function Counts({ user }: { user: PublicUser }) {
  const base = userPath(user.slug)
  return (
    <div className={styles.counts}>
      <Link to={`${base}/followers`} className={styles.count} data-testid="followers-link">
        <strong data-testid="follower-count">{formatNumber(user.follower_count)}</strong>
        <span>Followers</span>
      </Link>
      <Link to={`${base}/followings`} className={styles.count} data-testid="followings-link">
        <strong data-testid="following-count">{formatNumber(user.following_count)}</strong>
        <span>Following</span>
      </Link>
      <Link to={`${base}/reviews`} className={styles.count} data-testid="reviews-link">
        <strong>{user.average_rating === null ? '—' : user.average_rating.toFixed(1)}</strong>
        <span>Rating</span>
      </Link>
    </div>
  )
}

function RatingSummary({ user }: { user: PublicUser }) {
  const reviews = `${userPath(user.slug)}/reviews`
  if (user.average_rating === null)
    return (
      <p className={styles.muted}>
        Not rated yet. <Link to={reviews}>Rate {user.username}</Link>
      </p>
    )
  return (
    <div className={styles.average}>
      <span className={styles.averageNumber} data-testid="average-rating">
        {user.average_rating.toFixed(1)}
      </span>
      <Stars value={user.average_rating} />
      <Link to={reviews}>
        {formatNumber(user.ratings_count)} {user.ratings_count === 1 ? 'review' : 'reviews'}
      </Link>
    </div>
  )
}

const CONTEST_TABS: Array<{ value: UserContestsType; label: string }> = [
  { value: 'finished', label: 'Finished' },
  { value: 'live', label: 'Live' },
]

/** The contests the player joined (GET /api/users/{slug}/contests; upcoming ones are theirs alone). */
function UserContests({ slug }: { slug: string }) {
  const [type, setType] = useState<UserContestsType>('finished')
  const contests = useQuery(userContestsQuery(slug, type))
  return (
    <section className={styles.section} data-testid="user-contests">
      <h2 className={styles.sectionTitle}>Contests</h2>
      <Tabs items={CONTEST_TABS} value={type} onChange={setType} label="Which contests" />
      <div className={styles.section}>
        {contests.isPending ? (
          <Loading />
        ) : contests.isError ? (
          <Alert>{contests.error.message}</Alert>
        ) : contests.data.contests.length === 0 ? (
          <EmptyState title={type === 'live' ? 'No live contests' : 'No finished contests yet'} />
        ) : (
          <div className={styles.contests}>
            {contests.data.contests.map((contest) => (
              <ContestCard key={contest.id} contest={contest} showMatch />
            ))}
          </div>
        )}
      </div>
    </section>
  )
}
