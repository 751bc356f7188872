import { useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearchParams } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { Avatar, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { Pager } from '../../components/Pager'
import { ApiError } from '../../lib/api'
import { formatNumber } from '../../lib/format'
import { type BoardRow, boardQuery, scoreLabel } from './api'
import styles from './leaderboards.module.css'

/**
 * `/leaderboards/:id`: one board, 50 a page, best first. Signed in, my row is pinned above
 * the list on every page, however far down I am (the server always sends it).
 */
export function BoardPage() {
  const id = useParams().id ?? ''
  const [search, setSearch] = useSearchParams()
  const page = Math.max(1, Number(search.get('page')) || 1)
  const board = useQuery(boardQuery(id, page))
  const back = (
    <ButtonLink to="/leaderboards" variant="ghost" small>
      All boards
    </ButtonLink>
  )
  if (board.isPending) return <Loading />
  if (board.isError)
    return board.error instanceof ApiError && board.error.status === 404 ? (
      <EmptyState title="No such leaderboard">
        <Link to="/leaderboards">See every leaderboard</Link>
      </EmptyState>
    ) : (
      <Alert>{board.error.message}</Alert>
    )
  const { leaderboard, rows, current_user_row: mine, meta } = board.data
  const unit = scoreLabel(leaderboard)
  const go = (p: number) => setSearch(p > 1 ? { page: String(p) } : {})
  return (
    <div data-testid="board-page">
      <PageHead
        title={leaderboard.name}
        subtitle={`${formatNumber(meta.total)} ${meta.total === 1 ? 'player' : 'players'} ranked`}
        actions={back}
      />
      {mine ? (
        <ul className={`${styles.list} ${styles.pinned}`} data-testid="my-board-row" aria-label="Your rank">
          <Row row={mine} unit={unit} mine />
        </ul>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState title="Nobody has scored yet">Join a contest to get on the board.</EmptyState>
      ) : (
        <>
          <div className={styles.head} aria-hidden="true">
            <span>Rank</span>
            <span>Player</span>
            <span className={styles.score}>{unit}</span>
          </div>
          <ul className={styles.list} data-testid="board-rows">
            {rows.map((row) => (
              <Row key={row.user.id} row={row} unit={unit} mine={row.user.id === mine?.user.id} />
            ))}
          </ul>
        </>
      )}
      <Pager page={page} totalPages={meta.total_pages} onPage={go} className={styles.pager} />
    </div>
  )
}

function Row({ row, unit, mine }: { row: BoardRow; unit: string; mine?: boolean }) {
  return (
    <li
      className={mine ? `${styles.row} ${styles.mine}` : styles.row}
      data-testid="board-row"
      data-slug={row.user.slug}
      data-mine={mine || undefined}
    >
      <span className={row.rank <= 3 ? `${styles.rank} ${styles.top}` : styles.rank} data-testid="row-rank">
        #{formatNumber(row.rank)}
      </span>
      <Link to={`/users/${encodeURIComponent(row.user.slug)}`} className={styles.who}>
        <Avatar src={row.user.image} name={row.user.display_name} size={36} />
        <span className={styles.names}>
          <span className={styles.name}>
            {row.user.display_name}
            {mine ? ' (you)' : ''}
          </span>
          {row.user.team_name ? <span className={styles.team}>{row.user.team_name}</span> : null}
        </span>
      </Link>
      <span className={styles.score} data-testid="row-score" title={unit}>
        {formatNumber(row.score)}
      </span>
    </li>
  )
}
