import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useParams } from 'react-router'
import { isEsportsContestId } from '../../../../../server/domain/esports/rules'
import { Loading } from '../../../components/Common'
import { JoinQr } from '../../../components/JoinQr'
import { NotFoundPage } from '../../../components/NotFoundPage'
import styles from '../../../components/projector.module.css'
import { ApiError } from '../../../lib/api'
import { formatNumber } from '../../../lib/format'
import { usePageTitle } from '../../../lib/page-title'
import { useAnonymousParam } from '../../../lib/use-anonymous'
import { type Match, matchQuery, ScoreStrip, useMatchLive } from '../../matches'
import type { Contest } from '../api'
import { contestQuery, membersQuery } from '../contest-api'
import { boardRows } from '../leaderboard-rows'
import { type ContestLive, useContestLive } from '../live'

/** How many entries the board shows unless `?top=` says (1 to 50). */
const DEFAULT_TOP = 10

/**
 * `/contests/:id/board`: a daily contest for a projector — the match's score strip, the
 * leaderboard's top entries live over /cable (ContestChannel, as the contest's own page), and
 * the QR code and invite code while a private contest can still be joined. `?anonymous=1` (or
 * the A key) shows entries as "Entry N" (the entry's id). A contest the caller may not see is
 * the 404 page, as everywhere.
 */
export function ContestBoardPage() {
  const id = Number(useParams().id)
  const esports = isEsportsContestId(id)
  const contest = useQuery({ ...contestQuery(id), enabled: !esports, meta: { silent: true } })
  const match = useQuery({ ...matchQuery(contest.data?.match_id ?? 0), enabled: Boolean(contest.data) })
  const live = useContestLive(id, Boolean(contest.data))
  usePageTitle(contest.data ? `${contest.data.name} · board` : 'Contest board')
  if (esports) return <NotFoundPage />
  if (contest.error instanceof ApiError && contest.error.status === 404) return <NotFoundPage />
  if (contest.isError || match.isError)
    return (
      <div className={styles.board} data-testid="board-error">
        <p className={styles.notice}>{(contest.error ?? match.error)?.message}</p>
      </div>
    )
  if (!contest.data || !match.data) return <Loading />
  return <Board contest={contest.data} match={match.data} live={live} />
}

/** `?anonymous=1` with its A key, and `?top=N`. */
function useBoardParams() {
  const { anonymous, toggle, search } = useAnonymousParam()
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.ctrlKey && !e.metaKey && !e.altKey && e.key.toLowerCase() === 'a') toggle()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [toggle])
  const top = Number(search.get('top'))
  return {
    anonymous,
    top: Number.isInteger(top) && top >= 1 && top <= 50 ? top : DEFAULT_TOP,
  }
}

function Board({ contest, match, live }: { contest: Contest; match: Match; live: ContestLive }) {
  const { anonymous, top } = useBoardParams()
  const matchOver = match.match_status === 'completed' || match.match_status === 'abandoned'
  const matchLive = useMatchLive(match.id, !matchOver)
  const members = useQuery(membersQuery(contest.id, 1))
  // Before the start the pushes carry only the count: a new count brings the new names.
  const client = useQueryClient()
  const count = live.membersCount
  useEffect(() => {
    if (count !== null) void client.invalidateQueries({ queryKey: ['contest', contest.id, 'members'] })
  }, [client, contest.id, count])
  const rows = members.data ? boardRows(members.data, live, 1).rows.slice(0, top) : []
  const joinable =
    contest.is_private && contest.invite_link && contest.contest_status === 'open' && contest.spots_left > 0
  const started = match.locked
  return (
    <div className={styles.board} data-testid="contest-board" data-anonymous={anonymous}>
      <header className={styles.head}>
        <h1>{contest.name}</h1>
        <span className={styles.phase} data-testid="board-phase">
          {contest.contest_status === 'open'
            ? 'Open'
            : match.match_status === 'live'
              ? 'Live'
              : contest.contest_status}
        </span>
        <span className={styles.counts}>
          {formatNumber(live.membersCount ?? contest.members_count)} teams · {contest.match_title}
        </span>
        {live.connected ? null : <span className={styles.offline}>Connecting…</span>}
      </header>
      <main className={joinable ? styles.main : styles.mainWide}>
        <div className={styles.left}>
          <div className={styles.strip}>
            <ScoreStrip matchId={match.id} live={matchLive} />
          </div>
          <section className={styles.bids} data-testid="contest-board-top">
            <h2>{started ? `Top ${top}` : 'Joined so far'}</h2>
            {members.isPending ? <Loading /> : null}
            {members.isSuccess && rows.length === 0 ? (
              <p className={styles.muted}>Nobody has joined yet</p>
            ) : null}
            <ol>
              {rows.map((r) => (
                <li key={r.member_id} data-testid="contest-board-row" data-member-id={r.member_id}>
                  <span className={styles.bidder}>
                    {started && r.rank !== null ? `${r.rank}. ` : ''}
                    {anonymous ? `Entry ${r.member_id}` : `${r.name}${r.team_no ? ` (T${r.team_no})` : ''}`}
                  </span>
                  <strong className={styles.amount}>{started ? formatNumber(r.points) : ''}</strong>
                </li>
              ))}
            </ol>
          </section>
        </div>
        <div className={styles.right}>
          {joinable && contest.invite_link ? (
            <JoinQr url={`${window.location.origin}${contest.invite_link}`} code={contest.invite_code} />
          ) : null}
        </div>
      </main>
      <footer className={styles.foot}>
        <span data-testid="board-keys">A {anonymous ? 'show names' : 'hide names'}</span>
      </footer>
    </div>
  )
}
