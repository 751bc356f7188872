import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatNumber } from '../../lib/format'
import { contestQuery } from '../contests/contest-api'
import { leaderboardQuery, matchLabel, phaseQuery, resultsQuery } from './api'
import styles from './championship.module.css'

/** The phase a contest is played on, whichever name the contest gives it. */
function phaseIdOf(contest: object): number | null {
  const c = contest as {
    series_phase_id?: number | null
    phase_id?: number | null
    series_phase?: { id: number } | null
  }
  return c.series_phase_id ?? c.phase_id ?? c.series_phase?.id ?? null
}

/**
 * `/contests/:id/championship-stats`: for a contest played on a series phase, the phase's
 * progress, my team's score match by match and the top of the phase leaderboard.
 */
export function ContestChampionshipStatsPage() {
  const id = Number(useParams().id)
  const contest = useQuery(contestQuery(id))
  const phaseId = contest.data ? phaseIdOf(contest.data) : null
  const phase = useQuery({ ...phaseQuery(phaseId ?? 0), enabled: phaseId !== null })
  const results = useQuery({ ...resultsQuery(phaseId ?? 0), enabled: phaseId !== null })
  const board = useQuery({ ...leaderboardQuery(phaseId ?? 0, 1), enabled: phaseId !== null })
  if (contest.isPending) return <Loading />
  if (contest.isError) return <Alert>{contest.error.message}</Alert>
  if (phaseId === null)
    return (
      <div data-testid="championship-stats">
        <PageHead title="Championship stats" subtitle={contest.data.name} />
        <EmptyState title="Not a championship contest">
          This contest is for a single match. <Link to={`/contests/${id}`}>Back to the contest</Link>
        </EmptyState>
      </div>
    )
  if (phase.isPending || results.isPending || board.isPending) return <Loading />
  const error = phase.error ?? results.error ?? board.error
  if (error) return <Alert>{error.message}</Alert>
  if (!phase.data || !results.data || !board.data) return <Loading />
  const p = phase.data
  return (
    <div data-testid="championship-stats">
      <PageHead
        title="Championship stats"
        subtitle={`${contest.data.name} · ${p.name} · ${formatNumber(p.matches_completed)}/${formatNumber(p.matches_count)} matches`}
        actions={
          <ButtonLink to={`/contests/${id}`} variant="ghost" small>
            Contest
          </ButtonLink>
        }
      />
      <h2 className={styles.sectionTitle}>My team, match by match</h2>
      {results.data.length === 0 ? (
        <EmptyState title="No matches scored yet">
          Your team's points appear here after each match.
        </EmptyState>
      ) : (
        <ol className={styles.history}>
          {results.data.map((r) => (
            <li key={r.id} className={styles.historyRow}>
              <div className={styles.historyHead}>
                <span className={styles.historyMatch}>
                  <strong>{matchLabel(r.match)}</strong>
                </span>
                <span className={styles.subs}>
                  <b className={styles.paid}>{r.paid_sub_used}</b>/
                  <b className={styles.free}>{r.free_sub_used}</b>
                </span>
                <strong className={r.score < 0 ? styles.negative : styles.points}>
                  {formatNumber(r.score)}
                </strong>
              </div>
            </li>
          ))}
        </ol>
      )}
      <h2 className={styles.sectionTitle}>Top of the phase</h2>
      <ul className={styles.board}>
        {board.data.classic_teams.slice(0, 10).map((t) => (
          <li key={t.id} className={styles.boardRow}>
            <Link to={`/championship/teams/${t.id}`} className={styles.boardLink}>
              <span className={styles.rank}>{t.rank ? `#${t.rank}` : '—'}</span>
              <strong className={styles.boardName}>{t.user?.team_name ?? `Team ${t.id}`}</strong>
              <span />
              <span className={styles.points}>{formatNumber(t.score)}</span>
              <span />
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to={`/championship/phases/${p.id}/leaderboard`}>Full leaderboard</Link>
      </p>
    </div>
  )
}
