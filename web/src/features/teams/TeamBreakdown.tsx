import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatNumber } from '../../lib/format'
import { type TeamBreakdown as Breakdown, teamBreakdownQuery } from './api'
import styles from './breakdown.module.css'

const pct = (n: number | null) => (n === null ? '—' : `${formatNumber(n)}%`)

/**
 * The team's players as a list: how often each was picked, made captain and vice-captain
 * (from the start on: before, that would tell other players' picks), and their points by
 * event with the captain's or vice-captain's bonus, summing to what the team gets. Fetched
 * again whenever the match moves (`updates`: the page's live pushes).
 */
export function TeamBreakdown({
  matchId,
  teamId,
  updates,
}: {
  matchId: number
  teamId: number
  updates: number
}) {
  const client = useQueryClient()
  const query = teamBreakdownQuery(matchId, teamId)
  const breakdown = useQuery(query)
  useEffect(() => {
    if (updates > 0) void client.invalidateQueries({ queryKey: query.queryKey })
  }, [updates, client, query.queryKey])
  if (breakdown.isPending) return <Loading />
  if (breakdown.isError) return <Alert>{breakdown.error.message}</Alert>
  const b = breakdown.data
  return (
    <section className={styles.list} data-testid="team-breakdown" aria-label="Players and points">
      <p className={styles.note}>
        {b.locked
          ? `Shares of all ${formatNumber(b.teams_count ?? 0)} teams of the match.`
          : 'Selection shares appear when the match starts.'}
      </p>
      {b.players.map((p) => (
        <PlayerRow key={p.player_id} player={p} />
      ))}
    </section>
  )
}

/** One player: name and role, shares and points; opened, the points by event and their total. */
function PlayerRow({ player: p }: { player: Breakdown['players'][number] }) {
  return (
    <details className={styles.player} data-testid="breakdown-player" data-player-id={p.player_id}>
      <summary>
        <span className={styles.name}>
          {p.name}
          {p.role === 'captain' ? <em className={styles.role}>C</em> : null}
          {p.role === 'vice_captain' ? <em className={styles.role}>VC</em> : null}
        </span>
        <span className={styles.shares}>
          <span data-testid="selected-by">Sel {pct(p.selected_by)}</span>
          <span>C {pct(p.captain_by)}</span>
          <span>VC {pct(p.vice_captain_by)}</span>
        </span>
        <strong className={styles.points} data-testid="player-points">
          {formatNumber(p.points)}
        </strong>
      </summary>
      {p.lines.length === 0 ? (
        <p className={styles.note}>No points yet.</p>
      ) : (
        <table className={styles.lines}>
          <tbody>
            {p.lines.map((line) => (
              <tr key={line.rule}>
                <th scope="row">{line.label}</th>
                <td className={line.points < 0 ? styles.negative : undefined}>{formatNumber(line.points)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{formatNumber(p.points)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </details>
  )
}
