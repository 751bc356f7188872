import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { Avatar, EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { Pager } from '../../components/Pager'
import { formatMoney, formatNumber } from '../../lib/format'
import { membersQuery } from './api'
import { useContest } from './contest-context'
import board from './leaderboard.module.css'
import { boardRows, type Row } from './leaderboard-rows'
import owner from './owner.module.css'
import page from './pages.module.css'
import { RankAnnouncer } from './RankAnnouncer'
import { canRemoveMembers, RemoveMembersBar, type RemoveSelection, useRemoveSelection } from './RemoveMembers'

const HIDDEN_UNTIL_START = 'Teams and points are revealed when the match starts.'

/**
 * `/contests/:id/members`: the leaderboard. While the match is live the top entries come
 * over /cable with every ball and the viewer's own entries stay pinned on top with their
 * rank and points; the rest of the page is the server's, paged.
 */
export function LeaderboardTab() {
  const { contest, match, live } = useContest()
  const [pageNo, setPageNo] = useState(1)
  const selection = useRemoveSelection()
  const isLive = match.match_status === 'live'
  const topSize = live.top?.length ?? 0
  const members = useQuery({
    ...membersQuery(contest.id, pageNo),
    // Only rows below the pushed top can go stale; refresh them now and then.
    refetchInterval: isLive && contest.members_count > topSize ? 20_000 : false,
  })
  if (members.isPending) return <Loading />
  if (members.isError) return <Alert>{members.error.message}</Alert>
  const data = members.data
  const { rows, mine } = boardRows(data, live, pageNo)
  const started = match.locked
  const removable = canRemoveMembers(contest, started)
  const select = removable && selection.on ? selection : undefined

  return (
    <div data-testid="leaderboard">
      <RankAnnouncer entries={mine} />
      {!started ? <p className={page.hint}>{HIDDEN_UNTIL_START}</p> : null}
      {mine.length > 0 ? (
        <section className={board.mineBlock} aria-label="Your entries">
          <ul className={board.board} data-testid="my-entries">
            {mine.map((r) => (
              <BoardRow key={r.member_id} row={r} matchId={match.id} started={started} />
            ))}
          </ul>
        </section>
      ) : null}
      {removable && rows.some((r) => !r.mine) ? (
        <RemoveMembersBar contest={contest} selection={selection} />
      ) : null}
      {rows.length === 0 ? (
        <EmptyState title="No one has joined yet">Be the first: the spots fill up fast.</EmptyState>
      ) : (
        <>
          <div className={board.boardHead}>
            <span>
              {formatNumber(contest.members_count)} team{contest.members_count === 1 ? '' : 's'}
            </span>
            <span>{started ? 'Points' : ''}</span>
            <span>{started ? 'Rank' : ''}</span>
          </div>
          <ul className={board.board} data-testid="board">
            {rows.map((r) => (
              <BoardRow
                key={r.member_id}
                row={r}
                matchId={match.id}
                started={started}
                compare={started && mine.length > 0 && !r.mine ? contest.id : null}
                select={r.mine ? undefined : select}
              />
            ))}
          </ul>
        </>
      )}
      <Pager page={pageNo} totalPages={data.meta.total_pages} onPage={setPageNo} className={board.pager} />
    </div>
  )
}

function BoardRow({
  row,
  matchId,
  started,
  compare,
  select,
}: {
  row: Row
  matchId: number
  started: boolean
  compare?: number | null
  /** The owner picking entries to remove (before the lock): a checkbox instead of a link. */
  select?: RemoveSelection
}) {
  const canView = started || row.mine
  const body = <RowBody row={row} started={started} />
  return (
    <li
      className={row.mine ? `${board.boardRow} ${board.boardMine}` : board.boardRow}
      data-testid="board-row"
      data-member-id={row.member_id}
    >
      {select ? (
        <label className={`${board.boardLink} ${owner.pickRow}`}>
          <span className={owner.removeCheck}>
            <input
              type="checkbox"
              checked={select.picked.has(row.member_id)}
              onChange={() => select.toggle(row.member_id)}
              aria-label={`Remove ${row.name}`}
              data-testid="remove-check"
            />
          </span>
          {body}
        </label>
      ) : canView ? (
        <Link to={`/matches/${matchId}/viewteam/${row.user_team_id}`} className={board.boardLink}>
          {body}
        </Link>
      ) : (
        <div className={board.boardLink}>{body}</div>
      )}
      {compare ? (
        <Link
          to={`/contests/${compare}/compare/member?member_id=${row.member_id}`}
          className={board.compareLink}
          aria-label={`Compare with ${row.name}`}
        >
          VS
        </Link>
      ) : null}
    </li>
  )
}

/** Who, their team and prize, their points and rank (once the match has started). */
function RowBody({ row, started }: { row: Row; started: boolean }) {
  return (
    <>
      <Avatar src={row.image} name={row.name} size={34} />
      <span className={board.boardName}>
        <strong>{row.name}</strong>
        <span>
          {row.team_no ? `T${row.team_no}` : ''}
          {row.prize > 0 ? <em className={board.won}> Won {formatMoney(row.prize)}</em> : null}
          {row.refunded ? <em className={board.refunded}> Refunded</em> : null}
        </span>
      </span>
      <span className={board.boardPoints} data-testid="row-points">
        {started ? formatNumber(row.points) : ''}
      </span>
      <span className={board.boardRank} data-testid="row-rank">
        {started && row.rank !== null ? `#${formatNumber(row.rank)}` : '—'}
      </span>
    </>
  )
}
