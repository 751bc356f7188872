import { useQuery } from '@tanstack/react-query'
import { ballToken } from '../../../../server/domain/scoring/ball-token'
import { type Match, type MatchScore, type MatchSummary, matchName, matchQuery, scoreQuery } from './api'
import { type MatchEvent, type MatchLive, useMatchLive } from './live'
import { ScoreLine } from './ScoreLine'
import styles from './score-strip.module.css'

/** The last balls a strip shows. */
const SHOWN_BALLS = 6

export type Ball = Pick<MatchScore['recent_balls'][number], 'seq' | 'text' | 'kind'>

const startFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

/**
 * The match in one line on every page about it: the start and "lineups out" before, then the
 * score, overs, batters, bowler and the last balls (cricket; the score and minute, lap or zone
 * for the other sports), the result at the end. Follows the MatchChannel itself unless the
 * page already does and passes its `live` (two subscriptions to one channel are one too many).
 * `titled` names the match too, for a page without a match header above the strip.
 */
export function ScoreStrip({
  matchId,
  live: given,
  titled = false,
}: {
  matchId: number
  live?: MatchLive
  titled?: boolean
}) {
  const match = useQuery(matchQuery(matchId))
  const score = useQuery(scoreQuery(matchId))
  const fetched = score.data?.match_status
  const own = useMatchLive(matchId, !given && (fetched === 'upcoming' || fetched === 'live'))
  const live = given ?? own
  if (score.isPending || match.isPending)
    return <div className={styles.strip} data-testid="score-strip" aria-busy="true" />
  if (score.isError || match.isError) return null
  const s = score.data
  const status = live.status ?? s.match_status
  const summary: MatchSummary | null =
    live.summary ?? ('family' in s.summary ? (s.summary as MatchSummary) : null)
  const names = new Map(s.names.map((n) => [n.player_id, n.name]))
  const lineupsOut = s.lineups_out || live.recent.some((e) => e.type === 'lineup')
  return (
    <section
      className={styles.strip}
      data-testid="score-strip"
      data-status={status}
      aria-label={`Score, ${matchName(match.data)}`}
    >
      {titled ? <h2 className={styles.title}>{matchName(match.data)}</h2> : null}
      {status === 'upcoming' || (!summary && status === 'live') ? (
        <p className={styles.before}>
          <span>Starts {startFormat.format(new Date(s.event_time_in_millis))}</span>
          {lineupsOut ? <strong className={styles.lineups}>Lineups out</strong> : null}
        </p>
      ) : null}
      {summary ? (
        <div aria-live="polite" aria-atomic="true">
          <ScoreLine match={match.data} summary={summary} names={names} over={status !== 'live'} />
        </div>
      ) : null}
      {summary?.family === 'cricket' ? <LastBalls balls={lastBalls(s.recent_balls, live.recent)} /> : null}
      <Outcome status={status} result={s.result_text} hasScore={summary !== null} />
    </section>
  )
}

function Outcome({
  status,
  result,
  hasScore,
}: {
  status: Match['match_status']
  result: string | null
  hasScore: boolean
}) {
  if (status === 'completed')
    return (
      <p className={styles.result}>{result ?? (hasScore ? 'Match over' : 'Completed: no scorecard kept')}</p>
    )
  if (status === 'abandoned') return <p className={styles.result}>Abandoned: no points, contests refunded</p>
  return null
}

/** The fetched balls, then the ones pushed since (by seq), newest last. */
function lastBalls(fetched: MatchScore['recent_balls'], pushed: MatchEvent[]): Ball[] {
  const top = fetched.at(-1)?.seq ?? 0
  const later = pushed.flatMap((e) =>
    e.type === 'ball' && e.seq > top ? [{ seq: e.seq, ...ballToken(e) }] : [],
  )
  return [...fetched, ...later].slice(-SHOWN_BALLS)
}

function LastBalls({ balls }: { balls: Ball[] }) {
  if (balls.length === 0) return null
  return (
    <ol className={styles.balls} data-testid="last-balls" aria-label="Last balls">
      {balls.map((b) => (
        <li key={b.seq} className={styles[b.kind]}>
          {b.text}
        </li>
      ))}
    </ol>
  )
}
