import { Link } from 'react-router'
import { formatMoney, formatNumber } from '../../lib/format'
import type { FeedResult } from '../posts'
import { Byline, postsStyles as styles } from '../posts'

/** A prize won in a settled contest, as the feed shows it (docs/social.md, "Results in the feed"). */
export function ResultCard({ result }: { result: FeedResult }) {
  const { user, contest } = result
  return (
    <article className={styles.post} data-testid="result-card" data-contest-id={contest.id}>
      <div className={styles.label}>Contest result</div>
      <Byline user={user} at={result.settled_at_in_millis} />
      <p className={styles.text}>
        Finished <strong>#{formatNumber(result.rank)}</strong> of {formatNumber(result.members_count)} in{' '}
        <Link to={`/contests/${contest.id}/members`}>{contest.name}</Link> ({contest.match_title}) and won{' '}
        <strong>{formatMoney(result.winnings)}</strong>.
      </p>
    </article>
  )
}
