import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, Navigate, useParams } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatMoney, formatNumber } from '../../lib/format'
import {
  classicTeamQuery,
  historyQuery,
  matchLabel,
  type NamedPlayer,
  phasesQuery,
  type ScoreRow,
  scoreRowQuery,
  scoresForDisplay,
} from './api'
import styles from './championship.module.css'

/** `/championship/teams/:team_id?/history`; without a team, my team of the latest phase I play. */
export function HistoryPage() {
  const param = useParams().team_id
  const teamId = param && /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null
  const phases = useQuery({ ...phasesQuery(), enabled: teamId === null })
  if (teamId !== null) return <History teamId={teamId} />
  if (phases.isPending) return <Loading />
  if (phases.isError) return <Alert>{phases.error.message}</Alert>
  const mine = [...phases.data].reverse().find((p) => p.current_user_classic_team)
  if (!mine?.current_user_classic_team)
    return (
      <EmptyState title="No championship team yet">
        <Link to="/championship">Build one for a phase</Link> and its history appears here match by match.
      </EmptyState>
    )
  return <Navigate to={`/championship/teams/${mine.current_user_classic_team.id}/history`} replace />
}

/**
 * One row per match the team played: its score, captain and vice-captain, transfers used
 * (paid/free, and what the paid ones cost) and the players in and out at that match's lock.
 * A row opens to its players' scores (the captain's doubled and the vice-captain's ×1.5, as
 * they counted).
 */
function History({ teamId }: { teamId: number }) {
  const team = useQuery(classicTeamQuery(teamId))
  const rows = useQuery(historyQuery(teamId))
  const [open, setOpen] = useState<number | null>(null)
  if (rows.isPending || team.isPending) return <Loading />
  if (rows.isError) return <Alert>{rows.error.message}</Alert>
  if (team.isError) return <Alert>{team.error.message}</Alert>
  const names = new Map<number, string>()
  for (const p of team.data.team_players) names.set(p.id, p.display_name || p.name)
  for (const r of rows.data) for (const p of [...r.player_in, ...r.player_out]) names.set(p.id, p.name)
  const nameOf = (id: number | undefined) => (id ? (names.get(id) ?? `#${id}`) : '—')
  return (
    <div data-testid="classic-history">
      <PageHead
        title="Team history"
        subtitle={`${team.data.user?.team_name ?? 'Championship team'} · ${formatNumber(team.data.score)} points`}
        actions={
          <ButtonLink to={`/championship/teams/${teamId}`} variant="ghost" small>
            View team
          </ButtonLink>
        }
      />
      {rows.data.length === 0 ? (
        <EmptyState title="No matches played yet">
          Each match this team plays adds a row here: its score, captain and the transfers made before it.
        </EmptyState>
      ) : (
        <ol className={styles.history}>
          <li className={styles.historyLegend} aria-hidden="true">
            <span>Match · C / VC</span>
            <span>Subs</span>
            <span>Points</span>
          </li>
          {rows.data.map((r) => (
            <li key={r.id} className={styles.historyRow} data-testid="history-row" data-match-id={r.match.id}>
              <button
                type="button"
                className={styles.historyHead}
                aria-expanded={open === r.id}
                onClick={() => setOpen(open === r.id ? null : r.id)}
              >
                <span className={styles.historyMatch}>
                  <strong>{matchLabel(r.match)}</strong>
                  <span>
                    C {nameOf(r.captain?.id)} · VC {nameOf(r.vice_captain?.id)}
                  </span>
                </span>
                <span className={styles.subs} title="Paid / free transfers used" data-testid="history-subs">
                  <b className={styles.paid}>{r.paid_sub_used}</b>/
                  <b className={styles.free}>{r.free_sub_used}</b>
                </span>
                <strong className={r.score < 0 ? styles.negative : styles.points} data-testid="history-score">
                  {formatNumber(r.score)}
                </strong>
              </button>
              <Changes label="In" players={r.player_in} testId="player-in" />
              <Changes label="Out" players={r.player_out} testId="player-out" />
              {r.paid_charged > 0 ? (
                <p className={styles.muted}>Paid transfers charged: {formatMoney(r.paid_charged)}</p>
              ) : null}
              {open === r.id ? <ScoreDetail row={r} /> : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

function Changes({ label, players, testId }: { label: string; players: NamedPlayer[]; testId: string }) {
  if (players.length === 0) return null
  return (
    <p className={label === 'In' ? styles.changeIn : styles.changeOut} data-testid={testId}>
      <span>{label}</span> {players.map((p) => p.name).join(', ')}
    </p>
  )
}

function ScoreDetail({ row }: { row: ScoreRow }) {
  const detail = useQuery(scoreRowQuery(row.id))
  if (detail.isPending) return <Loading />
  if (detail.isError) return <Alert>{detail.error.message}</Alert>
  const c = detail.data.captain?.id
  const vc = detail.data.vice_captain?.id
  const shownScores = scoresForDisplay(detail.data.players_scores, row.score, c, vc)
  return (
    <ul className={styles.scores} data-testid="players-scores">
      {shownScores.map((p) => {
        const shown = p.score
        return (
          <li key={p.id} data-testid="player-score" data-player-id={p.id}>
            <span>
              {p.name}
              {p.id === c ? <em className={styles.cTag}>C</em> : null}
              {p.id === vc ? <em className={styles.vcTag}>VC</em> : null}
            </span>
            <strong className={shown < 0 ? styles.negative : undefined}>{formatNumber(shown)}</strong>
          </li>
        )
      })}
    </ul>
  )
}
