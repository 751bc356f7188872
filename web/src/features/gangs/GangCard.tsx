import { Link } from 'react-router'
import cards from '../../components/link-cards.module.css'
import { formatNumber } from '../../lib/format'
import { type Gang, scopeOf, webBase } from './api'
import { Fact } from './Fact'
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
        <Fact label="Manager">{gang.user.team_name ?? gang.user.display_name}</Fact>
        <Fact label="Members">{gang.league_members_count}</Fact>
        <Fact label="Score">{formatNumber(gang.score)}</Fact>
        <Fact label="My rank" testId="gang-my-rank">
          {me?.status === 'pending' ? 'request sent' : (me?.rank ?? '-')}
        </Fact>
        {gang.league_code ? (
          <Fact label="Code">
            <span className={styles.code}>{gang.league_code}</span>
          </Fact>
        ) : null}
      </div>
    </Link>
  )
}
