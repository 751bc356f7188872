import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { EmptyState, Loading } from '../../components/Common'
import head from '../../components/detail-head.module.css'
import { Alert } from '../../components/Field'
import { ChevronDownIcon, ChevronLeftIcon } from '../../components/Icons'
import { formatDay, formatNumber } from '../../lib/format'
import { usePageTitle } from '../../lib/page-title'
import styles from './auctions.module.css'
import { Swatch } from './bits'
import { formatPoints } from './LeaderboardPage'
import { PlayerLine } from './PlayerLine'
import scores from './scores.module.css'
import { type ManagerMatch, managerDetailQuery, managerMatchQuery, matchTitleQuery } from './scores-api'

/** `/auction/managers/:id`: a franchise's squad with prices, its rank and points, and its points per match. */
export function ManagerPage() {
  usePageTitle('Manager', 'Auction')
  const id = Number(useParams().id)
  const manager = useQuery(managerDetailQuery(id))
  if (manager.isPending) return <Loading />
  if (manager.isError) return <Alert>{manager.error.message}</Alert>
  const m = manager.data
  const squad = [...m.players].sort((a, b) => b.price - a.price)
  return (
    <div className={styles.stack} data-testid="manager-page" data-manager-id={m.id}>
      <Link to={`/auctions/${m.auction.id}/leaderboard`} className={head.back}>
        <ChevronLeftIcon width={16} height={16} /> {m.auction.name}
      </Link>
      <header className={scores.managerHead}>
        <Swatch hex={m.color_hex} size={28} />
        <div>
          <h1 data-testid="manager-name">{m.franchise_name}</h1>
          <p>{m.is_bot ? 'A bot franchise' : `@${m.user.username}`}</p>
        </div>
      </header>
      <section className={styles.facts}>
        <span>
          <em>Rank</em>
          <span data-testid="manager-rank">{m.rank ?? '—'}</span>
        </span>
        <span>
          <em>Points</em>
          <span data-testid="manager-points">{formatPoints(m.total_points)}</span>
        </span>
        <span>
          <em>Spent</em>
          {formatNumber(m.spent)}
        </span>
        <span>
          <em>Purse left</em>
          {formatNumber(m.purse_remaining)}
        </span>
      </section>

      <h2 className={styles.sectionTitle}>Squad ({squad.length})</h2>
      {squad.length === 0 ? <EmptyState title="No players bought" /> : null}
      <ul className={styles.playerList} data-testid="manager-squad">
        {squad.map((p) => (
          <li key={p.id} className={styles.playerRow} data-testid="squad-player" data-player-id={p.id}>
            <PlayerLine player={p} />
            <span className={scores.price}>{formatNumber(p.price)}</span>
          </li>
        ))}
      </ul>

      <h2 className={styles.sectionTitle}>Matches</h2>
      {m.matches.length === 0 ? (
        <p className={styles.muted}>Points arrive when the auction's matches are played.</p>
      ) : null}
      <ul className={scores.matchList} data-testid="manager-matches">
        {m.matches.map((match) => (
          <MatchRow key={match.match_id} managerId={m.id} match={match} />
        ))}
      </ul>
    </div>
  )
}

/** One completed match: its points, opening to each squad player's score. */
function MatchRow({ managerId, match }: { managerId: number; match: ManagerMatch }) {
  const [open, setOpen] = useState(false)
  const title = useQuery(matchTitleQuery(match.match_id))
  const detail = useQuery({ ...managerMatchQuery(managerId, match.match_id), enabled: open })
  const name = title.data
    ? title.data.team1 && title.data.team2
      ? `${title.data.team1.name_attr} vs ${title.data.team2.name_attr}`
      : title.data.title
    : `Match ${match.match_id}`
  return (
    <li className={scores.matchItem} data-testid="manager-match" data-match-id={match.match_id}>
      <button
        type="button"
        className={scores.matchToggle}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="match-toggle"
      >
        <span>
          <strong>{name}</strong>
          <em>
            {formatDay(match.started_at_in_millis)} · {match.squad_size} in the squad
            {match.balanced ? '' : ' · not balanced'}
          </em>
        </span>
        <strong className={scores.points} data-testid="match-points">
          {formatPoints(match.points)}
        </strong>
        <ChevronDownIcon width={18} height={18} className={scores.chevron} />
      </button>
      {open ? (
        <div className={scores.matchBody}>
          {detail.isPending ? <Loading /> : null}
          {detail.isError ? <Alert>{detail.error.message}</Alert> : null}
          {detail.data && !detail.data.balanced ? (
            <p className={scores.unbalanced}>
              The squad was not balanced when the match started, so it scored nothing.
            </p>
          ) : null}
          {detail.data?.player_scores.length === 0 ? (
            <p className={styles.muted}>Nobody in the squad when the match started.</p>
          ) : null}
          <ul className={scores.scoreList} data-testid="player-scores">
            {detail.data?.player_scores.map((s) => (
              <li
                key={s.player_id}
                data-testid="player-score"
                data-player-id={s.player_id}
                data-played={s.played}
              >
                <span>
                  {s.player?.display_name ?? `Player ${s.player_id}`}{' '}
                  <em>{s.played ? s.player?.style_label : 'did not play'}</em>
                </span>
                <strong>{formatPoints(s.total_score)}</strong>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  )
}
