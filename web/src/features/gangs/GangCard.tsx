import { Link } from 'react-router'
import cards from '../../components/link-cards.module.css'
import { formatNumber } from '../../lib/format'
import { type Gang, scopeOf, webBase } from './api'
import styles from './gangs.module.css'

/** A gang in a list: name, motto, manager, members, score, my rank and the code (reference §4.4). */
export function GangCard({ gang }: { gang: Gang }) {
  const me = gang.current_user_data
  return (
    <Link to={`${webBase(scopeOf(gang))}/${gang.id}`} className={cards.card} data-testid="gang-card">
      <div className={cards.name}>
        {gang.name}
        {gang.is_public ? '' : ' 🔒'}
      </div>
      {gang.league_motto ? <div className={styles.motto}>{gang.league_motto}</div> : null}
      <div className={styles.facts}>
        <span>
          <em>Manager</em>
          {gang.user.team_name ?? gang.user.display_name}
        </span>
        <span>
          <em>Members</em>
          {gang.league_members_count}
        </span>
        <span>
          <em>Score</em>
          {formatNumber(gang.score)}
        </span>
        <span data-testid="gang-my-rank">
          <em>My rank</em>
          {me?.status === 'pending' ? 'request sent' : (me?.rank ?? '-')}
        </span>
        {gang.league_code ? (
          <span>
            <em>Code</em>
            <span className={styles.code}>{gang.league_code}</span>
          </span>
        ) : null}
      </div>
    </Link>
  )
}
