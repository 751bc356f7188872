import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { PageHead } from '../../components/Common'
import { MedalIcon, TrophyIcon } from '../../components/Icons'
import { Loaded } from '../../components/Loaded'
import { boardsQuery, type Leaderboard } from './api'
import styles from './leaderboards.module.css'

const DESCRIPTIONS: Record<Leaderboard['kind'], string> = {
  weekly: 'XP earned since Monday: joins, prizes and streaks',
  all_time: 'Total XP since each player signed up',
  series: 'Series points: every completed match’s Team 1 score',
}

/** `/leaderboards`: this week, all time, then a board per series with a completed match. */
export function LeaderboardsPage() {
  const boards = useQuery(boardsQuery)
  return (
    <div data-testid="leaderboards">
      <PageHead
        title="Leaderboards"
        subtitle="Earn XP by joining contests, winning prizes and playing daily"
      />
      <Loaded query={boards} empty={{ title: 'No leaderboards yet' }}>
        {(list) => (
          <div className={styles.boards}>
            {list.map((board) => (
              <Link
                key={board.id}
                to={`/leaderboards/${encodeURIComponent(board.id)}`}
                className={styles.board}
                data-testid="board-link"
                data-board-id={board.id}
              >
                <span className={styles.boardIcon} aria-hidden="true">
                  {board.kind === 'series' ? <MedalIcon /> : <TrophyIcon />}
                </span>
                <span>
                  <span className={styles.boardName}>{board.name}</span>
                  <span className={styles.boardMeta}>{DESCRIPTIONS[board.kind]}</span>
                </span>
              </Link>
            ))}
          </div>
        )}
      </Loaded>
    </div>
  )
}
