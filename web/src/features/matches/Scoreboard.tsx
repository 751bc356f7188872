import type {
  BattleRoyaleSummary,
  CricketSummary,
  FootballSummary,
  RaceSummary,
} from '../../../../server/domain/scoring/types'
import { formatNumber } from '../../lib/format'
import type { Match, MatchSummary } from './api'
import type { MatchEvent } from './live'
import styles from './matches.module.css'

interface Props {
  match: Match
  /** The state as last heard (live pushes are ahead of the fetched match). */
  status?: Match['match_status']
  summary: MatchSummary | null
  /** Player id → short name. */
  names: ReadonlyMap<number, string>
  recent?: MatchEvent[]
}

/**
 * What stands in for the score before there is one. A match that ended without any event
 * was played before the league was set up (the seeded history has results, not scorecards).
 */
const EMPTY_BOARD: Record<Match['match_status'], string> = {
  upcoming: 'The score appears here once the match starts.',
  live: 'Waiting for the first ball, kick-off or lap.',
  completed: 'No scorecard was kept for this match: only its result is known.',
  abandoned: 'The match was abandoned before a ball was played.',
}

/** The live score in the shape of the sport: innings, score and minute, laps, zones. */
export function Scoreboard({ match, status = match.match_status, summary, names, recent = [] }: Props) {
  if (!summary)
    return (
      <div className={styles.board} data-testid="scoreboard">
        <p className={styles.boardEmpty}>{EMPTY_BOARD[status]}</p>
      </div>
    )
  const side = (id: number | null | undefined) => match.teams.find((t) => t.id === id)
  const name = (id: number | null | undefined) => (id ? (names.get(id) ?? `#${id}`) : '—')
  return (
    <div className={styles.board} data-testid="scoreboard">
      {summary.family === 'cricket' ? <Cricket s={summary} side={side} name={name} recent={recent} /> : null}
      {summary.family === 'football' ? <Football s={summary} match={match} /> : null}
      {summary.family === 'race' ? <Race s={summary} name={name} /> : null}
      {summary.family === 'battle_royale' ? <BattleRoyale s={summary} side={side} /> : null}
    </div>
  )
}

type SideOf = (id: number | null | undefined) => Match['teams'][number] | undefined
type NameOf = (id: number | null | undefined) => string

function Cricket({
  s,
  side,
  name,
  recent,
}: {
  s: CricketSummary
  side: SideOf
  name: NameOf
  recent: MatchEvent[]
}) {
  const current = s.innings.at(-1)
  // The deliveries of the over in progress, from the pushes seen on this page.
  const over = recent.filter(
    (e): e is Ball =>
      e.type === 'ball' && e.innings === current?.innings && String(e.over) === current?.overs.split('.')[0],
  )
  return (
    <>
      <ul className={styles.innings}>
        {s.innings.map((inn) => (
          <li key={inn.innings} className={inn === current && !inn.complete ? styles.batting : undefined}>
            <span className={styles.inningsSide}>
              {side(inn.team_id)?.name_attr ?? 'Team'}
              {inn.super_over ? ' (super over)' : ''}
            </span>
            <strong data-testid={`innings-${inn.innings}`}>
              {inn.runs}/{inn.wickets}
            </strong>
            <span className={styles.overs}>({inn.overs} ov)</span>
          </li>
        ))}
      </ul>
      {s.batters.length > 0 || s.bowler ? (
        <div className={styles.crease}>
          {s.batters.map((b) => (
            <span key={b.player_id}>
              {name(b.player_id)}
              {b.on_strike ? '*' : ''} <strong>{b.runs}</strong> ({b.balls})
            </span>
          ))}
          {s.bowler ? (
            <span className={styles.bowler}>
              {name(s.bowler.player_id)} {s.bowler.overs}-{s.bowler.maidens}-{s.bowler.runs}-
              {s.bowler.wickets}
            </span>
          ) : null}
        </div>
      ) : null}
      {over.length > 0 ? (
        <div className={styles.thisOver}>
          <span className={styles.overLabel}>This over</span>
          {over.map((e) => (
            <span key={e.seq} className={ballClass(e)}>
              {ballText(e)}
            </span>
          ))}
        </div>
      ) : null}
      {s.player_of_the_match ? (
        <p className={styles.potm}>Player of the match: {name(s.player_of_the_match)}</p>
      ) : null}
    </>
  )
}

/** A delivery as the server pushes it (server/domain/events/schema.ts). */
type Ball = Extract<MatchEvent, { type: 'ball' }>

function ballText(e: Ball): string {
  if (e.wicket) return 'W'
  const { extras } = e
  if (extras.wides) return `${extras.wides}wd`
  if (extras.noballs) return `${e.runs + extras.noballs}nb`
  const byes = extras.byes + extras.legbyes
  if (byes) return `${byes}b`
  return String(e.runs)
}

function ballClass(e: Ball): string {
  if (e.wicket) return styles.ballWicket ?? ''
  if (e.boundary) return styles.ballBoundary ?? ''
  return styles.ball ?? ''
}

function Football({ s, match }: { s: FootballSummary; match: Match }) {
  const [a, b] = [match.team1, match.team2]
  return (
    <div className={styles.football}>
      <span>{a?.name_attr}</span>
      <strong data-testid="football-score">
        {s.score[String(a?.id)] ?? 0} – {s.score[String(b?.id)] ?? 0}
      </strong>
      <span>{b?.name_attr}</span>
      <em className={styles.minute}>{s.full_time ? 'Full time' : `${s.minute}′`}</em>
    </div>
  )
}

function Race({ s, name }: { s: RaceSummary; name: NameOf }) {
  return (
    <div>
      <p className={styles.raceHead}>
        <strong data-testid="race-lap">
          {s.finished ? 'Finished' : `Lap ${s.lap}${s.laps ? ` / ${s.laps}` : ''}`}
        </strong>
        {s.leader_id ? <span>Leader: {name(s.leader_id)}</span> : null}
        {s.fastest_lap ? (
          <span>
            Fastest lap: {name(s.fastest_lap.driver_id)} (lap {s.fastest_lap.lap})
          </span>
        ) : null}
      </p>
      <ol className={styles.order}>
        {s.order.slice(0, 10).map((id) => (
          <li key={id}>{name(id)}</li>
        ))}
      </ol>
      {s.dnf.length > 0 ? <p className={styles.dnf}>DNF: {s.dnf.map((id) => name(id)).join(', ')}</p> : null}
    </div>
  )
}

function BattleRoyale({ s, side }: { s: BattleRoyaleSummary; side: SideOf }) {
  const placed = Object.entries(s.placements)
    .map(([team, place]) => ({ team: Number(team), place }))
    .sort((x, y) => x.place - y.place)
  return (
    <div>
      <p className={styles.raceHead}>
        <strong data-testid="zone">Zone {s.zone}</strong>
        <span>
          {formatNumber(s.teams_alive)} squad{s.teams_alive === 1 ? '' : 's'} alive
        </span>
        {s.winner_id ? <span>Winner: {side(s.winner_id)?.name ?? `#${s.winner_id}`}</span> : null}
      </p>
      {placed.length > 0 ? (
        <ol className={styles.placements}>
          {placed.slice(0, 8).map((p) => (
            <li key={p.team}>
              <span className={styles.place}>#{p.place}</span> {side(p.team)?.name ?? `Squad ${p.team}`}
              <em>{kills(s.kills_by_team[String(p.team)] ?? 0)}</em>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  )
}

const kills = (n: number) => `${formatNumber(n)} kill${n === 1 ? '' : 's'}`
