import { Link } from 'react-router'
import { TeamBadge } from '../../components/TeamBadge'
import { formatDateTime, formatNumber } from '../../lib/format'
import { isSummary, type Match, MatchState, matchName } from '../matches'
import styles from './home.module.css'

/** A match on the home page: sides, series, countdown or live score, contests and my counts. */
export function MatchCard({ match }: { match: Match }) {
  const twoSided = match.team1 && match.team2
  const start = new Date(match.event_time_in_millis)
  return (
    <Link
      to={`/matches/${match.id}/contests`}
      className={styles.matchCard}
      data-testid="match-card"
      data-match-id={match.id}
      data-status={match.match_status}
    >
      <div className={styles.matchHead}>
        <span>{match.series.short_name}</span>
        <span>
          {match.sport_name} · {match.match_stage}
        </span>
      </div>
      <div className={styles.matchBody}>
        {twoSided && match.team1 && match.team2 ? (
          <>
            <div className={styles.side}>
              <TeamBadge team={match.team1} size={42} />
              <strong>{match.team1.name_attr}</strong>
            </div>
            <div className={styles.when}>
              <MatchState match={match} />
              <span>{timeText(start)}</span>
            </div>
            <div className={`${styles.side} ${styles.sideRight}`}>
              <strong>{match.team2.name_attr}</strong>
              <TeamBadge team={match.team2} size={42} />
            </div>
          </>
        ) : (
          <>
            <div className={styles.field}>
              <strong>{matchName(match)}</strong>
              <span>{fieldText(match)}</span>
            </div>
            <div className={styles.when}>
              <MatchState match={match} />
              <span>{timeText(start)}</span>
            </div>
          </>
        )}
      </div>
      {match.match_status === 'live' ? <LiveLine match={match} /> : null}
      <div className={styles.matchFoot}>
        <span className={styles.contestsCount}>
          {formatNumber(match.contests_count ?? 0)} contest{match.contests_count === 1 ? '' : 's'}
        </span>
        {match.my_teams_count ? (
          <span className={styles.mine}>
            {match.my_teams_count} team{match.my_teams_count === 1 ? '' : 's'}
          </span>
        ) : null}
        {match.joined_contests_count ? (
          <span className={styles.mine}>{match.joined_contests_count} joined</span>
        ) : null}
      </div>
    </Link>
  )
}

function LiveLine({ match }: { match: Match }) {
  const s = match.score_summary
  if (!isSummary(s)) return null
  let text = ''
  if (s.family === 'cricket') {
    const inn = s.innings.at(-1)
    const side = match.teams.find((t) => t.id === inn?.team_id)
    text = inn ? `${side?.name_attr ?? ''} ${inn.runs}/${inn.wickets} (${inn.overs})` : ''
  } else if (s.family === 'football')
    text = `${s.score[String(match.team1?.id)] ?? 0} – ${s.score[String(match.team2?.id)] ?? 0} · ${s.minute}′`
  else if (s.family === 'race') text = `Lap ${s.lap}${s.laps ? ` / ${s.laps}` : ''}`
  else text = `Zone ${s.zone} · ${s.teams_alive} squads alive`
  return text ? (
    <div className={styles.liveLine} data-testid="live-score">
      {text}
    </div>
  ) : null
}

function fieldText(match: Match): string {
  const n = match.teams.length
  return match.sport_slug === 'f1' ? `${n} teams on the grid` : `${n} squads in the lobby`
}

function timeText(date: Date): string {
  return formatDateTime(date.getTime())
}
