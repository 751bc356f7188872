import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { usePageTitle } from '../../lib/page-title'
import { useAuction } from './AuctionLayout'
import { Swatch } from './bits'
import scores from './scores.module.css'
import { leaderboardQuery } from './scores-api'

/** `/auctions/:id/leaderboard`: franchises by the points their squads scored in completed matches. */
export function LeaderboardPage() {
  usePageTitle('Leaderboard', 'Auction')
  const { auction, me } = useAuction()
  const board = useQuery(leaderboardQuery(auction.id))
  if (board.isPending) return <Loading />
  if (board.isError) return <Alert>{board.error.message}</Alert>
  const played = board.data.some((row) => row.matches > 0)
  if (!played)
    return (
      <div data-testid="leaderboard-page">
        <EmptyState title="No points yet">
          <p>Points arrive when the auction's matches are played.</p>
        </EmptyState>
      </div>
    )
  return (
    <div data-testid="leaderboard-page">
      <div className={scores.boardHead} aria-hidden="true">
        <span>#</span>
        <span>Franchise</span>
        <span>Matches</span>
        <span>Points</span>
      </div>
      <ol className={scores.board} data-testid="leaderboard">
        {board.data.map((row) => (
          <li key={row.manager_id}>
            <Link
              to={`/auction/managers/${row.manager_id}`}
              className={scores.boardRow}
              data-testid="leaderboard-row"
              data-manager-id={row.manager_id}
              data-mine={row.manager_id === me?.id}
            >
              <span className={scores.rank}>{row.rank}</span>
              <span className={scores.who}>
                <Swatch hex={row.manager?.color_hex} />
                <span>
                  <strong>{row.manager?.franchise_name ?? `Franchise ${row.manager_id}`}</strong>
                  <em>
                    {row.manager?.is_bot ? 'bot' : `@${row.manager?.user.username ?? '—'}`}
                    {row.manager_id === me?.id ? ' · you' : ''}
                  </em>
                </span>
              </span>
              <span>{row.matches}</span>
              <strong className={scores.points} data-testid="leaderboard-points">
                {formatPoints(row.points)}
              </strong>
            </Link>
          </li>
        ))}
      </ol>
    </div>
  )
}

/** Fantasy points come in halves and tenths: at most one decimal. */
export function formatPoints(points: number): string {
  return (Math.round(points * 10) / 10).toLocaleString('en-IN')
}
