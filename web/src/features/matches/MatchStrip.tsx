import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { TeamBadge } from '../../components/TeamBadge'
import { countdownText, useServerNow } from '../../lib/use-now'
import { type Match, matchName } from './api'
import styles from './matches.module.css'

/**
 * When a match is: a countdown before the start (on the server's clock, at its speed), LIVE
 * while it is played, the result after. When the countdown runs out the match and the lists
 * showing it are fetched again: the server has locked it.
 */
export function MatchState({ match, status }: { match: Match; status?: Match['match_status'] | null }) {
  const now = useServerNow()
  const client = useQueryClient()
  const state = status ?? match.match_status
  const started = match.event_time_in_millis <= now
  const due = started && state === 'upcoming'
  useEffect(() => {
    if (!due) return
    void client.invalidateQueries({ queryKey: ['match', match.id] }, { cancelRefetch: false })
    void client.invalidateQueries({ queryKey: ['contests'] }, { cancelRefetch: false })
  }, [due, client, match.id])
  if (state === 'live') return <span className={styles.livePill}>LIVE</span>
  if (state === 'completed') return <span className={styles.donePill}>COMPLETED</span>
  if (state === 'abandoned') return <span className={styles.donePill}>ABANDONED</span>
  const left = match.event_time_in_millis - now
  if (left <= 0) return <span className={styles.lockedPill}>LOCKED</span>
  return (
    <span className={styles.countdown} data-testid="countdown">
      {countdownText(left)}
    </span>
  )
}

/**
 * The match at the top of a match page: both sides (or the title for races and battle
 * royales), series and stage, and the countdown or live state. Links to the contests.
 */
export function MatchStrip({
  match,
  status,
  link = true,
}: {
  match: Match
  status?: Match['match_status'] | null
  link?: boolean
}) {
  const body =
    !match.team1 || !match.team2 ? (
      <>
        <div className={styles.stripTitle}>
          <strong>{matchName(match)}</strong>
          <span className={styles.stripSeries}>
            {match.series.short_name} · {match.match_stage} · {match.teams.length} sides
          </span>
        </div>
        <div className={styles.stripState}>
          <MatchState match={match} status={status} />
        </div>
      </>
    ) : (
      <>
        <div className={styles.stripSide}>
          {match.team1 ? <TeamBadge team={match.team1} size={34} /> : null}
          <strong>{match.team1 ? match.team1.name_attr : matchName(match)}</strong>
        </div>
        <div className={styles.stripMid}>
          <MatchState match={match} status={status} />
          <span className={styles.stripSeries}>
            {match.series.short_name} · {match.match_stage}
          </span>
        </div>
        <div className={`${styles.stripSide} ${styles.stripRight}`}>
          {match.team2 ? (
            <>
              <strong>{match.team2.name_attr}</strong>
              <TeamBadge team={match.team2} size={34} />
            </>
          ) : (
            <span className={styles.stripSeries}>{match.teams.length} sides</span>
          )}
        </div>
      </>
    )
  const className = match.team1 && match.team2 ? styles.strip : `${styles.strip} ${styles.stripField}`
  return link ? (
    <Link to={`/matches/${match.id}/contests`} className={className} data-testid="match-strip">
      {body}
    </Link>
  ) : (
    <div className={className} data-testid="match-strip">
      {body}
    </div>
  )
}
