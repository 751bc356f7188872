import { Link } from 'react-router'
import { Avatar } from '../../components/Common'
import { formatNumber } from '../../lib/format'
import { type PublicUser, userPath } from './api'
import { FollowButton } from './FollowButton'
import styles from './people.module.css'

/** One person in a list: who they are (a link to the profile), their standing, and a follow button. */
export function UserRow({ user, mySlug }: { user: PublicUser; mySlug: string | null | undefined }) {
  return (
    <li className={styles.row} data-testid="user-row" data-slug={user.slug}>
      <Link to={userPath(user.slug)} className={styles.rowLink}>
        <Avatar src={user.image} name={user.display_name} size={44} />
        <span className={styles.rowText}>
          <span className={styles.rowName}>{user.display_name}</span>
          <span className={styles.rowMeta}>
            @{user.username} · <span data-testid="row-followers">{formatNumber(user.follower_count)}</span>{' '}
            followers · Level {user.cricket_level.level}
          </span>
        </span>
      </Link>
      <FollowButton user={user} mySlug={mySlug} />
    </li>
  )
}

/** "★★★★☆" for a 1–5 rating (rounded to the nearest star), with the number for screen readers. */
export function Stars({ value }: { value: number }) {
  const full = Math.round(value)
  return (
    <span className={styles.stars} role="img" aria-label={`${value} out of 5`}>
      {'★'.repeat(full)}
      <span className={styles.starsEmpty}>{'★'.repeat(5 - full)}</span>
    </span>
  )
}
