import type { BattleRoyaleSummary, CricketSummary } from '../../../../server/domain/scoring/types'
import { formatNumber } from '../../lib/format'
import type { Match, MatchSummary } from './api'
import styles from './score-strip.module.css'

type Names = ReadonlyMap<number, string>

/** The score of any sport in a line or two: innings, goals and minute, lap, zone (`over`: no one at the crease). */
export function ScoreLine({
  match,
  summary,
  names,
  over = false,
}: {
  match: Match
  summary: MatchSummary
  names: Names
  over?: boolean
}) {
  const name = (id: number | null | undefined) => (id ? (names.get(id) ?? `#${id}`) : '—')
  switch (summary.family) {
    case 'cricket':
      return (
        <Cricket match={match} s={over ? { ...summary, batters: [], bowler: null } : summary} name={name} />
      )
    case 'football':
      return (
        <p className={styles.line} data-testid="strip-score">
          <strong>
            {match.team1?.name_attr} {summary.score[String(match.team1?.id)] ?? 0} –{' '}
            {summary.score[String(match.team2?.id)] ?? 0} {match.team2?.name_attr}
          </strong>
          <span className={styles.muted}>{summary.full_time ? 'Full time' : `${summary.minute}′`}</span>
        </p>
      )
    case 'race':
      return (
        <p className={styles.line} data-testid="strip-score">
          <strong>
            {summary.finished ? 'Finished' : `Lap ${summary.lap}${summary.laps ? `/${summary.laps}` : ''}`}
          </strong>
          {summary.leader_id ? <span>Leader {name(summary.leader_id)}</span> : null}
        </p>
      )
    case 'battle_royale':
      return <Royale match={match} s={summary} />
  }
}

function Cricket({
  match,
  s,
  name,
}: {
  match: Match
  s: CricketSummary
  name: (id: number | null) => string
}) {
  const side = (id: number | null) => match.teams.find((t) => t.id === id)?.name_attr ?? 'Team'
  const current = s.innings.at(-1)
  const earlier = s.innings.slice(0, -1)
  const striker = s.batters
  return (
    <>
      <p className={styles.line}>
        {current ? (
          <strong data-testid="strip-score">
            {side(current.team_id)} {current.runs}/{current.wickets}{' '}
            <span className={styles.overs}>({current.overs} ov)</span>
          </strong>
        ) : null}
        {earlier.map((inn) => (
          <span key={inn.innings} className={styles.muted}>
            {side(inn.team_id)} {inn.runs}/{inn.wickets}
          </span>
        ))}
      </p>
      {striker.length > 0 || s.bowler ? (
        <p className={styles.crease} data-testid="strip-crease">
          {striker.map((b) => (
            <span key={b.player_id}>
              {name(b.player_id)}
              {b.on_strike ? '*' : ''} {b.runs} ({b.balls})
            </span>
          ))}
          {s.bowler ? (
            <span className={styles.bowler}>
              {name(s.bowler.player_id)} {s.bowler.wickets}/{s.bowler.runs} ({s.bowler.overs})
            </span>
          ) : null}
        </p>
      ) : null}
    </>
  )
}

function Royale({ match, s }: { match: Match; s: BattleRoyaleSummary }) {
  const winner = s.winner_id ? match.teams.find((t) => t.id === s.winner_id)?.name : null
  return (
    <p className={styles.line} data-testid="strip-score">
      <strong>{winner ? `Winner ${winner}` : `Zone ${s.zone}`}</strong>
      <span>
        {formatNumber(s.teams_alive)} squad{s.teams_alive === 1 ? '' : 's'} alive
      </span>
    </p>
  )
}
