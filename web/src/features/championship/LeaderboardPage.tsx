import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { Avatar, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { Pager } from '../../components/Pager'
import { formatNumber } from '../../lib/format'
import { type BoardTeam, type Leaderboard, leaderboardQuery, phaseQuery } from './api'
import styles from './championship.module.css'
import { type PhaseLive, usePhaseLive } from './live'

/**
 * `/championship/phases/:phase_id/leaderboard`: every team of the phase by score, with the
 * transfers it used (paid/free, as the original's SUBS column). While a match is being
 * played the top of the board and my team's row move over /cable, without a reload.
 */
export function PhaseLeaderboardPage() {
  const phaseId = Number(useParams().phase_id)
  const [pageNo, setPageNo] = useState(1)
  const phase = useQuery(phaseQuery(phaseId))
  const board = useQuery(leaderboardQuery(phaseId, pageNo))
  const live = usePhaseLive(phaseId, Boolean(phase.data))
  if (phase.isPending || board.isPending) return <Loading />
  if (phase.isError) return <Alert>{phase.error.message}</Alert>
  if (board.isError) return <Alert>{board.error.message}</Alert>
  const data = board.data
  const { rows, mine } = withLive(data, live, pageNo === 1, phaseId)
  const p = phase.data
  return (
    <div data-testid="phase-leaderboard">
      <PageHead
        title={`${p.name} leaderboard`}
        subtitle={
          <>
            {p.series.name} · {formatNumber(p.matches_completed)}/{formatNumber(p.matches_count)} matches{' '}
            <span
              className={live.connected ? styles.liveOn : styles.liveOff}
              data-testid="live-indicator"
              data-connected={live.connected}
              data-updates={live.updates}
            >
              {live.connected ? '● live' : '○ offline'}
            </span>
          </>
        }
        actions={
          <ButtonLink to="/championship" variant="ghost" small>
            All phases
          </ButtonLink>
        }
      />
      {mine ? (
        <ul className={styles.board} data-testid="my-board-row" aria-label="Your team">
          <BoardRow team={mine} mine />
        </ul>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState title="No teams yet">
          Be the first: <Link to={`/championship/phases/${phaseId}/create-team`}>create your team</Link>.
        </EmptyState>
      ) : (
        <>
          <div className={styles.boardHead} aria-hidden="true">
            <span>Team</span>
            <span>Subs</span>
            <span>Points</span>
            <span>Rank</span>
          </div>
          <ul className={styles.board} data-testid="board">
            {rows.map((t) => (
              <BoardRow key={t.id} team={t} mine={t.id === mine?.id} />
            ))}
          </ul>
        </>
      )}
      <Pager page={pageNo} totalPages={data.meta.total_pages} onPage={setPageNo} />
    </div>
  )
}

/** The fetched page with what /cable pushed: the live top (on page 1) and my team's live score and rank. */
function withLive(data: Leaderboard, live: PhaseLive, firstPage: boolean, phaseId: number) {
  // The pushed top carries score and rank; the transfers used come from the fetched rows.
  const fetched = new Map(data.classic_teams.map((t) => [t.id, t]))
  const pushed: BoardTeam[] =
    firstPage && live.top
      ? live.top.map((t) => ({
          sum_free_sub_used: 0,
          sum_paid_sub_used: 0,
          series_phase_id: phaseId,
          ...fetched.get(t.classic_team_id),
          id: t.classic_team_id,
          score: t.score,
          rank: t.rank,
          user: t.user,
        }))
      : []
  const pushedIds = new Set(pushed.map((t) => t.id))
  const rows = [...pushed, ...data.classic_teams.filter((t) => !pushedIds.has(t.id))]
  const fetchedMine = data.current_user_classic_team
  const mine =
    fetchedMine && live.mine?.classic_team_id === fetchedMine.id
      ? { ...fetchedMine, score: live.mine.score, rank: live.mine.rank }
      : fetchedMine
  return { rows, mine }
}

function BoardRow({ team, mine }: { team: BoardTeam; mine: boolean }) {
  const name = team.user?.team_name ?? `Team ${team.id}`
  return (
    <li
      className={mine ? `${styles.boardRow} ${styles.boardMine}` : styles.boardRow}
      data-testid="board-row"
      data-team-id={team.id}
    >
      <Link to={`/championship/teams/${team.id}`} className={styles.boardLink}>
        <Avatar src={team.user?.image} name={name} size={32} />
        <strong className={styles.boardName}>{name}</strong>
        <span className={styles.subs} title="Paid / free transfers used">
          <b className={styles.paid}>{team.sum_paid_sub_used ?? 0}</b>/
          <b className={styles.free}>{team.sum_free_sub_used ?? 0}</b>
        </span>
        <span className={styles.points} data-testid="row-points">
          {formatNumber(team.score)}
        </span>
        <span className={styles.rank} data-testid="row-rank">
          {team.rank ? `#${formatNumber(team.rank)}` : '—'}
        </span>
      </Link>
    </li>
  )
}
