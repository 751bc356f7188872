import { Button } from '../../../components/Button'
import { Card } from '../../../components/Common'
import { formatMoney } from '../../../lib/format'
import { useMe } from '../../../lib/me'
import type { EsportsResults } from './api'
import styles from './results.module.css'

/** 1st, 2nd, 3rd, 4th… for a rank or a placement. */
export const ordinal = (n: number) => {
  const t = n % 100
  return `${n}${t >= 11 && t <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th'}`
}

export function Standings({
  results,
  onCorrect,
  onDispute,
}: {
  results: EsportsResults
  onCorrect: () => void
  onDispute: () => void
}) {
  const latest = results.versions[0]
  return (
    <Card>
      <MyResult results={results} />
      <div className={styles.head}>
        <h2 className={styles.h2}>Standings</h2>
        <span className={styles.meta} data-testid="results-version">
          Version {results.version} ·{' '}
          {results.source === 'simulator'
            ? 'drawn by the simulator'
            : `entered by ${latest?.entered_by.username ?? results.source}`}
        </span>
      </div>
      {results.note ? <p className={styles.note}>{results.note}</p> : null}
      <StandingsTable results={results} />
      <div className={styles.actions}>
        {results.can_correct ? (
          <Button variant="secondary" onClick={onCorrect} data-testid="correct-results">
            Correct the results
          </Button>
        ) : null}
        {results.can_dispute ? (
          <Button variant="ghost" onClick={onDispute} data-testid="dispute-results">
            Dispute
          </Button>
        ) : null}
      </div>
    </Card>
  )
}

/** My squad's rank and (when I played) my share of its prize. */
function MyResult({ results }: { results: EsportsResults }) {
  const me = useMe()
  const myRow = results.standings.find((row) => row.squad.id === results.my_squad_id)
  const myShare = myRow?.members.find((m) => m.user.id === me.data?.id)
  if (!myRow) return null
  return (
    <p className={styles.myResult} data-testid="my-result">
      Your squad {myRow.squad.name} ranked <strong>{ordinal(myRow.rank)}</strong>
      {myShare ? (
        <>
          {' '}
          · your winnings <strong data-testid="my-winnings">{formatMoney(myShare.prize)}</strong>
          {myShare.prize > 0 ? ' (in your winnings balance)' : ''}
        </>
      ) : null}
    </p>
  )
}

/** Every squad's rank, placement, kills, points and prize; mine marked. */
function StandingsTable({ results }: { results: EsportsResults }) {
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid="standings">
        <thead>
          <tr>
            <th>Rank</th>
            <th>Squad</th>
            <th>Place</th>
            <th>Kills</th>
            <th>Pts</th>
            <th>Prize</th>
          </tr>
        </thead>
        <tbody>
          {results.standings.map((row) => {
            const mine = row.squad.id === results.my_squad_id
            return (
              <tr
                key={row.squad.id}
                className={mine ? styles.mine : undefined}
                data-testid="standing"
                data-mine={mine || undefined}
              >
                <td>{row.rank}</td>
                <td>
                  <div className={styles.squad}>{row.squad.name}</div>
                  <div className={styles.players}>{row.members.map((m) => m.user.username).join(', ')}</div>
                </td>
                <td>{ordinal(row.placement)}</td>
                <td>{row.kills}</td>
                <td>{row.points}</td>
                <td>{formatMoney(row.prize)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
