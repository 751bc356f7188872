import { Link } from 'react-router'
import { Avatar } from '../../components/Common'
import { formatMoney, formatNumber, relativeTime } from '../../lib/format'
import type { FeedResult } from '../posts'
import { postsStyles as styles } from '../posts'

/** A prize won in a settled contest, as the feed shows it (docs/social.md, "Results in the feed"). */
export function ResultCard({ result }: { result: FeedResult }) {
  const { user, contest } = result
  return (
    <article className={styles.post} data-testid="result-card" data-contest-id={contest.id}>
      <div className={styles.label}>Contest result</div>
      <div className={styles.byline}>
        <Avatar src={user.image_url} name={user.username} size={34} />
        <div className={styles.bylineText}>
          <Link to={`/users/${user.slug}`} className={styles.author}>
            {user.username}
          </Link>
          <span className={styles.when}>{relativeTime(result.settled_at_in_millis)}</span>
        </div>
      </div>
      <p className={styles.text}>
        Finished <strong>#{formatNumber(result.rank)}</strong> of {formatNumber(result.members_count)} in{' '}
        <Link to={`/contests/${contest.id}/members`}>{contest.name}</Link> ({contest.match_title}) and won{' '}
        <strong>{formatMoney(result.winnings)}</strong>.
      </p>
    </article>
  )
}
